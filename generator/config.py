"""Load and validate a game folder's components.toml: the one source of truth for the game's numbers.

The counts feed the engine, the printed pieces, the tracker length and the rulebook text.
Defaults are those of shared/RULINGS.md ("Components"). Unknown keys are errors that list the
accepted keys; every error names the file and the line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

COMPONENTS_FILE = "components.toml"
RULE_SETS = ("final", "draft")


class GameFileError(ValueError):
    """A problem in a game file, located as `file:line`."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = Path(path), line, message
        where = f"{path}:{line}" if line else f"{path}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Counts:
    """How many of each component the game has (RULINGS.md, Components)."""

    viking_troops: int = 8
    chiefs: int = 1
    berserkers: int = 2
    irish_troops: int = 8
    villages: int = 5
    river_tiles: int = 8
    treasure: int = 1
    stun_markers: int = 8

    @property
    def plain_vikings(self) -> int:
        return self.viking_troops - self.chiefs - self.berserkers

    @property
    def tracker_spaces(self) -> int:
        """Ruling 15: an eliminated Irish troop enters at 1 + unlooted villages, so 1 + villages spaces."""
        return 1 + self.villages

    @property
    def irish_villages(self) -> int:
        """Ruling 3: villages are placed alternately, Irish first."""
        return (self.villages + 1) // 2

    @property
    def viking_villages(self) -> int:
        return self.villages // 2


@dataclass(frozen=True)
class RuleNumbers:
    """Numbers of the victory rules (RULINGS.md 21-22)."""

    points_to_win: int = 2
    defeats_for_point: int = 4


@dataclass(frozen=True)
class GameInfo:
    title: str = "Siege of Armagh"
    version: str = "1.0"
    designer: str = ""
    date: str = ""


@dataclass(frozen=True)
class Game:
    """A loaded game folder. `sections` keeps the raw [print] and [pieces] tables for the kit."""

    info: GameInfo = GameInfo()
    counts: Counts = Counts()
    numbers: RuleNumbers = RuleNumbers()
    rule_set: str = "final"
    options: tuple[tuple[str, Any], ...] = ()
    folder: Path | None = None
    source: str = ""
    sections: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def path(self) -> Path:
        return (self.folder or Path(".")) / COMPONENTS_FILE

    def line_of(self, section: str, key: str | None = None) -> int | None:
        return key_line(self.source, section, key)

    def error(self, section: str, key: str | None, message: str) -> GameFileError:
        """An error about `[section] key`, located in components.toml."""
        return GameFileError(self.path, self.line_of(section, key), message)

    def template_values(self) -> dict[str, Any]:
        """The numbers a rulebook template may use, by name (issue 4: one source of truth)."""
        values: dict[str, Any] = {f.name: getattr(self.counts, f.name) for f in fields(Counts)}
        values.update({f.name: getattr(self.numbers, f.name) for f in fields(RuleNumbers)})
        values.update(
            plain_vikings=self.counts.plain_vikings,
            tracker_spaces=self.counts.tracker_spaces,
            irish_villages=self.counts.irish_villages,
            viking_villages=self.counts.viking_villages,
            title=self.info.title,
            version=self.info.version,
            designer=self.info.designer,
        )
        return values


def key_line(source: str, section: str, key: str | None = None) -> int | None:
    """The 1-based line of `key` inside `[section]` of a TOML text (or of the section header)."""
    current = None
    header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$")
    assign = re.compile(r"^\s*\"?([A-Za-z0-9_.-]+?)\"?\s*=")
    for number, line in enumerate(source.splitlines(), start=1):
        match = header.match(line)
        if match:
            current = match.group(1).strip('[] ')
            if key is None and current == section:
                return number
            continue
        if key is not None and current == section:
            match = assign.match(line)
            if match and match.group(1) == key:
                return number
    return None


_SECTIONS = ("game", "counts", "rules", "print", "pieces")


