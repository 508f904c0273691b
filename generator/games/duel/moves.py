"""Duel moves and their notation (docs/diagram-notation.md, the duel blocks).

| move | notation | what |
| --- | --- | --- |
| activate: move | `c3-c4`, `c3-c4/j` | the tile on c3 goes to c4 (by the named symbol only) |
| activate: strike | `b2xc4` | the tile on b2 takes the enemy on c4 and stays |
| activate: command | `d2:c3-e3` | the tile on d2 sends its side's tile on c3 to e3 |
| draw | `+` | the side draws from its bag: a chance node follows |
| the tile drawn | `+spear` | the chance outcome: a spear came out of the bag |
| place | `@c2`, `@c2/2` | the drawn tile goes on c2, face 1 (or 2) up |
| setup | `setup d1 c1 e1` | the leader's square, then the start tiles' (`/2`: face 2); one word, `setup:d1,c1,e1`, in the engine's records |

An example's `+spear@c2` is one turn of three moves: `+`, `+spear`, `@c2`. Moves are interned
per game (`Notation`), so two equal moves are the same object and compare and hash fast.
"""

from __future__ import annotations

import re

from ..base import InvalidMoveError
from ..grid import Geometry

SETUP, DRAW, DRAWN, PLACE, STEP, STRIKE, COMMAND = range(7)
MOVE_SYMBOLS = "mjsJnN"      # the symbols a `-` move may name (rulings 16-20)


class Move:
    """One move; `kind` is SETUP ... COMMAND. Fields by kind: STEP (a from, b to, symbol "" for
    any), STRIKE (a from, b target), COMMAND (a commander, b from, c to), DRAWN (a kind index),
    PLACE (a square, b face 0 or 1), SETUP (a leader's square, b its face, starts ((square, face)...),
    ascending). Ordered by kind, then squares."""

    __slots__ = ("kind", "a", "b", "c", "symbol", "starts", "text", "key", "_hash", "squares")

    def __init__(self, kind: int, a: int = -1, b: int = -1, c: int = -1, symbol: str = "",
                 starts: tuple[tuple[int, int], ...] = (), text: str = ""):
        self.kind, self.a, self.b, self.c, self.symbol, self.starts, self.text = kind, a, b, c, symbol, starts, text
        self.key = (kind, a, b, c, MOVE_SYMBOLS.find(symbol), starts)
        self._hash = hash(self.key)
        # the squares an action changes (a command's three, a placement's one)
        self.squares = {STEP: (a, b), STRIKE: (a, b), COMMAND: (a, b, c), PLACE: (a,)}.get(kind, ())

    def notation(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, Move) and self.key == other.key)

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: "Move") -> bool:
        return self.key < other.key


DRAW_MOVE = Move(DRAW, text="+")

_ACTIVATION = re.compile(r"^([a-z]\d+)(?:(-)([a-z]\d+)(?:/(.))?|(x)([a-z]\d+)|:([a-z]\d+)-([a-z]\d+))$")
_PLACE = re.compile(r"^@([a-z]\d+)(?:/(.+))?$")
_DRAWN = re.compile(r"^\+([A-Za-z0-9_-]+)(?:@(.*))?$")


