"""`pnp check FILE.md...` and `pnp rules --options`: replay rulebook examples (EXAMPLES.md).

Exit codes: 0 every example passed, 1 an example is wrong, 2 a file or block cannot be read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

import typer

from .config import Game, GameFileError, find_game
from .engine.options import SPECS
from .examples import ExampleSyntaxError, Replay, examples_in, read_examples, replay


@dataclass
class CheckReport:
    replays: list[Replay] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # unreadable files or blocks

    @property
    def failed(self) -> list[Replay]:
        return [r for r in self.replays if not r.passed]

    @property
    def exit_code(self) -> int:
        return 2 if self.errors else (1 if self.failed else 0)


def check_files(paths: list[Path], game: Game) -> CheckReport:
    """Replay every example of every file; a file that cannot be read is reported, not raised."""
    report = CheckReport()
    for path in paths:
        _replay_into(report, lambda: read_examples(path, game), game)
    return report


def check_text(text: str, path: Path, game: Game) -> CheckReport:
    """The same check over Markdown already read and rendered (the rulebook build has it)."""
    report = CheckReport()
    _replay_into(report, lambda: examples_in(text, path, game), game)
    return report


def _replay_into(report: CheckReport, read, game: Game) -> None:
    try:
        examples = read()
    except ExampleSyntaxError as exc:
        report.errors.append(str(exc))
        return
    report.replays += [replay(example, game) for example in examples]


def format_report(report: CheckReport, verbose: bool = False) -> str:
    lines = []
    for r in report.replays:
        title = f"  {r.example.title}" if r.example.title else ""
        if r.passed:
            if verbose:
                lines.append(f"{r.example.where()}: passed{title}")
        else:
            lines.append(f"{r.example.where()}: FAILED{title}")
            lines += ["    " + line for line in r.report.splitlines()]
    lines += [f"{error}" for error in report.errors]
    summary = f"{len(report.replays) - len(report.failed)} passed, {len(report.failed)} failed"
    if report.errors:
        summary += f", {len(report.errors)} unreadable"
    lines.append(summary)
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command()
    def check(files: List[Path] = typer.Argument(..., help="Markdown files with ```armagh example blocks."),
              game: Optional[Path] = typer.Option(None, "--game", help="Game folder whose components.toml gives the counts."),
              verbose: bool = typer.Option(False, "--verbose", "-v", help="List passing examples too.")) -> None:
        """Replay every example block with the rules engine and say which are wrong."""
        try:
            loaded = find_game(game)
        except GameFileError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2)
        report = check_files(files, loaded)
        text = format_report(report, verbose)
        typer.echo(text, err=report.exit_code == 2 and not report.replays)
        raise typer.Exit(report.exit_code)

    @app.command()
    def rules(options: bool = typer.Option(False, "--options", help="List the engine options."),
              game: Optional[Path] = typer.Option(None, "--game", help="Game folder.")) -> None:
        """Show the engine options (with --options) or the game's numbers."""
        if options:
            width = max(len(spec.name) for spec in SPECS)
            for spec in SPECS:
                values = "|".join(spec.choices) if spec.choices else "N"
                typer.echo(f"{spec.name.ljust(width)}  {values} (default {spec.default}): {spec.help}")
            return
        try:
            loaded = find_game(game)
        except GameFileError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2)
        typer.echo(f"{loaded.info.title} {loaded.info.version}, {loaded.rule_set} rules")
        for name, value in loaded.template_values().items():
            if isinstance(value, int):
                typer.echo(f"  {name} = {value}")
