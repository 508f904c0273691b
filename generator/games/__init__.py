"""Game packages, found by name (python-chess's `find_variant`, OpenSpiel's `load_game`).

A package is a module under `generator/games/` whose `GAME` is a `base.Game` subclass; it is
imported only when a game folder or an example block asks for it.
"""

from __future__ import annotations

import importlib

from .base import Game

PACKAGES = ("siege", "tafl", "components")
DEFAULT = "siege"
# The info strings of each package's example blocks, known without importing the packages (a
# check loads only the engines its files use); tests/test_games.py keeps it equal to `Game.fences`.
FENCES = {"armagh": "siege", "tafl": "tafl"}


def game_class(name: str) -> type[Game]:
    """The Game class of package `name`; raises ValueError naming the packages there are."""
    if name not in PACKAGES:
        raise ValueError(f"unknown game package {name!r}; packages: {', '.join(PACKAGES)}")
    return importlib.import_module(f"{__name__}.{name}").GAME


def fence_game(fence: str) -> type[Game]:
    """The Game class whose engine replays blocks with the info string `fence`."""
    return game_class(FENCES[fence])
