"""Copies of game folders for tests that change one (test_safety.py, test_fuzz.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def copy_game(dest: Path, game: Path = ROOT, names=("components.toml",), edit=(), files=None,
              setups: bool = False) -> Path:
    """A copy of a game folder in `dest`: the files `names`, art/ and templates/ (and, with
    `setups`, its setup-*.txt files); `edit` replaces text in its components.toml (old, new), an
    `old` of None appends; `files` writes more files (text, bytes, or a function given the path)."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in names:
        if (game / name).exists():
            shutil.copy(game / name, dest / name)
    for sub in ("art", "templates"):
        if (game / sub).exists():
            shutil.copytree(game / sub, dest / sub)
    if setups:
        for extra in game.glob("setup-*.txt"):
            shutil.copy(extra, dest / extra.name)
    if edit:
        text = (dest / "components.toml").read_text()
        for old, new in edit:
            if old is None:
                text += "\n" + new + "\n"
            else:
                assert old in text, old
                text = text.replace(old, new, 1)
        (dest / "components.toml").write_text(text)
    for name, content in (files or {}).items():
        path = dest / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return dest
