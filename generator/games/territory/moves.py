"""Moves of a territory game and their notation (docs/rulings/territory.md rulings 11-18).

A turn is one action (ruling 13): `place S3 c2` (a warrior), one to N palisades, or `pass`. The
engine plays a palisade action one line at a time (`palisade c3|d3`, then another or `end`), which
ruling 16 shows is the same as placing them together, so a search weighs one line at a time
instead of every pair. The deal of the gold (ruling 11) is a chance event per mine (`deal a5 7`),
drawn by the rules before the first turn.

    >>> codec = Codec(("S", "E"), board_lines(8, 5))
    >>> codec.parse("palisade d3|c3").notation(), codec.parse("place E2 h5").notation()
    ('palisade c3|d3', 'place E2 h5')
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import InvalidMoveError
from .lines import Lines, board_lines

DEAL, PLACE, PALISADE, END, PASS = range(5)   # the kinds, in the order legal moves are listed
MAX_VALUE_DIGITS = 6


class Move(NamedTuple):
    """A move: its kind, the clan (a side's index in file order) and value of a placed warrior,
    the square (a warrior, a dealt pile) or line (a palisade) it is about, and its notation."""

    kind: int
    clan: int
    value: int
    at: int
    text: str

    def notation(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


class Codec:
    """The moves of one game (its sides' letters and its board), made once each and kept."""

    def __init__(self, letters: tuple[str, ...], lines: Lines):
        self.letters, self.lines, self.geo = letters, lines, lines.geo
        self._made: dict[tuple, Move] = {}
        self._rows: dict[tuple, tuple] = {}
        self.end = Move(END, -1, 0, -1, "end")
        self.passing = Move(PASS, -1, 0, -1, "pass")

    def place(self, clan: int, value: int, square: int) -> Move:
        key = (PLACE, clan, value, square)
        move = self._made.get(key)
        if move is None:
            move = self._made[key] = Move(PLACE, clan, value, square,
                                          f"place {self.letters[clan]}{value} {self.geo.names[square]}")
        return move

    def palisade(self, line: int) -> Move:
        key = (PALISADE, line)
        move = self._made.get(key)
        if move is None:
            move = self._made[key] = Move(PALISADE, -1, 0, line, f"palisade {self.lines.names[line]}")
        return move

    def row(self, clan: int, value: int) -> tuple[Move, ...]:
        """The placements of one warrior, by square (made once: the move generator indexes it)."""
        key = (clan, value)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = tuple(self.place(clan, value, s) for s in range(self.geo.size))
        return row

    def lines_row(self) -> tuple[Move | None, ...]:
        """The palisade moves, by line id (None for an id on the outer edge)."""
        row = self._rows.get(())
        if row is None:
            row = self._rows[()] = tuple(self.palisade(line) if name else None
                                          for line, name in enumerate(self.lines.names))
        return row

    def deal(self, square: int, size: int) -> Move:
        return Move(DEAL, -1, size, square, f"deal {self.geo.names[square]} {size}")

    def parse(self, text: str) -> Move:
        """A move from its notation; raises InvalidMoveError saying what was expected."""
        words = text.split()
        try:
            return self.read(words)
        except ValueError as exc:
            raise InvalidMoveError(str(exc)) from None

    def read(self, words: list[str]) -> Move:
        """A move from its words; raises ValueError."""
        head = words[0] if words else ""
        if head in ("pass", "end") and len(words) == 1:
            return self.passing if head == "pass" else self.end
        if head == "place" and len(words) == 3:
            return self.place(*self.warrior(words[1]), self.geo.parse(words[2]))
        if head == "palisade" and len(words) == 2:
            return self.palisade(self.lines.parse(words[1]))
        if head == "deal" and len(words) == 3 and words[2].isascii() and words[2].isdigit():
            return self.deal(self.geo.parse(words[1]), int(words[2]))
        raise ValueError(f"expected 'place S3 c2', 'palisade c3|d3', 'end' or 'pass', got {' '.join(words)!r}")

    def warrior(self, word: str) -> tuple[int, int]:
        """`S3` to (clan, value): a side's letter and a whole number from 1; raises ValueError."""
        letter, number = word[:1], word[1:]
        if letter not in self.letters:
            raise ValueError(f"bad warrior {word!r}: {letter!r} is no side's letter; letters: "
                             f"{' '.join(self.letters)}")
        if not (number.isascii() and number.isdigit()) or len(number) > MAX_VALUE_DIGITS or int(number) < 1:
            raise ValueError(f"bad warrior {word!r}: expected a side's letter and a value from 1, like S3")
        return self.letters.index(letter), int(number)


__all__ = ["DEAL", "END", "PALISADE", "PASS", "PLACE", "Codec", "Move", "board_lines"]
