"""A tile duel's facts, read from its folder's components.toml (docs/rulings/duel.md rulings 1-7):
the board, the two sides, the tile kinds with their faces, counts and letters, the leader and the
start tiles, and the option defaults. Plain, picklable data: the engine builds its tables from it.

The tiles are read as the kit reads them (`generator.kit.design.Reader`: `[defaults.tiles]`, data
files, counts per side, the folder's symbol letters from `[symbols]`), so the engine plays the
tiles the kit prints. Every fault names components.toml, the line and the tile: a slide off a
straight line, a leader count other than 1, an overlay symbol outside the area set...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..base import OptionSpec, resolve_options
from ..symbols import NOTHING, Vocabulary

if TYPE_CHECKING:
    from .game import DuelGame

OWN = "O"
# the engine's letter for each built-in symbol (a folder may give them other letters, ruling 5)
CANONICAL = {"own": "O", "move": "m", "jump": "j", "slide": "s", "jump_slide": "J", "strike": "x",
             "command": "c", "non_capture_move": "n", "non_capture_jump": "N", "dread": "d", "defense": "D",
             "shield_defense": "h"}
SLIDING = "sJ"                 # symbols whose offset must be straight (ruling 18)
MIN_SIZE = 3                   # ruling 1: at least 3 x 3
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
    """One face of a tile: its grid and overlay (ruling 6), in the engine's letters, as the offsets
    each symbol marks, (dx, dy) from the own square, dx to the owner's right and dy toward the
    opponent (ruling 9)."""

    grid: tuple[str, ...]
    aura: tuple[str, ...] | None
    marks: tuple[tuple[int, int, str], ...]   # (dx, dy, symbols), one entry per marked cell

    @classmethod
    def read(cls, grid: tuple[str, ...], aura: tuple[str, ...] | None) -> "Face":
        """A face from its grid and overlay in the engine's letters."""
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
    """A tile kind (`[tiles.KEY]`): `counts[seat]` copies for each side (0: not made for it, ruling
    3), two faces, face 1 the starting side; `either`: both faces are starting sides (ruling 4)."""

    index: int
    key: str
    name: str
    letter: str
    counts: tuple[int, int]
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
            n = kind.counts[seat]
            if kind.index == self.leader:
                n = 0
            elif kind.index == self.start:
                n -= self.start_tiles
            bag.append(n)
        return tuple(bag)


# ----------------------------------------------------------------------------- reading


