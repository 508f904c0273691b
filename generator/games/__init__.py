"""Game packages, found by name (python-chess's `find_variant`, OpenSpiel's `load_game`).

A package is a module under `generator/games/` whose `GAME` is a `base.Game` subclass; it is
imported only when a game folder or an example block asks for it.
"""

from __future__ import annotations

import importlib

from .base import Game

PACKAGES = ("siege", "tafl", "components")
DEFAULT = "siege"


def game_class(name: str) -> type[Game]:
    """The Game class of package `name`; raises ValueError naming the packages there are."""
    if name not in PACKAGES:
        raise ValueError(f"unknown game package {name!r}; packages: {', '.join(available())}")
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise ValueError(f"unknown game package {name!r}; packages: {', '.join(available())}") from None
    return module.GAME


def available() -> list[str]:
    found = []
    for name in PACKAGES:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def all_fences() -> dict[str, type[Game]]:
    """Every example-block info string, with the Game class whose engine replays it."""
    return {fence: game_class(name) for name in available() for fence in game_class(name).fences}
