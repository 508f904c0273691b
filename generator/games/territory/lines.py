"""The inner lines of a files x ranks board, on which palisades stand (docs/rulings/territory.md,
rulings 6-9), and the two searches a palisade needs: does it cut a territory in two, and which
squares are cut off. Both look only inside the territory the line crosses (ruling 16: a palisade
only ever splits one territory), never at the whole board.

A line has an id: `2 * s` is the line east of square s (`c3|d3`), `2 * s + 1` the line north of it
(`c3/c4`). Ids of lines on the outer edge are never used.

    >>> lines = board_lines(8, 5)
    >>> len(lines.inner), lines.name(lines.parse("d3|c3")), lines.name(lines.parse("c4/c3"))
    (67, 'c3|d3', 'c3/c4')
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from ..grid import Geometry, geometry


class Lines:
    """The inner lines of one board size, built once (`board_lines`)."""

    def __init__(self, files: int, ranks: int):
        geo: Geometry = geometry(files, ranks)
        self.geo, self.files, self.size = geo, files, geo.size
        ends: list[tuple[int, int] | None] = [None] * (2 * geo.size)
        links: list[list[tuple[int, int]]] = [[] for _ in range(geo.size)]
        for s in range(geo.size):
            f, r = geo.file_rank(s)
            if f + 1 < files:
                ends[2 * s] = (s, s + 1)
            if r + 1 < geo.ranks:
                ends[2 * s + 1] = (s, s + files)
        for line, pair in enumerate(ends):
            if pair:
                a, b = pair
                links[a].append((b, line))
                links[b].append((a, line))
        self.ends = tuple(ends)
        self.inner = tuple(line for line, pair in enumerate(ends) if pair)  # ruling 7: (F-1)R + F(R-1)
        self.links = tuple(tuple(sorted(pairs)) for pairs in links)
        self.names = tuple(self._name(line) if pair else "" for line, pair in enumerate(ends))
        self._ids = {name: line for line, name in enumerate(self.names) if name}
        self.around = tuple(self._around(line) if pair else () for line, pair in enumerate(ends))

    def _name(self, line: int) -> str:
        a, b = self.ends[line]
        return f"{self.geo.name(a)}{'|' if line % 2 == 0 else '/'}{self.geo.name(b)}"

    def _around(self, line: int) -> tuple[tuple[int, int, int], ...]:
        """The detours of three lines that join the two squares of `line` around a block of four
        squares: through the pair of squares beside them on either side, where the board has room."""
        a, b = self.ends[line]
        files, ranks = self.files, self.geo.ranks
        f, r = self.geo.file_rank(a)
        detours = []
        if line % 2 == 0:   # a|b, then c|d above or below: a/c, c|d, b/d
            if r + 1 < ranks:
                c, d = a + files, b + files
                detours.append((2 * a + 1, 2 * c, 2 * b + 1))
            if r > 0:
                c, d = a - files, b - files
                detours.append((2 * c + 1, 2 * c, 2 * d + 1))
        else:               # a/b, then c/d to the right or left: a|c, c/d, b|d
            if f + 1 < files:
                c, d = a + 1, b + 1
                detours.append((2 * a, 2 * c + 1, 2 * b))
            if f > 0:
                c, d = a - 1, b - 1
                detours.append((2 * c, 2 * c + 1, 2 * d))
        return tuple(detours)

    def name(self, line: int) -> str:
        """`c3|d3` (two squares of a rank) or `c3/c4` (two of a file), the lower file or rank first."""
        return self.names[line]

    def parse(self, text: str) -> int:
        """A line's id from its name, either square first; raises ValueError saying what is wrong."""
        line = self._ids.get(text)
        if line is not None:
            return line
        for mark in "|/":
            first, sep, second = text.partition(mark)
            if sep:
                a, b = self.geo.parse(first), self.geo.parse(second)   # ValueError for a bad square
                line = self._ids.get(f"{second}{mark}{first}")
                if line is not None:
                    return line
                kind = "of one rank on neighbouring files" if mark == "|" else "of one file on neighbouring ranks"
                raise ValueError(f"{text!r} is not a line: {mark} joins two squares {kind}")
        raise ValueError(f"bad line {text!r}: expected two neighbouring squares as c3|d3 or c3/c4")

    # ------------------------------------------------------------------ searches
    def cut_off(self, walls: list[int], line: int, least: int) -> int:
        """With a palisade added on `line` (free now), the size of the smaller of the two parts it
        would cut its territory into when that part has fewer than `least` squares; 0 when the
        line cuts nothing off, or only parts of `least` squares or more (ruling 16).

        Each side of the line is searched for at most `least` squares, so the cost does not grow
        with the board."""
        for first, second, third in self.around[line]:
            if not (walls[first] or walls[second] or walls[third]):
                return 0                       # the squares stay joined around a block of four
        a, b = self.ends[line]
        for start, goal in ((a, b), (b, a)):
            seen = {start}
            todo = [start]
            while todo and len(seen) < least:
                s = todo.pop()
                for t, through in self.links[s]:
                    if through == line or walls[through] or t in seen:
                        continue
                    if t == goal:
                        return 0               # still joined: nothing is cut off
                    seen.add(t)
                    todo.append(t)
            if not todo and len(seen) < least:
                return len(seen)               # this side is closed off, and too small
        return 0

    def split(self, walls: list[int], line: int) -> list[int] | None:
        """With a palisade now on `line`, the squares on one side when it has cut its territory in
        two (the part the search closed first, never larger than needed), else None. Two searches,
        one from each square of the line, take turns; the first that runs out of squares has
        found a whole part, and one that meets the other proves nothing was cut."""
        a, b = self.ends[line]
        sides = ({a}, {b})
        queues = (deque([a]), deque([b]))
        owner = {a: 0, b: 1}
        while True:
            for k in (0, 1):
                queue = queues[k]
                if not queue:
                    return sorted(sides[k])
                s = queue.popleft()
                for t, through in self.links[s]:
                    if walls[through]:
                        continue
                    seen = owner.get(t)
                    if seen is None:
                        owner[t] = k
                        sides[k].add(t)
                        queue.append(t)
                    elif seen != k:
                        return None


@lru_cache(maxsize=None)
def board_lines(files: int, ranks: int) -> Lines:
    """The lines of a files x ranks board, built once per size."""
    return Lines(files, ranks)
