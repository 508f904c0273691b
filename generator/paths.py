"""The one rule for a path that a game folder names (art, a setup diagram, a template, a data
file): it resolves inside the folder, symbolic links included, or it is refused, and nothing of
the outside file is read or shown."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import GameFileError


def inside(folder: Path, name: str) -> Path | None:
    """`folder/name` once every symbolic link is followed, when that is inside `folder`; None for
    an empty or absolute name, a NUL, a `..` that leaves, a link leading out or a loop of links."""
    if not isinstance(name, str) or not name.strip() or "\x00" in name or Path(name).is_absolute():
        return None
    try:
        root = folder.resolve()
        path = (root / name).resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of symbolic links, an unreadable folder
        return None
    return path if root in path.parents else None


def why_outside(folder: Path, name: str) -> str:
    """Why `inside(folder, name)` refused `name`, in words."""
    if not isinstance(name, str) or not name.strip():
        return "expected a file path inside the game folder"
    if "\x00" in name:
        return "a file path cannot hold a NUL character"
    if Path(name).is_absolute() or ".." in Path(name).parts:
        return f"{name!r} leaves the game folder; paths are relative to it"
    try:
        (folder.resolve() / name).resolve(strict=False)
    except RuntimeError:
        return f"{name!r} is a loop of symbolic links"
    except (OSError, ValueError) as exc:
        return f"{name!r} cannot be followed: {exc}"
    return f"{name!r} leaves the game folder through a symbolic link"


def own_file(folder: Path, name: str) -> Path | None:
    """The game folder's own file `name` (components.toml, rules.md, examples.md): None when there
    is none; a GameFileError when it is a symbolic link leading out of the folder, whose target
    is then never read."""
    path = folder / name
    if not os.path.lexists(path):
        return None
    if inside(folder, name) is None:
        raise GameFileError(path, None, why_outside(folder, name))
    return path


ART_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")   # the designer's art (generator/kit/artfile.py)


def names_a_file(value: object) -> bool:
    """Whether a face is written as a file of the folder ("art/hero.svg") rather than by name."""
    return isinstance(value, str) and (value.lower().endswith(ART_SUFFIXES) or "/" in value)
