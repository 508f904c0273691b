"""What the `pnp` commands print and how their errors end: one `Error:` line and the exit code
of the table in `generator.cli`, for the plain fast path (`generator.cli`) and the typer commands
(`generator.commands`) alike, and the two commands both of them run (`pnp check`, `pnp build`)."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NoReturn, Sequence

from .errors import DEBUG_ENV, CheckFailed, LocatedError, UsageError, debugging


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that every cleanup runs (`generator.cli.main` installs `terminate`)."""


def terminate(signum, frame) -> NoReturn:
    """The SIGTERM handler `generator.cli.main` installs."""
    raise Terminated


def echo(text: str, err: bool = False) -> None:
    """Print a line. A reader that went away (`pnp check rules.md | head -1`) gets nothing more,
    and the command goes on: its files are still written, its exit code the usual one."""
    stream = sys.stderr if err else sys.stdout
    try:
        print(text, file=stream, flush=True)
    except BrokenPipeError:
        _to_devnull(stream)


def _to_devnull(stream) -> None:
    """Point `stream`'s file descriptor at /dev/null: the lines still buffered, and any later,
    go nowhere instead of raising again (Python's recipe for a closed pipe)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to redirect
        pass


def fail(message: str, code: int) -> NoReturn:
    """Print `Error: message` on stderr and exit with `code`."""
    echo(f"Error: {message}", err=True)
    raise SystemExit(code)


def exit_status(exc: BaseException) -> tuple[int, str] | None:
    """The exit code and the message for an error; None for an exit already decided (SystemExit,
    typer's own)."""
    if isinstance(exc, Terminated):
        return 143, "Terminated"
    if isinstance(exc, KeyboardInterrupt):
        return 130, "Interrupted"
    if isinstance(exc, BrokenPipeError):
        return 141, ""
    if not isinstance(exc, Exception) or type(exc).__module__.startswith(("typer", "click")):
        return None
    if isinstance(exc, CheckFailed):
        return 1, (exc.report + "\n" if exc.report else "") + f"Error: {exc}"
    if isinstance(exc, (UsageError, LocatedError)):
        return 2, f"Error: {exc}"
    if isinstance(exc, OSError):
        return 1, "Error: " + f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")
    if isinstance(exc, ValueError):
        return 2, f"Error: {exc}"
    hint = "" if debugging() else f" (run with --debug or {DEBUG_ENV}=1 for the traceback)"
    return 1, f"Error: internal error: {type(exc).__name__}: {exc}{hint}"


@contextmanager
def errors_to_exit_codes() -> Iterator[None]:
    """Map the library's errors to the exit codes of the module docstring."""
    try:
        yield
    except BaseException as exc:
        status = exit_status(exc)
        if status is None:
            raise
        if isinstance(exc, BrokenPipeError):
            _to_devnull(sys.stdout)
            _to_devnull(sys.stderr)
        if debugging() and not isinstance(exc, (KeyboardInterrupt, BrokenPipeError)):
            import traceback
            traceback.print_exc()
        if status[1]:
            echo(status[1], err=True)
        raise SystemExit(status[0]) from None


def numbers_line(game) -> str:
    """Which numbers a command used, for stderr."""
    if game is None or game.folder is None:
        return f"numbers: {game.info.title + ', ' if game else ''}built-in defaults"
    return f"numbers: {game.info.title} from {game.path}"


def run_check(files: Sequence[Path], game: Path | None, verbose: bool) -> NoReturn:
    """`pnp check`: replay the files' example blocks, print the report, exit 0, 1 or 2 (its
    callers map errors to exit codes)."""
    from .check import check_files, format_report
    from .config import find_numbers
    from .games.base import COMPONENTS_FILE

    loaded = find_numbers(game, files)
    here = loaded if game is None and Path(COMPONENTS_FILE).is_file() else None
    report = check_files(list(files), loaded if game is not None else None, here)
    used = list({id(r.example.game): r.example.game for r in report.replays}.values())  # each file's own
    for line in dict.fromkeys(map(numbers_line, used)) if used else [numbers_line(loaded)]:
        echo(line, err=True)
    echo(format_report(report, verbose), err=report.exit_code == 2 and not report.replays)
    raise SystemExit(report.exit_code)


def run_build(game: Path | None = None, out: Path | str | None = None, paper: str | None = None,
              duplex: str | None = None, back_offset: str | None = None, square: str | None = None,
              ink_saver: bool = False, png: bool = False, rules: Path | None = None,
              rulebook_only: bool = False, force: bool = False, watch: bool = False,
              showcase: bool = False) -> None:
    """`pnp build`: write the kit (and the examples booklet), print their paths; with `watch`,
    again whenever the game folder changes."""
    from . import build

    def once() -> None:
        stages = build.Stages(lambda text: echo(text, err=True), PROGRESS_AFTER)
        try:
            with errors_to_exit_codes():
                paths = build.run(game=game, out=out, paper=paper, duplex=duplex, back_offset=back_offset,
                                  square=square, ink_saver=ink_saver, png=png, rules=rules,
                                  rulebook_only=rulebook_only, force=force, showcase=showcase,
                                  report=lambda text: echo(text, err=True),
                                  stage=stages)
        finally:
            stages.stop()
        for path in paths:
            echo(str(path))

    if not watch:
        return once()

    def attempt() -> bool:
        try:
            once()
        except SystemExit as exc:
            return not exc.code
        return True

    from .config import find_game
    build.watch(attempt, build.watched_paths(find_game(game), rules), echo)


PROGRESS_AFTER = 2.0  # seconds before `pnp build` says what it is doing
