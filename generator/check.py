"""`pnp check FILE.md...`: replay every example block with its game's engine and say which are
wrong. The library part: `check_files` and `check_text` return a report; the command maps it to
exit codes (0 every example passed, 1 an example is wrong, 2 a file or block cannot be read)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import LocatedError
from .examples import GameFinder, Replay, examples_in, read_examples, replay
from .games.base import Game


@dataclass
class CheckReport:
    replays: list[Replay] = field(default_factory=list)
    errors: list[LocatedError] = field(default_factory=list)  # unreadable files, blocks or games

    @property
    def failed(self) -> list[Replay]:
        return [r for r in self.replays if not r.passed]

    @property
    def exit_code(self) -> int:
        return 2 if self.errors else (1 if self.failed else 0)


def check_files(paths: list[Path], game: Game | None = None, fallback: Game | None = None) -> CheckReport:
    """Replay every example of every file; a file that cannot be read is reported, not raised.
    Each block is replayed with the game of its fence's package found first in: `game` (`--game`),
    the components.toml beside its file, `fallback` (the current folder's), the package's
    built-in numbers."""
    report = CheckReport()
    for path in paths:
        games = GameFinder(game, Path(path).parent, fallback)
        _replay_into(report, lambda: read_examples(path, games))
    return report


def check_text(text: str, path: Path, game: Game, tokens: list | None = None) -> CheckReport:
    """The same check over Markdown already read and rendered (the rulebook build has it, and
    its `tokens`)."""
    report = CheckReport()
    _replay_into(report, lambda: examples_in(text, path, GameFinder(game), tokens))
    return report


def _replay_into(report: CheckReport, read) -> None:
    """Read a file's examples and replay each; what cannot be read (the file, a block, the game
    beside it, a play needing what the block left unwritten) is reported as unreadable."""
    try:
        for example in read():
            report.replays.append(replay(example))
    except LocatedError as exc:
        report.errors.append(exc)


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
