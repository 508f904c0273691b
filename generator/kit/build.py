"""One entry point for both command lines (`pnp build` and `python -m generator.kit`): check
the options, load the game, build. Raises `UsageError` for bad options, `GameFileError` or
`ValueError` for a bad game file; never exits."""

from __future__ import annotations

from pathlib import Path

PAPER_CHOICES = ("a4", "letter", "both")
DUPLEX_CHOICES = ("long", "short")


class UsageError(ValueError):
    """A bad command-line option (exit code 2)."""


def run(*, game: Path | str | None = None, out: Path | str = "output", paper: str | None = None,
        duplex: str | None = None, back_offset: str | None = None, square: str | None = None,
        ink_saver: bool = False, png: bool = False, rules: Path | str | None = None,
        rulebook_only: bool = False, force: bool = False) -> Path:
    """Build the kit of the game folder `game` (default: ./components.toml, else the built-in
    game) into `out`; return the PDF's path."""
    from ..config import find_game
    from .model import load_kit, parse_offset

    if paper is not None and paper not in PAPER_CHOICES:
        raise UsageError(f"--paper must be a4, letter or both, not {paper!r}")
    if duplex is not None and duplex not in DUPLEX_CHOICES:
        raise UsageError(f"--duplex must be long or short, not {duplex!r}")
    if back_offset is not None and duplex is None:
        raise UsageError("--back-offset only applies with --duplex long|short")
    try:
        offset = parse_offset(back_offset) if back_offset is not None else (0.0, 0.0)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    loaded = find_game(game)
    kit = load_kit(loaded, paper=paper, square=square, duplex=duplex,
                   back_offset=offset, ink_saver=ink_saver)
    folder = loaded.folder if loaded.folder is not None else Path(".")
    if rules is None and not rulebook_only and not (folder / "rules.md").exists():
        from .render import build   # no rulebook: skip loading it (it costs more than the kit)

        return build(kit, out, png=png)
    from ..rulebook import command as rulebook  # rules.md is checked first (RulebookError stops)

    found = rulebook.find_rules(loaded, Path(rules) if rules is not None else None)
    if rulebook_only:
        return rulebook.rulebook_only(loaded, kit, found, Path(out), force)
    from .render import build

    return build(kit, out, png=png, extra_pages=rulebook.extra_pages(loaded, kit, found, force))
