"""The `pnp` command line. Library code raises; only this module turns errors into messages
and exit codes (1: a failed check or build, 2: unreadable input or bad usage)."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="siege-pnp: print-and-play kits and a rules engine for Siege of Armagh.")

# Each module adds its own commands with `register(app)`.
COMMAND_MODULES = ("generator.check", "generator.kit.command", "generator.lab.command")

for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(_name)
    except ModuleNotFoundError as exc:
        if not _name.startswith(exc.name or "?"):
            raise
        continue
    _module.register(app)


def fail(message: str, code: int = 1) -> None:
    """Print `Error: message` on stderr and exit with `code`."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)
