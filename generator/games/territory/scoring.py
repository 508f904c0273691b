"""The end of a territory game (docs/rulings/territory.md rulings 20-24): each territory's gold
to its strongest side, ties shared and remainders discarded, one pile per take, the scores, and
the winner with the tie-break on piles.

    >>> winners_of((12, 12, 5), ((7, 5), (6, 6), (5,)))
    ((0,), 'tie-break')
    >>> winners_of((9, 9), ((6, 3), (6, 3)))
    ((0, 1), 'shared')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Territory:
    """One territory at the scoring: its squares (ascending), its gold (ruling 21: the piles on its
    mines), each seat's strength there, the seats that take its gold and what each takes."""

    squares: tuple[int, ...]
    gold: int
    strengths: tuple[int, ...]
    takers: tuple[int, ...]
    take: int


@dataclass(frozen=True)
class Result:
    """The scoring: the territories in reading order (from the top left), each seat's score and
    piles (largest first), the winning seats and how they won ("most-gold", "tie-break", "shared")."""

    territories: tuple[Territory, ...]
    scores: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    way: str


class UnknownValue(ValueError):
    """The scoring needs the value of a warrior the position does not know (`square`)."""

    def __init__(self, square: int):
        self.square = square
        super().__init__(square)


def groups(region: Sequence[int], files: int) -> list[list[int]]:
    """The territories as lists of squares, ascending, in reading order: by the first square of
    each read from the top rank down, left to right."""
    found: dict[int, list[int]] = {}
    ranks = len(region) // files
    for rank in range(ranks - 1, -1, -1):
        for s in range(rank * files, rank * files + files):
            found.setdefault(region[s], []).append(s)
    return [sorted(squares) for squares in found.values()]


def score(owner: Sequence[int], value: Sequence[int], region: Sequence[int], gold: Sequence[int],
          seats: int, files: int) -> Result:
    """Rulings 20-24 on a position whose warriors are all face up. Raises UnknownValue for a
    warrior of unknown value in a territory that holds gold (its value decides the take)."""
    territories, piles = [], [[] for _ in range(seats)]
    for squares in groups(region, files):
        total = sum(gold[s] for s in squares)
        strengths = [0] * seats
        present = set()
        for s in squares:
            seat = owner[s]
            if seat >= 0:
                if not value[s] and total:
                    raise UnknownValue(s)
                strengths[seat] += value[s]
                present.add(seat)
        takers: tuple[int, ...] = ()
        take = 0
        if present:
            best = max(strengths[seat] for seat in present)
            takers = tuple(seat for seat in sorted(present) if strengths[seat] == best)
            take = total // len(takers)            # ruling 21: the remainder is discarded
            if take:                               # ruling 22: a take of 0 makes no pile
                for seat in takers:
                    piles[seat].append(take)
        territories.append(Territory(tuple(squares), total, tuple(strengths), takers, take))
    ordered = tuple(tuple(sorted(p, reverse=True)) for p in piles)
    scores = tuple(sum(p) for p in ordered)
    winners, way = winners_of(scores, ordered)
    return Result(tuple(territories), scores, ordered, winners, way)


def winners_of(scores: Sequence[int], piles: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], str]:
    """Rulings 23-24: the seats with the highest score; among several, those whose piles, largest
    first, stay in front when compared entry by entry (a list that has run out counts 0). Several
    left at the end share the win."""
    best = max(scores)
    tied = [seat for seat, points in enumerate(scores) if points == best]
    if len(tied) == 1:
        return tuple(tied), "most-gold"
    depth = max(len(piles[seat]) for seat in tied)
    for k in range(depth):
        entry = {seat: piles[seat][k] if k < len(piles[seat]) else 0 for seat in tied}
        top = max(entry.values())
        tied = [seat for seat in tied if entry[seat] == top]
        if len(tied) == 1:
            return tuple(tied), "tie-break"
    return tuple(tied), "shared"
