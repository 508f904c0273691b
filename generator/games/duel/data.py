"""A tile duel's facts, read from its folder's components.toml (docs/rulings/duel.md rulings 1-7):
the board, the two sides, the tile kinds with their faces, counts and letters, the leader and the
start tiles, and the option defaults. Plain, picklable data: the engine builds its tables from it.

Every fault names components.toml, the line and the tile: a slide off a straight line, a leader
count other than 1, an overlay symbol outside the area set...
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Callable

from ..base import MAX_COPIES, OptionSpec, resolve_options
from ..grid import MAX_FILES, MAX_RANKS

OWN, NOTHING = "O", "."
ACTING = "mjsJxcnN"            # symbols a tile uses when it acts (rulings 16-22)
AREA = "cdDh"                  # symbols an overlay grid may hold (ruling 6)
SYMBOLS = OWN + ACTING + "dDh"
SLIDING = "sJ"                 # symbols whose offset must be straight (ruling 18)
MIN_SIZE = 3                   # ruling 1: at least 3 x 3
MAX_KINDS = 26                 # one letter each (ruling 7)
MAX_START_TILES = 3            # squares orthogonally next to a leader on its home rank (ruling 11)
DEFAULT_SIDES = (("light", "Light", "#efe6d2"), ("dark", "Dark", "#3b3b3b"))

OPTION_SPECS = (
    OptionSpec("leader-safety", ("strict", "guard", "off"), "strict",
               "ruling 28: strict, no action may leave your own leader in guard; guard, only a side "
               "whose leader is in guard when its turn begins must end it out of guard; off, no "
               "restriction"),
    OptionSpec("turn-cap", None, "0",
               "ruling 31: the game is drawn once this many turns of play pass without a winner, for "
               "simulation (0: no cap)"),
)
NUMBER_KEYS = {"leader_safety": "leader-safety", "turn_cap": "turn-cap"}   # [numbers] name -> option


@dataclass(frozen=True)
class Face:
    """One face of a tile: its grid and overlay (ruling 6) as the offsets each symbol marks, (dx, dy)
    from the own square, dx to the owner's right and dy toward the opponent (ruling 9)."""

    grid: tuple[str, ...]
    aura: tuple[str, ...] | None
    marks: tuple[tuple[int, int, str], ...]   # (dx, dy, symbols), one entry per marked cell

    @classmethod
    def read(cls, grid: tuple[str, ...], aura: tuple[str, ...] | None) -> "Face":
        i0, k0 = next((i, row.index(OWN)) for i, row in enumerate(grid) if OWN in row)
        marks = []
        for i, row in enumerate(grid):
            for k, ch in enumerate(row):
                extra = aura[i][k] if aura is not None else NOTHING
                symbols = "".join(dict.fromkeys(s for s in (ch, extra) if s not in (NOTHING, OWN)))
                if symbols:
                    marks.append((k - k0, i0 - i, symbols))
        return cls(grid, aura, tuple(marks))

    def shows(self, symbol: str) -> bool:
        return any(symbol in symbols for _, _, symbols in self.marks)

    def offsets(self, symbol: str) -> tuple[tuple[int, int], ...]:
        return tuple((dx, dy) for dx, dy, symbols in self.marks if symbol in symbols)


@dataclass(frozen=True)
class Kind:
    """A tile kind (`[tiles.KEY]`): `count` copies for each side in `sides` (seats), two faces,
    face 1 the starting side; `either`: both faces are starting sides (ruling 4)."""

    index: int
    key: str
    name: str
    letter: str
    count: int
    sides: tuple[int, ...]
    faces: tuple[Face, Face]
    either: bool

    def shows(self, symbol: str) -> bool:
        """Whether either face shows `symbol` (ruling 24: a kind with dread is immune to it)."""
        return self.faces[0].shows(symbol) or self.faces[1].shows(symbol)

    def start_faces(self) -> tuple[int, ...]:
        """The faces (0: face 1, 1: face 2) it may enter play with (rulings 11, 14)."""
        return (0, 1) if self.either else (0,)


