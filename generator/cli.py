"""The `pnp` command line. The library raises; only the command line (this module's `main`, with
`generator.console`) turns errors into messages and exit codes, the same code for the same fault
in every command:

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

The messages and exit codes are made in `generator.console`; the commands and their options are
`generator.commands` (typer). `main`, the entry point, runs a
plain `pnp check` or `pnp build` (see `PLAIN`) without loading typer, whose import costs more
than the check; commands load their own modules when they run.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Sequence

from .console import errors_to_exit_codes, run_build, run_check, terminate
from .errors import DEBUG_ENV


def __getattr__(name: str):
    if name == "app":  # the typer app, loaded on first use (tests and `pnp` with any other command)
        from .commands import app
        return app
    raise AttributeError(name)


# The commands `main` runs without loading typer, whose import and command tree cost about as
# much as drawing a kit: their options (that take a value, and flags) as generator.commands
# declares them, a test keeps the two alike. Any other word sends the command line to typer.
PLAIN: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "check": ({"--game": "game"}, {"--verbose": "verbose", "-v": "verbose"}),
    "build": ({"--game": "game", "--out": "out", "--paper": "paper", "--duplex": "duplex",
               "--back-offset": "back_offset", "--square": "square", "--rules": "rules"},
              {"--ink-saver": "ink_saver", "--png": "png", "--rulebook-only": "rulebook_only", "--force": "force",
               "--allow-failing-examples": "force", "--watch": "watch", "--showcase": "showcase"}),
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
    signal.signal(signal.SIGTERM, terminate)
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
