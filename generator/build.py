"""`pnp build`, orchestrated above the kit and the rulebook: check the options, load the game
folder, check and lay out its rules.md, then render the kit with the rulebook's pages after the
cover (or the rulebook alone). A build's files (the kit, the examples booklet, the PNG pages) are
moved into place together once every one of them is done and checked (`pdf.OutputSet`): a failed
build changes no file. Raises; never exits (`generator.cli` maps errors to exit codes)."""

from __future__ import annotations

import os
import signal
import sys
import time
import warnings
from pathlib import Path
from typing import Callable, Generic, NoReturn, TypeVar

from .config import find_game
from .errors import ExampleSyntaxError, UsageError
from .games.base import COMPONENTS_FILE, Game
from .pdf import OutputSet, ensure_writable, missing_glyphs, page_images, staging_folder

RULES_FILE = "rules.md"
BOOKLET_FILE = "examples.md"   # "Examples and clarifications": every checked example, beside the kit
BOOKLET = "Examples and clarifications"


def output_folder(game: Game, out: Path | str | None) -> Path:
    """`--out`, else the game folder's output/ (the current folder's for the built-in game)."""
    if out is not None:
        return check_out(out)
    return game.root / "output"


def check_out(out: Path | str) -> Path:
    """`--out X` as a path; an empty one, or an existing file there, is a usage error."""
    if not str(out).strip():
        raise UsageError(f"--out {str(out)!r}: an empty path (give a folder; . is the current one)")
    out = Path(out)
    if out.is_file():
        raise UsageError(f"--out {out}: is a file, not a folder")
    return out


def run(*, game: Path | str | None = None, out: Path | str | None = None, paper: str | None = None,
        duplex: str | None = None, back_offset: str | None = None, square: str | None = None,
        ink_saver: bool = False, png: bool = False, rules: Path | str | None = None,
        rulebook_only: bool = False, force: bool = False, showcase: bool = False,
        warn: Callable[[str], None] | None = None,
        report: Callable[[str], None] | None = None, stage: Callable[[str], None] | None = None) -> list[Path]:
    """Build the kit of the game folder `game` (default: ./components.toml, else the built-in
    game) into `out`, and beside it the examples booklet when the folder has examples.md; return
    the PDFs' paths, the kit's first. Nothing is written unless all of it succeeds. With `png`, the
    kit's pages also go to `out/png/<kit>-NN.png`, replacing that kit's earlier pages as a set
    (the pages of a longer earlier build are removed). `warn` receives the rulebook's warnings,
    `report` its measures (pages, words of prose, examples), `stage` what the build starts doing
    next."""
    from .kit.model import DUPLEX, PAPERS, load_kit, parse_offset

    warn = warn or (lambda text: print(f"warning: {text}", file=sys.stderr))
    report = report or (lambda text: None)
    stage = stage or (lambda text: None)
    if paper is not None and paper not in PAPERS:
        raise UsageError(f"--paper must be a4, letter or both, not {paper!r}")
    if duplex is not None and duplex not in DUPLEX:
        raise UsageError(f"--duplex must be long or short, not {duplex!r}")
    if back_offset is not None and duplex is None:
        raise UsageError("--back-offset only applies with --duplex long|short")
    try:
        offset = parse_offset(back_offset) if back_offset is not None else (0.0, 0.0)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    loaded = find_game(game)
    for text in loaded.warnings():
        warn(text)
    kit = load_kit(loaded, paper=paper, square=square, duplex=duplex, back_offset=offset, ink_saver=ink_saver)
    folder = output_folder(loaded, out)
    found = find_rules(loaded, Path(rules) if rules is not None else None)
    ensure_writable(folder)
    if rulebook_only:
        if found is None:
            raise UsageError(f"no {RULES_FILE} found (give one with --rules)")
        from .rulebook import build_rulebook
        stage(f"checking and laying out {found}")
        path = folder / f"{kit.slug}-rules-{kit.paper}.pdf"
        result = build_rulebook(loaded, found, path, force=force, page_size=kit.page_size)
        for text in result.warnings:
            warn(text)
        report(result.summary("rulebook"))
        return [path]
    booklet = loaded.document(BOOKLET_FILE)
    booklet_pdf = folder / f"{kit.slug}-examples-{kit.paper}.pdf"
    if rules is None and booklet is not None:  # typeset beside rules.md and the kit, committed with it
        from .rulebook import preload, typeset_rulebook

        preload(loaded)
        booklet_job = BackgroundJob(lambda: typeset_rulebook(loaded, booklet, force, kit.page_size, BOOKLET))
    else:
        booklet_job = None
    try:
        with staging_folder(folder) as staging, OutputSet() as outputs:
            if found is not None:
                stage(f"checking {found}")
            prepared = check_rules(loaded, found, force, warn)
            if prepared is not None:
                stage(f"laying out {found}")
            pages = rulebook_pages(prepared, kit, report)
            stage("drawing the kit")
            missing_glyphs()      # from an earlier build in this process (--watch)
            paths = [draw_kit(kit, pages, png, staging, folder, outputs)]
            if showcase:
                from .kit.showcase import build_showcase
                picture = build_showcase(kit, staging)
                outputs.adopt(picture, folder / picture.name)
                paths.append(folder / picture.name)
            for text in missing_glyphs():
                warn(text)
            if booklet_job is not None:
                stage(f"building {booklet}")
                result, data = booklet_job.result()
                for text in result.warnings:
                    warn(text)
                outputs.write(booklet_pdf, data)
                report(result.summary(BOOKLET.lower()))
                paths.append(booklet_pdf)
    except BaseException:
        if booklet_job is not None:
            booklet_job.cancel()
        raise
    return paths