@dataclass(frozen=True)
class DuelData:
    """Everything the rulings read from a game folder."""

    files: int
    ranks: int
    sides: tuple[tuple[str, str, str], ...]   # (key, name, colour) of side 1 and side 2
    kinds: tuple[Kind, ...]
    leader: int                               # the leader kind's index
    start: int                                # the start kind's index
    start_tiles: int
    options: tuple[tuple[str, str], ...]      # option defaults from [numbers], resolved

    def kind(self, key: str) -> Kind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise ValueError(f"unknown tile kind {key!r}; kinds: {', '.join(k.key for k in self.kinds)}")

    def starting_bag(self, seat: int) -> tuple[int, ...]:
        """Ruling 12: how many of each kind a side's bag holds at the start."""
        bag = []
        for kind in self.kinds:
            n = kind.count if seat in kind.sides else 0
            if kind.index == self.leader:
                n = 0
            elif kind.index == self.start:
                n -= self.start_tiles
            bag.append(n)
        return tuple(bag)


# ----------------------------------------------------------------------------- reading


Fail = Callable[[str, "str | None", str], Exception]   # (section, key, message) -> the error


def read_data(tables: dict[str, Any], fail: Fail, changes: dict[str, int] | None = None) -> DuelData:
    """The duel facts of components.toml's `tables` ([numbers], [board], [sides], [tiles]);
    `changes` replaces numbers (a [numbers] name, or a kind's key for its count) for the lab's
    sweeps. Raises what `fail(section, key, message)` makes: components.toml at the key's line."""
    changes = dict(changes or {})
    numbers = _table(tables.get("numbers", {}), "numbers", fail)
    numbers = {**numbers, **{k: v for k, v in changes.items() if k in numbers}}
    kind_counts = {k: v for k, v in changes.items() if k not in numbers}

    def whole(section: str, key: str, value: Any, least: int, most: int) -> int:
        name = value
        if isinstance(value, str):
            if value not in numbers:
                raise fail(section, key, f"[{section}] {key}: {value!r} is not a [numbers] name")
            value = numbers[value]
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            named = f" ({name} = {value!r})" if isinstance(name, str) else ""
            raise fail(section, key, f"[{section}] {key}: expected a whole number from {least} to {most}, "
                                     f"not {value!r}{named}")
        return value

    board = _table(tables.get("board", {}), "board", fail)
    files = whole("board", "files", board.get("files", 8), MIN_SIZE, MAX_FILES)
    ranks = whole("board", "ranks", board.get("ranks", 8), MIN_SIZE, MAX_RANKS)

    sides = tuple(_read_sides(tables.get("sides"), fail))
    side_keys = [key for key, _, _ in sides]
    entries = _table(tables.get("tiles", {}), "tiles", fail)
    if len(entries) < 2:
        raise fail("tiles" if entries else "game", None, "a tile duel needs at least two [tiles.KEY] kinds: "
                                                         "the leader and the start tile (ruling 3)")
    if len(entries) > MAX_KINDS:
        raise fail("tiles", None, f"{len(entries)} tile kinds: at most {MAX_KINDS}, one letter each (ruling 7)")
    declared: dict[str, str] = {}
    raw: list[tuple[str, dict, str]] = []
    for key, entry in entries.items():
        section = f"tiles.{key}"
        entry = _table(entry, section, fail)
        if "letter" in entry:
            letter = entry["letter"]
            if not (isinstance(letter, str) and len(letter) == 1 and letter in string.ascii_uppercase):
                raise fail(section, "letter", f"[{section}] letter: expected one capital letter A-Z, not {letter!r}")
            owner = next((k for k, v in declared.items() if v == letter), None)
            if owner is not None:
                raise fail(section, "letter", f"[{section}] letter {letter!r} is already the letter of "
                                              f"[tiles.{owner}] (ruling 7: letters are unique)")
            declared[key] = letter
        raw.append((key, entry, section))
    letters = tile_letters([key for key, _, _ in raw], declared)

    kinds = []
    for index, (key, entry, section) in enumerate(raw):
        name = entry.get("name", key.capitalize())
        if not isinstance(name, str) or not name.strip():
            raise fail(section, "name", f"[{section}] name: expected text, not {name!r}")
        count = kind_counts.pop(key, None)
        if count is None:
            count = whole(section, "count", entry.get("count", 1), 0, MAX_COPIES)
        elif not 0 <= count <= MAX_COPIES:
            raise ValueError(f"{key}: a count from 0 to {MAX_COPIES}, not {count}")
        made_for = entry.get("sides", True)
        if made_for is True:
            seats = (0, 1)
        elif isinstance(made_for, list) and made_for and all(s in side_keys for s in made_for):
            seats = tuple(sorted({side_keys.index(s) for s in made_for}))
        else:
            raise fail(section, "sides", f"[{section}] sides: expected true or a list of sides "
                                         f"({', '.join(side_keys)}), not {made_for!r}")
        start = entry.get("start", "front")
        if start not in ("front", "either"):
            raise fail(section, "start", f"[{section}] start: expected \"front\" or \"either\" (ruling 4), "
                                         f"not {start!r}")
        faces = tuple(_read_face(section, entry, which, fail) for which in ("front", "back"))
        kinds.append(Kind(index, key, name.strip(), letters[key], count, seats, faces, start == "either"))
    if kind_counts:
        unknown = next(iter(kind_counts))
        raise ValueError(f"no number or tile kind {unknown!r}")

    by_key = {kind.key: kind for kind in kinds}

    def named_kind(key: str, default: Kind) -> Kind:
        value = numbers.get(key, default.key)
        if value not in by_key:
            raise fail("numbers", key, f"[numbers] {key}: {value!r} is not a tile kind; kinds: "
                                       f"{', '.join(by_key)}")
        return by_key[value]

    leader = named_kind("leader", kinds[0])
    where = f"tiles.{leader.key}"
    if leader.count != 1:
        raise fail(where, "count" if "count" in entries[leader.key] else None,
                   f"[{where}] is the leader: its count must be 1, not {leader.count} (ruling 3: one "
                   f"leader for each side)")
    if leader.sides != (0, 1):
        raise fail(where, "sides", f"[{where}] is the leader: it is made for both sides (ruling 3)")
    start_tiles = whole("numbers", "start_tiles", numbers.get("start_tiles", 2), 0, MAX_START_TILES)
    start = named_kind("start_tile", kinds[1])
    where = f"tiles.{start.key}"
    if start_tiles and start is leader:
        raise fail("numbers", "start_tile", f"[numbers] start_tile: the leader {leader.key!r} cannot also be "
                                            f"the start tile (ruling 3)")
    if start_tiles and (start.count < start_tiles or start.sides != (0, 1)):
        raise fail(where, "count" if "count" in entries[start.key] else None,
                   f"[{where}] is the start tile: both sides need at least {start_tiles} of it "
                   f"(start_tiles), it has {start.count} (ruling 3)")
    if "draw_range" in numbers and numbers["draw_range"] != 1:
        raise fail("numbers", "draw_range", f"[numbers] draw_range: the rulings place a drawn tile next to "
                                            f"the leader: draw_range must be 1, not {numbers['draw_range']!r} "
                                            f"(ruling 3)")
    given = {option: str(numbers[key]) for key, option in NUMBER_KEYS.items() if key in numbers}
    try:
        resolve_options(OPTION_SPECS, given)
    except ValueError as exc:
        key = next(k for k, o in NUMBER_KEYS.items() if o in str(exc) or k in numbers)
        raise fail("numbers", key, f"[numbers] {key}: {exc}") from None
    return DuelData(files, ranks, sides, tuple(kinds), leader.index, start.index, start_tiles,
                    tuple(sorted(given.items())))


