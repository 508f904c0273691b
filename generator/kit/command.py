"""`pnp build`: components.toml to the print-and-play PDF. The library raises; this module turns
errors into `Error: ...` on stderr and exit codes (1: the game file or the build; 2: bad usage)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("build")
    def build_command(
        game: Optional[Path] = typer.Option(None, "--game", help="Game folder holding components.toml "
                                            "(default: the current folder's, else the built-in game)."),
        out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
        paper: Optional[str] = typer.Option(None, "--paper", help="a4, letter, or both (content "
                                            "that fits either sheet). Default: [print] paper."),
        duplex: Optional[str] = typer.Option(None, "--duplex", help="Print two-sided pieces "
                                             "front/back: long or short (the edge to flip on). "
                                             "Default: fold-over."),
        back_offset: Optional[str] = typer.Option(None, "--back-offset", help="X,Y shift of the back "
                                                  "pages in mm, as read on the calibration page."),
        square: Optional[str] = typer.Option(None, "--square", help="Board square size, e.g. 50mm: "
                                             "rescales the board and the pieces."),
        ink_saver: bool = typer.Option(False, "--ink-saver", help="Drop large fills."),
        png: bool = typer.Option(False, "--png", help="Also write each page as PNG to OUT/png/."),
        rules: Optional[Path] = typer.Option(None, "--rules", help="The rulebook template "
                                             "(default: rules.md beside components.toml)."),
        rulebook_only: bool = typer.Option(False, "--rulebook-only", help="Write only the rulebook, "
                                           "as its own PDF."),
        force: bool = typer.Option(False, "--force", "--allow-failing-examples", help="Build even "
                                   "if an example fails the check (marked in red on its page)."),
        watch: bool = typer.Option(False, "--watch", help="Rebuild whenever components.toml, "
                                   "rules.md, templates/ or art/ change."),
    ) -> None:
        """Build the print-and-play kit (PDF) from components.toml."""
        from ..cli import fail
        from ..config import GameFileError
        from ..rulebook import RulebookError
        from ..rulebook import command as rulebook
        from .build import UsageError, run

        def once() -> None:
            try:
                path = run(game=game, out=out, paper=paper, duplex=duplex, back_offset=back_offset,
                           square=square, ink_saver=ink_saver, png=png, rules=rules,
                           rulebook_only=rulebook_only, force=force)
            except UsageError as exc:
                fail(str(exc), 2)
            except RulebookError as exc:  # the check's report, then the error
                rulebook.report_failure(exc)
                raise typer.Exit(exc.exit_code)
            except (GameFileError, ValueError, OSError) as exc:
                fail(str(exc), 1)
            typer.echo(str(path))

        if not watch:
            return once()
        try:
            from ..config import find_game
            paths = rulebook.watched_paths(find_game(game), rules)
        except GameFileError as exc:
            fail(str(exc), 1)
        rulebook.watch(once, paths)