def _take(table: dict, cls: type, section: str, path: Path, source: str) -> Any:
    """Build the dataclass `cls` from a TOML table, refusing unknown keys and wrong types."""
    accepted = {f.name: f for f in fields(cls)}
    values = {}
    for key, value in table.items():
        if key not in accepted:
            raise GameFileError(
                path, key_line(source, section, key),
                f"unknown key {key!r} in [{section}]; accepted keys: {', '.join(accepted)}",
            )
        expected = type(getattr(cls(), key))
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise GameFileError(path, key_line(source, section, key),
                                f"[{section}] {key} must be a whole number, not {value!r}")
        if expected is int and value < 0:
            raise GameFileError(path, key_line(source, section, key),
                                f"[{section}] {key} must not be negative, got {value}")
        if expected is str and not isinstance(value, str):
            raise GameFileError(path, key_line(source, section, key),
                                f"[{section}] {key} must be text, not {value!r}")
        values[key] = value
    return cls(**values)


def validate_counts(counts: Counts, where) -> None:
    """Counts that contradict each other or the 8x8 board. `where(key, message)` makes the error."""
    if counts.chiefs + counts.berserkers > counts.viking_troops:
        raise where("berserkers", f"chiefs ({counts.chiefs}) + berserkers ({counts.berserkers}) "
                                  f"exceed viking_troops ({counts.viking_troops})")
    if not 1 <= counts.viking_troops <= 8:
        raise where("viking_troops", f"viking_troops must be 1 to 8 (they start on rank 8), got {counts.viking_troops}")
    if counts.irish_troops < 1:
        raise where("irish_troops", "irish_troops must be at least 1")
    if counts.river_tiles != 8:
        raise where("river_tiles", f"the river spans the 8 files of the board: river_tiles must be 8, got {counts.river_tiles}")
    if not 1 <= counts.villages <= 16:
        raise where("villages", f"villages must be 1 to 16 (they go on ranks 3-5 beside the river), got {counts.villages}")
    if counts.treasure != 1:
        raise where("treasure", f"the game has one Monastery's Treasure: treasure must be 1, got {counts.treasure}")


def load_game(folder: Path | str | None = None) -> Game:
    """Load `folder/components.toml`; with no folder, the defaults of RULINGS.md."""
    if folder is None:
        return Game()
    folder = Path(folder)
    path = folder / COMPONENTS_FILE
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(path, None, "no such file") from None
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise GameFileError(path, int(line.group(1)) if line else None, f"not valid TOML: {exc}") from None
    for section in data:
        if section not in _SECTIONS:
            raise GameFileError(path, key_line(source, section),
                                f"unknown section [{section}]; accepted sections: {', '.join(_SECTIONS)}")
    info = _take(data.get("game", {}), GameInfo, "game", path, source)
    counts = _take(data.get("counts", {}), Counts, "counts", path, source)
    validate_counts(counts, lambda key, msg: GameFileError(path, key_line(source, "counts", key), msg))
    rules = dict(data.get("rules", {}))
    rule_set = rules.pop("set", "final")
    if rule_set not in RULE_SETS:
        raise GameFileError(path, key_line(source, "rules", "set"),
                            f"[rules] set must be 'final' or 'draft', not {rule_set!r}")
    options = rules.pop("options", {})
    numbers = _take(rules, RuleNumbers, "rules", path, source)
    game = Game(info=info, counts=counts, numbers=numbers, rule_set=rule_set,
                options=tuple(sorted(options.items())), folder=folder, source=source,
                sections={k: data[k] for k in ("print", "pieces") if k in data})
    from .engine.options import check_options  # late import: the engine depends on this module
    try:
        check_options(dict(game.options), rule_set)
    except ValueError as exc:
        raise game.error("rules.options", None, str(exc)) from None
    return game


def find_game(folder: Path | str | None) -> Game:
    """The game for a command: `--game DIR`, else ./components.toml, else the defaults (EXAMPLES.md)."""
    if folder is not None:
        return load_game(folder)
    if Path(COMPONENTS_FILE).exists():
        return load_game(Path("."))
    return Game()


def with_counts(game: Game, **changes: int) -> Game:
    """A copy of `game` with some counts changed (used by sweeps and tests)."""
    return replace(game, counts=replace(game.counts, **changes))