def draw_kit(kit, pages: list, png: bool, staging: Path, folder: Path, outputs: OutputSet) -> Path:
    """Draw the kit (and its PNG pages) into `staging`, a hidden folder inside `folder`, and add
    the files to `outputs` under their names in `folder`; return the kit's final path."""
    from .kit.render import build

    drawn = build(kit, staging, png=png, extra_pages=pages)
    path = folder / drawn.name
    outputs.adopt(drawn, path)
    if png:
        for old in page_images(folder / "png", path.stem):
            outputs.retire(old)
        for image in page_images(staging / "png", path.stem):
            outputs.adopt(image, folder / "png" / image.name)
    return path


T = TypeVar("T")


class BackgroundJob(Generic[T]):
    """`work()` started beside this process: on Linux with a spare core, in a forked child (so the
    examples booklet is checked and typeset while rules.md is checked and the kit drawn); elsewhere
    it runs when its result is asked for. `result()` returns what `work` returned or raises what it raised."""

    def __init__(self, work: Callable[[], T]):
        self.work, self.pid = work, None
        if not (sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) > 1):
            return
        self.read, write = os.pipe()
        try:
            with warnings.catch_warnings():  # Python 3.12+ warns of forking beside a thread: the
                warnings.simplefilter("ignore", DeprecationWarning)  # progress timer, idle, not needed here
                self.pid = os.fork()
        except OSError:  # no process to spare: the work runs here, when asked for
            os.close(self.read)
            os.close(write)
            return
        if self.pid == 0:
            os.close(self.read)
            self._child(write)
        os.close(write)

    def _child(self, write: int) -> NoReturn:
        """Do the work, send its outcome through the pipe, and leave without returning into the
        parent's stack (no cleanup handlers, no second copy of the caller's output)."""
        import pickle

        try:
            try:
                outcome = (True, self.work())
            except KeyboardInterrupt:
                os._exit(130)
            except BaseException as exc:
                from .errors import debugging

                if debugging():
                    import traceback
                    traceback.print_exc()
                outcome = (False, exc)
            try:
                data = pickle.dumps(outcome)
            except Exception:
                data = pickle.dumps((False, RuntimeError(f"{type(outcome[1]).__name__}: {outcome[1]}")))
            with os.fdopen(write, "wb") as pipe:
                pipe.write(data)
        finally:
            os._exit(0)

    def result(self) -> T:
        if self.pid is None:
            return self.work()
        import pickle

        read, self.read = self.read, None
        with os.fdopen(read, "rb") as pipe:
            data = pipe.read()
        os.waitpid(self.pid, 0)
        self.pid = None
        if not data:
            raise RuntimeError("the background build stopped without a result")
        ok, value = pickle.loads(data)
        if not ok:
            raise value
        return value

    def cancel(self) -> None:
        """Stop the child (the caller failed), and reap it."""
        if self.pid is not None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            if self.read is not None:
                os.close(self.read)
            self.pid = None