def _table(value: Any, section: str, fail: Fail) -> dict[str, Any]:
    if not isinstance(value, dict):
        parent, _, name = section.rpartition(".")
        raise fail(parent or section, name or None, f"[{section}] must be a table")
    return value


def _read_sides(value: Any, fail: Fail) -> list[tuple[str, str, str]]:
    """Ruling 2: the two [sides.KEY] tables in file order, else light and dark."""
    if value is None:
        return list(DEFAULT_SIDES)
    entries = _table(value, "sides", fail)
    if len(entries) != 2:
        raise fail("sides", None, f"a tile duel has exactly two [sides.KEY] tables, not {len(entries)} (ruling 2)")
    sides = []
    for key, entry in entries.items():
        entry = _table(entry, f"sides.{key}", fail)
        name, colour = entry.get("name", key.capitalize()), entry.get("colour", "#d8c9a8")
        sides.append((key, str(name), str(colour)))
    return sides


def _read_face(section: str, entry: dict[str, Any], which: str, fail: Fail) -> Face:
    """A face's grid (ruling 5) and overlay (ruling 6), checked for what the rulings can play."""
    if which not in entry:
        raise fail(section, None, f"[{section}] needs {which} = a grid of symbols (ruling 5)")
    grid = _grid(section, which, entry[which], SYMBOLS + NOTHING, fail)
    aura_key = f"{which}_aura"
    aura = None
    if aura_key in entry:
        aura = _grid(section, aura_key, entry[aura_key], AREA + OWN + NOTHING, fail)
        if len(aura) != len(grid) or aura_position(aura) != aura_position(grid):
            raise fail(section, aura_key, f"[{section}] {aura_key}: an overlay grid is the size of its face's "
                                          f"grid ({len(grid)} rows) with its O in the same place (ruling 6)")
    face = Face.read(grid, aura)
    for dx, dy, symbols in face.marks:
        for symbol in symbols:
            if symbol in SLIDING and not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                name = "slide" if symbol == "s" else "jump-slide"
                raise fail(section, which, f"[{section}] {which}: the {name} '{symbol}' at ({dx:+d}, {dy:+d}) from O "
                                           f"is not on a straight line (a rank, a file or a diagonal), so it has "
                                           f"no direction to go on in (ruling 18)")
    return face