class Notation:
    """The interned moves of one board and one set of kinds, and the parser of their notation."""

    def __init__(self, geo: Geometry, kinds: tuple[str, ...]):
        self.geo, self.kinds = geo, kinds
        self.names = geo.names
        size = geo.size
        self.steps: list[Move | None] = [None] * (size * size)   # interned `a-b`, by a * size + b
        self._strikes: list[Move | None] = [None] * (size * size)
        self._other: dict[tuple, Move] = {}
        self.drawn = tuple(Move(DRAWN, i, text=f"+{key}") for i, key in enumerate(kinds))
        self._places = [tuple(Move(PLACE, s, face, text=f"@{name}" + ("/2" if face else ""))
                              for face in (0, 1)) for s, name in enumerate(self.names)]

    # --- the interned moves
    def step(self, frm: int, to: int, symbol: str = "") -> Move:
        if symbol:
            return self._intern((STEP, frm, to, symbol))
        index = frm * self.geo.size + to
        move = self.steps[index]
        if move is None:
            move = self.steps[index] = Move(STEP, frm, to, text=f"{self.names[frm]}-{self.names[to]}")
        return move

    def strike(self, frm: int, to: int) -> Move:
        index = frm * self.geo.size + to
        move = self._strikes[index]
        if move is None:
            move = self._strikes[index] = Move(STRIKE, frm, to, text=f"{self.names[frm]}x{self.names[to]}")
        return move

    def command(self, by: int, frm: int, to: int) -> Move:
        return self._intern((COMMAND, by, frm, to))

    def place(self, square: int, face: int) -> Move:
        return self._places[square][face]

    def setup(self, leader: int, face: int, starts: tuple[tuple[int, int], ...]) -> Move:
        return self._intern((SETUP, leader, face, tuple(sorted(starts))))

    def _intern(self, key: tuple) -> Move:
        move = self._other.get(key)
        if move is None:
            names = self.names
            kind, a, b, c = key
            if kind == STEP:
                move = Move(STEP, a, b, symbol=c, text=f"{names[a]}-{names[b]}/{c}")
            elif kind == COMMAND:
                move = Move(COMMAND, a, b, c, text=f"{names[a]}:{names[b]}-{names[c]}")
            else:
                words = [names[a] + ("/2" if b else "")] + [names[s] + ("/2" if f else "") for s, f in c]
                move = Move(SETUP, a, b, starts=c, text="setup:" + ",".join(words))
            self._other[key] = move
        return move

    # --- reading
    def parse(self, text: str) -> Move:
        """One move from its notation; raises InvalidMoveError saying what was expected (a square
        off the board, an unknown kind or symbol).

        A turn of the examples (`+spear@c2`, several moves) is `parse_turn`'s."""
        moves = self.parse_turn(text.split())
        if len(moves) != 1:
            raise InvalidMoveError(f"{text!r} is a whole turn of {len(moves)} moves, not one move")
        return moves[0]

    def parse_turn(self, words: list[str]) -> tuple[Move, ...]:
        """The moves of one `play:` line (one turn): an activation, `+KIND@SQUARE[/2]` (draw,
        the tile drawn, its placement), or `setup SQUARE...`; also the moves of a turn in parts
        (`+`, `+KIND`, `@SQUARE`), which the engine's own records use."""
        if not words:
            raise InvalidMoveError("expected a move such as c3-c4, b2xc4, d2:c3-e3, +spear@c2 or setup d1 c1 e1")
        if words[0] == "setup" or (len(words) == 1 and words[0].startswith("setup:")):
            squares = words[1:] if words[0] == "setup" else words[0][len("setup:"):].split(",")
            if not squares or not all(squares):
                raise InvalidMoveError("expected 'setup' then the leader's square and the start tiles' squares")
            (leader, face), *starts = [self._square_face(word) for word in squares]
            if len({s for s, _ in starts} | {leader}) != len(starts) + 1:    # refused by the rules
                return (Move(SETUP, leader, face, starts=tuple(starts), text="setup:" + ",".join(squares)),)
            return (self.setup(leader, face, tuple(starts)),)
        if len(words) != 1:
            raise InvalidMoveError(f"expected one move, got {' '.join(words)!r} (a turn is one move; "
                                   f"only setup lists several squares)")
        word = words[0]
        if word == "+":
            return (DRAW_MOVE,)
        match = _DRAWN.match(word)
        if match:
            key, place = match.groups()
            if key not in self.kinds:
                raise InvalidMoveError(f"unknown tile kind {key!r} in {word!r}; kinds: {', '.join(self.kinds)}")
            drawn = self.drawn[self.kinds.index(key)]
            if place is None:
                return (drawn,)
            return (DRAW_MOVE, drawn, self._place(f"@{place}", word))
        if word.startswith("@"):
            return (self._place(word, word),)
        match = _ACTIVATION.match(word)
        if not match:
            raise InvalidMoveError(f"expected a move such as c3-c4, c3-c4/j, b2xc4, d2:c3-e3 or +spear@c2, "
                                   f"got {word!r}")
        frm, dash, to, symbol, strike, target, src, dst = match.groups()
        if dash:
            if symbol is not None and symbol not in MOVE_SYMBOLS:
                raise InvalidMoveError(f"unknown move symbol {symbol!r} in {word!r}: a move names one of "
                                       f"{' '.join(MOVE_SYMBOLS)}")
            return (self.step(self._square(frm, word), self._square(to, word), symbol or ""),)
        if strike:
            return (self.strike(self._square(frm, word), self._square(target, word)),)
        return (self.command(self._square(frm, word), self._square(src, word), self._square(dst, word)),)

    def _place(self, text: str, word: str) -> Move:
        match = _PLACE.match(text)
        if not match:
            raise InvalidMoveError(f"expected a placement such as +spear@c2 or +spear@c2/2, got {word!r}")
        square, face = self._square_face(text[1:])
        return self.place(square, face)

    def _square_face(self, word: str) -> tuple[int, int]:
        name, sep, face = word.partition("/")
        if sep and face not in ("1", "2"):
            raise InvalidMoveError(f"expected a face /1 or /2 after {name}, got {word!r}")
        return self._square(name, word), int(face == "2")

    def _square(self, name: str, word: str) -> int:
        try:
            return self.geo.parse(name)
        except ValueError as exc:
            raise InvalidMoveError(f"{exc} (in {word!r})") from None
