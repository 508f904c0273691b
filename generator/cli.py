"""The `pnp` command line. Library code raises; only the command modules turn errors into
messages and exit codes (1: a failed check or build, 2: unreadable input or bad usage)."""

from __future__ import annotations

import typer

from . import check
from .kit import command as kit_command
from .lab import command as lab_command

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="siege-pnp: print-and-play kits and a rules engine for Siege of Armagh.")

# Each module adds its own commands with `register(app)`.
for _module in (check, kit_command, lab_command):
    _module.register(app)


def fail(message: str, code: int = 1) -> None:
    """Print `Error: message` on stderr and exit with `code`."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)