def aura_position(grid: tuple[str, ...]) -> tuple[int, int]:
    return next((i, row.index(OWN)) for i, row in enumerate(grid) if OWN in row)


def _grid(section: str, key: str, value: Any, allowed: str, fail: Fail) -> tuple[str, ...]:
    """Ruling 5: an odd number of rows, 3 to 9, each that many symbols, exactly one O."""
    rows = tuple(r.replace(" ", "") for r in value) if isinstance(value, list) and \
        all(isinstance(r, str) for r in value) else ()
    n = len(rows)
    if not rows or n % 2 == 0 or not 3 <= n <= 9 or any(len(r) != n for r in rows):
        raise fail(section, key, f"[{section}] {key}: expected an odd square grid of 3 to 9 rows, such as "
                                 f"[\"...\", \".O.\", \"...\"] (ruling 5)")
    for number, row in enumerate(rows, start=1):
        for ch in row:
            if ch not in allowed:
                if ch in SYMBOLS:
                    raise fail(section, key, f"[{section}] {key}: row {number}: '{ch}' cannot stand in an overlay "
                                             f"grid; it holds only . O and the area symbols {' '.join(AREA)} "
                                             f"(ruling 6)")
                raise fail(section, key, f"[{section}] {key}: row {number}: unknown symbol {ch!r}; symbols: "
                                         f"{' '.join(SYMBOLS)} and . (ruling 5)")
    if sum(r.count(OWN) for r in rows) != 1:
        raise fail(section, key, f"[{section}] {key}: needs exactly one O, the tile's own square (ruling 5)")
    return rows


def tile_letters(keys: list[str], declared: dict[str, str]) -> dict[str, str]:
    """Ruling 7: each kind's letter, its declared `letter`, else (in file order, after every
    declared one) the first letter of its key not yet taken, else the first free letter.

    >>> tile_letters(["thane", "carl", "spear", "skald"], {"skald": "S"})
    {'thane': 'T', 'carl': 'C', 'spear': 'P', 'skald': 'S'}
    """
    taken = set(declared.values())
    letters = dict(declared)
    for key in keys:
        if key in letters:
            continue
        pick = next((ch for ch in key.upper() if ch in string.ascii_uppercase and ch not in taken), None)
        pick = pick or next(ch for ch in string.ascii_uppercase if ch not in taken)
        letters[key] = pick
        taken.add(pick)
    return {key: letters[key] for key in keys}
