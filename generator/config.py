"""Load a game folder's components.toml: the one source of truth for the game's numbers.

The generic part is read here: `[game]` (title, version, the game package's name) and the kit's
tables (`[print]`, `[pieces]` and the component kinds, `generator.kit.design.SECTIONS`), which
every game may hold and the kit reads into the game's `design`. The package's own tables are read
by its `Game.from_table` (a package may read a kit table too, such as [sides]). Unknown tables and
keys are errors that list the accepted ones; every error names the file and the line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from .errors import GameFileError, UsageError, did_you_mean, key_line, read_text
from .paths import names_a_file, own_file
from .games import DEFAULT, game_class
from .games.base import COMPONENTS_FILE, Game, GameInfo
from .tables import TableReader

# the kit's tables, in every game folder (generator/kit/design.py SECTIONS: kept here so that
# reading [game] does not load the kit)
KIT_SECTIONS = ("print", "pieces", "faces", "style", "sides", "symbols", "defaults", "fonts", "icons", "layouts",
                "tiles", "tokens", "tracks", "screens", "cards", "aids", "trackers")


def take(table: Any, cls: type, section: str, path: Path, source: str) -> Any:
    """Build the dataclass `cls` from a TOML table, refusing unknown keys and wrong types."""
    return TableReader.at(path, source).fill(section, table, cls)


def load_game(folder: Path | str | None = None) -> Game:
    """Load `folder/components.toml` into its game package's `Game`; with no folder, the default
    game with its built-in numbers."""
    if folder is None:
        return game_class(DEFAULT).default()
    folder = Path(folder)
    path = own_file(folder, COMPONENTS_FILE) or folder / COMPONENTS_FILE
    source = read_text(path, GameFileError)
    if not source.strip():
        raise GameFileError(path, None, 'empty: it needs at least [game] with title = "..." (every other '
                                        'table has defaults)')
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise GameFileError(path, int(line.group(1)) if line else None, f"not valid TOML: {exc}") from None
    info = take(data.get("game", {}), GameInfo, "game", path, source)
    try:
        cls = game_class(info.package or DEFAULT)
    except ValueError as exc:
        raise GameFileError(path, key_line(source, "game", "package"), str(exc)) from None
    accepted = tuple(dict.fromkeys(("game", *KIT_SECTIONS, *cls.sections)))
    for section in data:
        if section not in accepted:
            raise GameFileError(path, key_line(source, section),
                                f"unknown section [{section}]{did_you_mean(section, accepted)}; accepted "
                                f"sections: {', '.join(accepted)}")
    if not info.title:
        info = replace(info, title=cls.default().info.title)
    base = cls(info=info, folder=folder, source=source, tables={k: data[k] for k in KIT_SECTIONS if k in data})
    game = cls.from_table({k: data[k] for k in cls.sections if k in data}, base)
    if not _has_components(cls, data):
        return game      # the package's own pieces and faces: no need to load the kit (a quick `pnp check`)
    from .kit.design import with_design
    return with_design(game)


def _has_components(cls: type[Game], data: dict[str, Any]) -> bool:
    """Whether the folder declares components of its own (a kind, faces, fonts...), names a file
    as a piece's face, or is a game made of data."""
    if not cls.engine or any(k in data for k in KIT_SECTIONS if k not in ("print", "pieces")):
        return True
    faces = []
    for table in (data.get("pieces") or {}).values() if isinstance(data.get("pieces"), dict) else ():
        if isinstance(table, dict):
            faces += [table.get("front"), table.get("back"), *(table.get("backs") or {})]
            faces += [v for row in table.get("faces") or () if isinstance(row, list) for v in row[:2]]
    return any(names_a_file(face) for face in faces)


def find_game(folder: Path | str | None) -> Game:
    """The game for a command: `--game DIR`, else ./components.toml, else the default game."""
    if folder is not None:
        if Path(folder).exists() and not Path(folder).is_dir():
            raise UsageError(f"--game {folder}: not a folder")
        return load_game(folder)
    if Path(COMPONENTS_FILE).exists():
        return load_game(Path("."))
    return builtin_game()


def builtin_game() -> Game:
    """The default game as its package ships it (components.toml, rules.md and examples.md are
    package data), with no folder of its own: its outputs go to the current folder's output/.
    The shipped files are the package's own, read where they really are (in a source checkout
    they are links to the repository's root)."""
    shipped = game_class(DEFAULT).shipped_folder()
    if shipped is None:
        return load_game(None)
    return replace(load_game((shipped / COMPONENTS_FILE).resolve().parent), folder=None)


def find_numbers(folder: Path | str | None, files: Sequence[Path]) -> Game | None:
    """The game whose numbers `pnp check FILE...` uses: `--game DIR`, else ./components.toml, else
    the components.toml beside the first file that has one; None: each package's built-in numbers."""
    if folder is None and not Path(COMPONENTS_FILE).exists():
        folder = next((Path(f).parent for f in files if (Path(f).parent / COMPONENTS_FILE).is_file()), None)
        if folder is None:
            return None
    return find_game(folder)
