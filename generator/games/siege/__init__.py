"""Siege of Armagh: the rules engine (pure Python, no rendering), its example grammar, its art
and its AI evaluation, as a game package (`GAME`).

Only the Game loads with the package; the engine's names load on first use (PEP 562), so the
kit, which needs no engine, does not pay for it."""

FENCES = ("armagh",)  # the info string of its example blocks (read by generator/games/__init__.py)

from importlib import import_module

from .game import Counts, RuleNumbers, SiegeGame, with_counts

GAME = SiegeGame

_LAZY = {
    "base": ("IllegalMoveError", "InvalidMoveError", "Outcome"),
    "board": ("parse_square", "square_name"),
    "diagram": ("DiagramError",),
    "enums": ("Kind", "Phase", "Piece", "Point", "Side", "Termination", "Terrain", "Treasure"),
    "moves": ("END", "Move", "MoveKind"),
    "options": ("SPECS",),
    "state": ("State",),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}
_WHERE["OPTION_SPECS"] = "options"


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    package = "generator.games.base" if module == "base" else f"{__name__}.{module}"
    return getattr(import_module(package), "SPECS" if name == "OPTION_SPECS" else name)


__all__ = ["GAME", "Counts", "RuleNumbers", "SiegeGame", "with_counts", "OPTION_SPECS", *_WHERE]