class Stages:
    """A long build's progress: once it has run `after` seconds, each stage it starts is said on
    `say` (a short build says nothing). The clock starts at the first stage."""

    def __init__(self, say: Callable[[str], None], after: float = 2.0):
        self.say, self.after, self.current, self.late, self.timer = say, after, "", False, None

    def __call__(self, stage: str) -> None:
        self.current = stage
        if self.timer is None:
            import threading

            self.timer = threading.Timer(self.after, self._late)
            self.timer.daemon = True
            self.timer.start()
        if self.late:
            self.say(f"{stage}...")

    def _late(self) -> None:
        self.late = True
        if self.current:
            self.say(f"{self.current}...")

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


def find_rules(game: Game, rules: Path | None) -> Path | None:
    """`--rules FILE` (which must exist), else rules.md beside components.toml, if any."""
    if rules is not None:
        if not rules.is_file():
            raise ExampleSyntaxError(rules, None, "cannot read: no such file")
        return rules
    return game.document(RULES_FILE)


def check_rules(game: Game, rules: Path | None, force: bool, warn: Callable[[str], None]):
    """rules.md read, checked and parsed (None without one): a `rulebook.Prepared`. Raises
    CheckFailed when an example fails or a typed number disagrees with components.toml, unless
    `force`."""
    if rules is None:
        return None
    from .rulebook import prepare_rulebook

    prepared = prepare_rulebook(game, rules, force)
    for problem in prepared.warnings:
        warn(str(problem))
    if prepared.failed:
        warn(f"building with {len(prepared.failed)} failing example(s), marked in red")
    return prepared


def rulebook_pages(prepared, kit, report: Callable[[str], None]) -> list:
    """The checked rulebook as the kit's pages after the cover (none without rules.md)."""
    if prepared is None:
        return []
    from .rulebook import kit_pages

    pages = kit_pages(prepared, kit)
    report(prepared.summary("rulebook", len(pages)))
    return pages


def watched_paths(game: Game, rules: Path | None) -> list[Path]:
    """What a rebuild depends on: components.toml, rules.md (or `rules`), examples.md, templates/
    and art/ of the game folder, whether they exist yet or not."""
    folder = game.root
    paths = [folder / COMPONENTS_FILE, rules or folder / RULES_FILE, folder / BOOKLET_FILE, folder / "templates",
             folder / "art"]
    seen, found = set(), []
    for path in paths:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            found.append(path)
    return found


def watch(build_once: Callable[[], bool], paths: list[Path], echo: Callable[[str], None],
          debounce_ms: int = 150, stop_event=None) -> None:
    """Build now, then again whenever a watched path changes (watchfiles, debounced), saying how
    long each rebuild took. `build_once()` returns False for a failed build: it is reported and the
    watch goes on; the last good PDFs stay in place (a build commits all its files or none). The
    folders holding the paths are watched, filtered to the paths and what is inside them: a file
    created after the watch started (a new examples.md, an art/ folder) is noticed, and so is an
    editor that saves by renaming a new file over the old one."""
    from watchfiles import watch as watch_files

    def run_once(reason: str) -> None:
        started = time.perf_counter()
        if build_once():
            echo(f"[watch] rebuilt in {time.perf_counter() - started:.2f} s ({reason})")
        else:
            echo(f"[watch] build failed ({reason}); waiting for changes")

    wanted = {path.resolve() for path in paths}
    roots = sorted({str(path.parent) for path in wanted})

    def relevant(change, name: str) -> bool:
        path = Path(name).resolve()
        return not path.name.startswith(".") and (path in wanted or any(p in wanted for p in path.parents))

    run_once("start")
    echo("[watch] watching " + ", ".join(str(p) for p in paths) + " (Ctrl-C to stop)")
    for changes in watch_files(*roots, debounce=debounce_ms, stop_event=stop_event, watch_filter=relevant):
        run_once(", ".join(sorted({Path(p).name for _, p in changes})))