def read_sides(tables: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """Ruling 2: (key, name, colour) of the [sides.KEY] tables in file order, else light and dark
    (how many there are is checked by `read_data`)."""
    entries = tables.get("sides")
    if not isinstance(entries, dict) or not entries:
        return DEFAULT_SIDES
    return tuple((key, str(entry.get("name", key.capitalize())) if isinstance(entry, dict) else key,
                  str(entry.get("colour", "#d8c9a8")) if isinstance(entry, dict) else "#d8c9a8")
                 for key, entry in entries.items())


def read_data(game: "DuelGame", changes: dict[str, int] | None = None) -> DuelData:
    """The duel facts of `game`'s components.toml (its [numbers] and [board] read, its [sides],
    [symbols] and [tiles] in `game.tables`); `changes` replaces numbers (a [numbers] name, or a
    kind's key for its count on both sides) for the lab's sweeps. Raises GameFileError at the
    faulty key's line (ValueError for an impossible change)."""
    from ...kit.design import Reader
    from ...kit.entries import TILE_KEYS, grid_value, read_letters

    changes = dict(changes or {})
    counts = {k: v for k, v in changes.items() if k not in game.numbers}
    if len(counts) < len(changes):
        game = replace(game, numbers={**game.numbers, **{k: v for k, v in changes.items() if k in game.numbers}})
    numbers, fail = game.numbers, game.error
    board = game.board
    if board.files < MIN_SIZE or board.ranks < MIN_SIZE:
        raise fail("board", "files" if board.files < MIN_SIZE else "ranks",
                   f"[board] a tile duel's board is at least {MIN_SIZE} x {MIN_SIZE}, not {board.files} x "
                   f"{board.ranks} (ruling 1)")
    reader = Reader(game)
    sides = reader.sides()
    if len(sides) != 2:
        raise fail("sides", None, f"a tile duel has exactly two [sides.KEY] tables, not {len(sides)} (ruling 2)")
    vocabulary = Vocabulary.read(game.tables.get("symbols"), fail)
    canonical = {NOTHING: NOTHING, **{ch: CANONICAL.get(symbol.id, NOTHING) for ch, symbol in vocabulary.symbols.items()}}
    entries = reader.kind("tiles", TILE_KEYS)
    if len(entries) < 2:
        raise fail("tiles" if entries else "game", None, "a tile duel needs at least two [tiles.KEY] kinds: "
                                                         "the leader and the start tile (ruling 3)")
    letters = read_letters(reader, entries)
    kinds = []
    for index, e in enumerate(entries):
        with reader.reading(e):
            section, entry = e.section, e.values
            name = reader.field(section, "name", entry, e.stem.replace("_", " ").capitalize())
            either = reader.choice(section, "start", entry.get("start", "front"), ("front", "either")) == "either"
            faces = []
            for which in ("front", "back"):
                if which not in entry:
                    raise reader.error(section, None, f"needs {which} = a grid of symbols (ruling 5)")
                grid = vocabulary.read_tile_grid(grid_value(entry[which]),
                                                 lambda m, k=which: reader.error(section, k, m))
                aura = None
                if f"{which}_aura" in entry:
                    key = f"{which}_aura"
                    aura = vocabulary.read_tile_grid(grid_value(entry[key]), lambda m, k=key: reader.error(section, k, m),
                                                     area_only=True)
                    vocabulary.check_aura(grid, aura, lambda m, k=key: reader.error(section, k, m))
                faces.append(_face(reader, section, which, grid, aura, canonical))
            made = [0, 0]
            for side in reader.which_sides(section, entry, True):
                where, own = reader.for_side(section, entry, side, TILE_KEYS)
                made[sides.index(side)] = reader.count(where, "count", own.get("count", 1))
            if e.stem in counts:
                change = counts.pop(e.stem)
                made = [change if n else 0 for n in made]
        kinds.append(Kind(index, e.stem, name, letters[e.stem], (made[0], made[1]), (faces[0], faces[1]), either))
    if counts:
        raise ValueError(f"no number or tile kind {next(iter(counts))!r}")
    leader, start, start_tiles = _leading(game, kinds)
    options = []
    for key, option in NUMBER_KEYS.items():
        if key in numbers:
            try:
                options.append((option, resolve_options(OPTION_SPECS, {option: str(numbers[key])})[option]))
            except ValueError as exc:
                raise fail("numbers", key, f"[numbers] {key}: {exc}") from None
    colours = tuple((side.key, side.name, "#" + side.colour.hexval()[2:]) for side in sides)
    return DuelData(board.files, board.ranks, colours, tuple(kinds), leader, start, start_tiles, tuple(sorted(options)))


def _face(reader, section: str, which: str, grid: tuple[str, ...], aura: tuple[str, ...] | None,
          canonical: dict[str, str]) -> Face:
    """A face in the engine's letters; a slide or jump-slide off a straight line is refused (ruling
    18: it would have no direction to go on in)."""
    face = Face.read(tuple("".join(canonical[ch] for ch in row) for row in grid),
                     tuple("".join(canonical[ch] for ch in row) for row in aura) if aura else None)
    for dx, dy, symbols in face.marks:
        for symbol in symbols:
            if symbol in SLIDING and not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                what = "slide" if symbol == "s" else "jump-slide"
                raise reader.error(section, which, f"the {what} at ({dx:+d}, {dy:+d}) from the own square is "
                                                   f"not on a rank, a file or a diagonal, so it has no "
                                                   f"direction to go on in (ruling 18)")
    return face


def _leading(game: "DuelGame", kinds: list[Kind]) -> tuple[int, int, int]:
    """Ruling 3: the leader (one for each side), the start kind and how many start tiles."""
    numbers, fail = game.numbers, game.error
    by_key = {kind.key: kind for kind in kinds}

    def named(key: str, default: Kind) -> Kind:
        value = numbers.get(key, default.key)
        if value not in by_key:
            raise fail("numbers", key, f"[numbers] {key}: {value!r} is not a tile kind; kinds: {', '.join(by_key)}")
        return by_key[value]

    leader = named("leader", kinds[0])
    if leader.counts != (1, 1):
        raise fail(f"tiles.{leader.key}", "count",
                   f"[tiles.{leader.key}] is the leader: each side has exactly one, not {leader.counts[0]} and "
                   f"{leader.counts[1]} (ruling 3)")
    start_tiles = numbers.get("start_tiles", 2)
    if isinstance(start_tiles, bool) or not isinstance(start_tiles, int) or not 0 <= start_tiles <= MAX_START_TILES:
        raise fail("numbers", "start_tiles", f"[numbers] start_tiles: expected a whole number from 0 to "
                                             f"{MAX_START_TILES} (the squares beside a leader on its home rank), "
                                             f"not {start_tiles!r} (ruling 11)")
    start = named("start_tile", kinds[1])
    if start_tiles and start is leader:
        raise fail("numbers", "start_tile", f"[numbers] start_tile: the leader {leader.key!r} cannot also be "
                                            f"the start tile (ruling 3)")
    if start_tiles and min(start.counts) < start_tiles:
        raise fail(f"tiles.{start.key}", "count",
                   f"[tiles.{start.key}] is the start tile: each side needs at least {start_tiles} (start_tiles), "
                   f"not {start.counts[0]} and {start.counts[1]} (ruling 3)")
    if "draw_range" in numbers and numbers["draw_range"] != 1:
        raise fail("numbers", "draw_range", f"[numbers] draw_range: the rulings place a drawn tile next to "
                                            f"the leader: draw_range must be 1, not {numbers['draw_range']!r} "
                                            f"(ruling 3)")
    return leader.index, start.index, start_tiles
