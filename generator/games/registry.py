"""The registry of game packages, read from their text: each package folder's `__init__.py`
declares its example fences on one line, `FENCES = (...)`, so knowing every package imports none
of them (generator/games/__init__.py finds and imports a package when it is asked for)."""

from __future__ import annotations

import ast
import importlib
import re
from functools import lru_cache
from pathlib import Path

FOLDERS = [Path(__file__).parent]  # the folders whose subfolders are game packages


@lru_cache(maxsize=None)
def packages() -> dict[str, tuple[str, ...]]:
    """Every game package's name and its declared fences, by name; raises ValueError for a
    package whose declaration cannot be read or a fence two packages claim."""
    found: dict[str, tuple[str, ...]] = {}
    for folder in FOLDERS:
        for init in folder.glob("*/__init__.py"):
            found.setdefault(init.parent.name, _declared_fences(init))
    found = dict(sorted(found.items()))
    owners: dict[str, str] = {}
    for name, fences in found.items():
        for fence in fences:
            if fence in owners:
                raise ValueError(f"fence {fence!r} is declared by both {owners[fence]} and {name}")
            owners[fence] = name
    return found


_DECLARATION = re.compile(r"^FENCES *= *(.+)$", re.MULTILINE)


def _declared_fences(path: Path) -> tuple[str, ...]:
    """The one-line `FENCES = (...)` of a package's `__init__.py`, read from its text without
    running it."""
    found = _DECLARATION.search(path.read_text(encoding="utf-8"))
    try:
        fences = ast.literal_eval(found.group(1)) if found else None
    except (ValueError, SyntaxError):
        fences = None
    if isinstance(fences, tuple) and all(isinstance(f, str) and f.split() == [f] for f in fences):
        return fences
    raise ValueError(f"{path}: a game package declares FENCES = (...) on one line, a literal tuple of "
                     f"one-word info strings (empty without example blocks)")


@lru_cache(maxsize=None)
def fences() -> dict[str, str]:
    """Every known fence and the package that declares it, in fence order."""
    return dict(sorted((fence, name) for name, declared in packages().items() for fence in declared))


def game_class(name: str) -> type:
    """The Game class of package `name` (imported now); raises ValueError naming the packages there are."""
    if name not in packages():
        raise ValueError(f"unknown game package {name!r}; packages: {', '.join(packages())}")
    return importlib.import_module(f"{__package__}.{name}").GAME


def fence_game(fence: str) -> type:
    """The Game class whose engine replays blocks with the info string `fence`."""
    return game_class(fences()[fence])


def default_game(module: str):
    """The game with its built-in numbers of the package that module `module` belongs to (for a
    state or a grammar made without a game)."""
    return game_class(module.removeprefix(f"{__package__}.").partition(".")[0]).default()
