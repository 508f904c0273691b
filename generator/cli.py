"""The `pnp` command line. The library raises; only this module turns errors into messages and
exit codes, the same code for the same fault in every command:

    0    done (every example passed)
    1    the input was read but is wrong: an example failed, a typed number disagrees with the
         game, or an output file could not be written; also an unexpected error (a bug): one
         `Error:` line, the traceback only with `pnp --debug` or PNP_DEBUG=1
    2    the input cannot be used: a bad option, an unreadable or invalid components.toml, rules.md
         or example block (named as file:line)
    130  interrupted (Ctrl-C): one line, `Interrupted`
    141  stdout or stderr closed by its reader outside a command's own lines (`pnp ... | head`
         while typer prints); a command's lines to a closed pipe are dropped and it exits as usual
    143  terminated (SIGTERM, e.g. `kill` or a CI timeout): handled like Ctrl-C, one line,
         `Terminated`

Whatever the exit, a command's output files are all written or none is changed (`pdf.OutputSet`):
an interrupted or failed run leaves no temporary file and the last good outputs as they were.

The commands and their options are `generator.commands` (typer). `main`, the entry point, runs a
plain `pnp check` or `pnp build` (see `PLAIN`) without loading typer, whose import costs more
than the check; commands load their own modules when they run.
"""

from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NoReturn, Sequence

from .errors import CheckFailed, LocatedError, UsageError

DEBUG_ENV = "PNP_DEBUG"


def __getattr__(name: str):
    if name == "app":  # the typer app, loaded on first use (tests and `pnp` with any other command)
        from .commands import app
        return app
    raise AttributeError(name)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that every cleanup runs (`main` installs the handler)."""


def _terminate(signum, frame) -> NoReturn:
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


def debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


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

    loaded = find_numbers(game, files)
    echo(numbers_line(loaded), err=True)
    report = check_files(list(files), loaded)
    echo(format_report(report, verbose), err=report.exit_code == 2 and not report.replays)
    raise SystemExit(report.exit_code)


def run_build(game: Path | None = None, out: Path | str | None = None, paper: str | None = None,
              duplex: str | None = None, back_offset: str | None = None, square: str | None = None,
              ink_saver: bool = False, png: bool = False, rules: Path | None = None,
              rulebook_only: bool = False, force: bool = False, watch: bool = False) -> None:
    """`pnp build`: write the kit (and the examples booklet), print their paths; with `watch`,
    again whenever the game folder changes."""
    from . import build

    def once() -> None:
        stages = build.Stages(lambda text: echo(text, err=True), PROGRESS_AFTER)
        try:
            with errors_to_exit_codes():
                paths = build.run(game=game, out=out, paper=paper, duplex=duplex, back_offset=back_offset,
                                  square=square, ink_saver=ink_saver, png=png, rules=rules,
                                  rulebook_only=rulebook_only, force=force, report=lambda text: echo(text, err=True),
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

# The commands `main` runs without loading typer, whose import and command tree cost about as
# much as drawing a kit: their options (that take a value, and flags) as generator.commands
# declares them, a test keeps the two alike. Any other word sends the command line to typer.
PLAIN: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "check": ({"--game": "game"}, {"--verbose": "verbose", "-v": "verbose"}),
    "build": ({"--game": "game", "--out": "out", "--paper": "paper", "--duplex": "duplex",
               "--back-offset": "back_offset", "--square": "square", "--rules": "rules"},
              {"--ink-saver": "ink_saver", "--png": "png", "--rulebook-only": "rulebook_only", "--force": "force",
               "--allow-failing-examples": "force", "--watch": "watch"}),
}
PATHS = {"game", "rules"}  # --out stays text: an empty one is refused, not read as "."


def _plain(args: list[str]) -> tuple[str, dict, list[Path]] | None:
    """`check FILE... [options]` or `build [options]` as (command, options, files); None for
    anything else (typer reads it, and says what is wrong)."""
    if not args or args[0] not in PLAIN:
        return None
    values, flags = PLAIN[args[0]]
    options: dict = {}
    files: list[Path] = []
    rest = args[1:]
    while rest:
        word = rest.pop(0)
        name, equals, value = word.partition("=")
        if word in flags:
            options[flags[word]] = True
        elif name in values and (equals or rest):
            value = value if equals else rest.pop(0)
            options[values[name]] = Path(value) if values[name] in PATHS else value
        elif word.startswith("-"):
            return None
        else:
            files.append(Path(word))
    if (args[0] == "check") != bool(files):
        return None
    return args[0], options, files


def main(argv: Sequence[str] | None = None) -> None:
    """The `pnp` entry point (and `python -m generator`). `--debug` before the command shows
    tracebacks. SIGTERM is handled like Ctrl-C (`Terminated`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    signal.signal(signal.SIGTERM, _terminate)
    try:
        _run(args)
    finally:
        import gc
        gc.freeze()  # what is left dies with the process: no last collection to walk it


def _run(args: list[str]) -> None:
    with errors_to_exit_codes():
        while args[:1] == ["--debug"]:
            os.environ[DEBUG_ENV] = "1"
            args.pop(0)
        plain = _plain(args)
        if plain is not None:
            command, options, files = plain
            if command == "check":
                run_check(files, options.get("game"), options.get("verbose", False))
            return run_build(**options)
        from .commands import app
        app(args=args, prog_name="pnp")
