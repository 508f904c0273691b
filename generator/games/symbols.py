"""The movement-grid vocabulary of tile games (Jarl / The Duke style tiles, whose faces are grids
of symbols around the piece's own square): each symbol's letter, name, legend words, the shape
the kit draws, and what it does as a rules engine reads it (docs/rulings/duel.md, rulings 5-7).
Plain data and the grid reader, no drawing: the kit draws each symbol by its `shape`
(`generator.kit.kinds.symbol`), and an engine reads the same grids with the same `Vocabulary`.

A game folder may rename the built-in symbols and add its own (`[symbols.KEY]`, read by
`Vocabulary.read`): the letter, the legend's name and words, a built-in shape or an art file.
A symbol the designer adds has no rules (`action` None): the kit draws it, an engine ignores it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..errors import did_you_mean

ACTIONS = ("move", "jump", "slide", "jump-slide", "strike", "command", "dread", "defense", "shield")
SHAPES = ("plate", "dot", "ring", "arrow", "open-arrow", "star", "command", "barred-dot", "barred-ring",
          "eye", "shield", "filled-shield", "square", "diamond", "cross", "triangle")
NOTHING = "."           # an empty grid square
OWN = "O"               # the piece's own square
MAX_SYMBOLS = 26        # symbols one game may use: a legend card holds them
SYMBOL_KEYS = ("letter", "name", "text", "shape", "art", "area")


@dataclass(frozen=True)
class Symbol:
    """One grid symbol. `key` is its character in a grid; `id` its name in `[symbols.ID]`;
    `action` one of `ACTIONS` (None: the own square, or a designer's symbol without rules);
    `captures`: an enemy on the square it reaches is taken; `area`: it may stand in an overlay
    grid (`front_aura`), on a square that has another symbol; `shape`: what the kit draws, or
    `art`: the designer's file (a path inside the game folder, loaded by the kit)."""

    key: str
    name: str
    action: str | None
    captures: bool
    meaning: str
    id: str = ""
    shape: str = "dot"
    area: bool = False
    art: str = ""

    @property
    def ruled(self) -> bool:
        """Whether the symbol has rules an engine follows (a built-in one)."""
        return self.id in BUILT_IN_IDS


_BUILT_IN = (
    Symbol("O", "Own square", None, False,
           "The tile stands here: the grid shows what it can do from this square.", "own", "plate"),
    Symbol("m", "Move", "move", True,
           "Move to this square if the way there is clear; take an enemy standing on it.", "move", "dot"),
    Symbol("j", "Jump", "jump", True,
           "Leap to this square over anything between; take an enemy on it.", "jump", "ring"),
    Symbol("s", "Slide", "slide", True,
           "Move any number of squares this way until something is in the way; take the first enemy met.",
           "slide", "arrow"),
    Symbol("J", "Jump-slide", "jump-slide", True,
           "Leap to this square, then slide on the same way as far as you like.", "jump_slide", "open-arrow"),
    Symbol("x", "Strike", "strike", True,
           "Take an enemy on this square without moving.", "strike", "star"),
    Symbol("c", "Command", "command", False,
           "Move one of your tiles from one command square to another; this tile stays put.",
           "command", "command", area=True),
    Symbol("n", "Move, no capture", "move", False,
           "Move to this empty square if the way there is clear; it never takes a tile.",
           "non_capture_move", "barred-dot"),
    Symbol("N", "Jump, no capture", "jump", False,
           "Leap to this empty square over anything between; it never takes a tile.",
           "non_capture_jump", "barred-ring"),
    Symbol("d", "Dread", "dread", False,
           "A tile on this square is frozen: it cannot act or be taken. Leaders and tiles with Dread are immune.",
           "dread", "eye", area=True),
    Symbol("D", "Defense", "defense", False,
           "This tile cannot be taken by an attack that comes through this square (a command still can).",
           "defense", "shield", area=True),
    Symbol("h", "Shield", "shield", False,
           "One of your tiles on this square is guarded on every side (this tile itself is not).",
           "shield_defense", "filled-shield", area=True),
)
SYMBOLS: dict[str, Symbol] = {s.key: s for s in _BUILT_IN}
BUILT_IN_IDS = tuple(s.id for s in _BUILT_IN)
AREA = "".join(s.key for s in _BUILT_IN if s.area)      # the symbols an overlay grid may hold
GRID_CHARS = set(SYMBOLS) | {NOTHING}

Fail = Callable[[str, "str | None", str], Exception]   # (section, key, message) -> the error to raise


@dataclass(frozen=True)
class Vocabulary:
    """The symbols one game's grids use, by their character."""

    symbols: dict[str, Symbol]

    @classmethod
    def default(cls) -> "Vocabulary":
        return cls(dict(SYMBOLS))

    @property
    def area(self) -> str:
        return "".join(k for k, s in self.symbols.items() if s.area)

    @classmethod
    def read(cls, tables: Any, fail: Fail) -> "Vocabulary":
        """The built-in symbols with the changes of `[symbols.KEY]` tables (KEY: a built-in's id,
        such as `dread`, or a new symbol's name). Raises what `fail` makes, at the table's key."""
        if tables is None:
            return cls.default()
        if not isinstance(tables, dict):
            raise fail("symbols", None, "[symbols] must be a table of named symbols, such as [symbols.dread]")
        by_id = {s.id: s for s in _BUILT_IN}
        found: dict[str, Symbol] = {}
        for name, entry in tables.items():
            section = f"symbols.{name}"
            if not isinstance(entry, dict):
                raise fail("symbols", name, f"[{section}] must be a table (letter, name, text, shape or art, area)")
            for key in entry:
                if key not in SYMBOL_KEYS:
                    raise fail(section, key, f"[{section}] unknown key {key!r}{did_you_mean(key, SYMBOL_KEYS)}; "
                                             f"accepted keys: {', '.join(SYMBOL_KEYS)}")
            base = by_id.get(name)
            if base is None and not any(k in entry for k in ("shape", "art")):
                hint = did_you_mean(name, by_id)
                raise fail(section, None, f"[{section}] is not a built-in symbol{hint}; a new symbol needs "
                                          f"shape = one of {', '.join(SHAPES)}, or art = a file; built-in: "
                                          f"{', '.join(by_id)}")
            text = {}
            for key in ("letter", "name", "text", "shape", "art"):
                if key in entry and (not isinstance(entry[key], str) or not entry[key].strip()
                                     or "\n" in entry[key] or len(entry[key]) > 300):
                    raise fail(section, key, f"[{section}] {key}: expected one line of text, not {entry[key]!r}")
                if key in entry:
                    text[key] = entry[key].strip()
            letter = text.get("letter", base.key if base else "")
            if len(letter) != 1 or letter in (NOTHING, " ") or not letter.isprintable():
                raise fail(section, "letter" if "letter" in entry else None,
                           f"[{section}] letter: expected one character (not '.' or a space), not {letter!r}")
            if "shape" in text and text["shape"] not in SHAPES:
                raise fail(section, "shape", f"[{section}] shape: unknown shape {text['shape']!r}"
                                             f"{did_you_mean(text['shape'], SHAPES)}; shapes: {', '.join(SHAPES)}")
            if "area" in entry and not isinstance(entry["area"], bool):
                raise fail(section, "area", f"[{section}] area: expected true or false, not {entry['area']!r}")
            if base is not None and base.key == OWN and "area" in entry:
                raise fail(section, "area", f"[{section}] the own square cannot be an area symbol")
            symbol = base or Symbol(letter, name.replace("_", " ").capitalize(), None, False, "", name, "dot")
            symbol = replace(symbol, key=letter, name=text.get("name", symbol.name),
                             meaning=text.get("text", symbol.meaning), shape=text.get("shape", symbol.shape),
                             art=text.get("art", ""), area=entry.get("area", symbol.area))
            found[name] = symbol
        symbols = {s.id: s for s in _BUILT_IN}
        symbols.update(found)
        by_key: dict[str, Symbol] = {}
        for symbol in symbols.values():
            if symbol.key in by_key:
                changed, other = (symbol, by_key[symbol.key]) if symbol.id in found else (by_key[symbol.key], symbol)
                raise fail(f"symbols.{changed.id}", "letter",
                           f"[symbols.{changed.id}] letter {symbol.key!r} is already the letter of {other.id!r} "
                           f"({other.name}); give one of them another letter")
            by_key[symbol.key] = symbol
        if len(by_key) > MAX_SYMBOLS + len(_BUILT_IN):
            raise fail("symbols", None, f"[symbols] declares {len(found)} symbols; at most {MAX_SYMBOLS}")
        return cls(by_key)

    def read_tile_grid(self, value: Any, fail: Callable[[str], Exception], area_only: bool = False) -> tuple[str, ...]:
        """A tile face's grid: an odd number of rows, 3 to 9, each that many symbols, exactly one
        own square (ruling 5); spaces between symbols are ignored. With `area_only`, an overlay
        grid: only '.', the own square and area symbols. `fail(message)` makes the error."""
        rows = tuple(r.replace(" ", "") for r in value) if isinstance(value, list) and \
            all(isinstance(r, str) for r in value) else ()
        n = len(rows)
        if not rows or n % 2 == 0 or not 3 <= n <= 9 or any(len(r) != n for r in rows):
            raise fail("expected an odd square grid of 3 to 9 rows, such as "
                       "[\".....\", \"..m..\", \".mOm.\", \"..m..\", \".....\"]")
        own = self.letter_of("own")
        allowed = ({own, NOTHING} | set(self.area)) if area_only else set(self.symbols) | {NOTHING}
        for number, row in enumerate(rows, start=1):
            for ch in row:
                if ch not in allowed:
                    if area_only and ch in self.symbols:
                        raise fail(f"row {number}: {self.symbols[ch].name!r} ({ch}) cannot stand "
                                   f"in an overlay grid; it holds '.', {own} and the area symbols "
                                   f"{', '.join(self.area)}")
                    known = "; ".join(f"{k} {s.name.lower()}" for k, s in self.symbols.items())
                    raise fail(f"row {number}: unknown symbol {ch!r}; symbols: {known}; . nothing "
                               f"(add your own with [symbols.NAME])")
        if sum(r.count(own) for r in rows) != 1:
            raise fail(f"needs exactly one {own}: the tile's own square")
        return rows

    def letter_of(self, symbol_id: str) -> str:
        return next(k for k, s in self.symbols.items() if s.id == symbol_id)

    def check_aura(self, grid: tuple[str, ...], aura: tuple[str, ...], fail: Callable[[str], Exception]) -> None:
        """An overlay grid must be the size of its face's grid, with the own square in the same place
        (ruling 6)."""
        own = self.letter_of("own")
        if len(aura) != len(grid):
            raise fail(f"has {len(aura)} rows, its face's grid {len(grid)}: an overlay grid is the same size")
        where = [(r, row.index(own)) for r, row in enumerate(grid) if own in row]
        if aura[where[0][0]][where[0][1]] != own:
            raise fail(f"must have its {own} where its face's grid has it (row {where[0][0] + 1}, "
                       f"column {where[0][1] + 1})")


def cells(grid: tuple[str, ...], aura: tuple[str, ...] | None = None) -> dict[tuple[int, int], str]:
    """Each square's symbols (ruling 6: the union of the grid's cell and the overlay's), keyed by
    (row, column), top row first; empty squares left out."""
    found: dict[tuple[int, int], str] = {}
    for r, row in enumerate(grid):
        for k, ch in enumerate(row):
            extra = aura[r][k] if aura is not None else NOTHING
            symbols = "".join(dict.fromkeys(s for s in (ch, extra) if s != NOTHING))
            if symbols:
                found[r, k] = symbols
    return found


def tile_letters(keys: list[str], declared: dict[str, str]) -> dict[str, str]:
    """Each tile kind's letter in example grids (ruling 7): its declared `letter`, else, in file
    order, the first letter of its key not yet taken, else the first free letter of the alphabet."""
    taken = set(declared.values())
    letters = dict(declared)
    for key in keys:
        if key in letters:
            continue
        pick = next((ch for ch in key.upper() if ch in string.ascii_uppercase and ch not in taken), None)
        pick = pick or next((ch for ch in string.ascii_uppercase if ch not in taken), None)
        if pick is None:
            raise ValueError("more than 26 tile kinds: not every kind can have a letter")
        letters[key] = pick
        taken.add(pick)
    return {key: letters[key] for key in keys}
