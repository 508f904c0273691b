"""What a tile can reach from a square, built once per game from its data (docs/rulings/duel.md
rulings 8-26): each symbol's target squares turned toward the tile's owner, the routes to them,
and the squares its face marks for command, defense, shield and dread.

A tile on the board is an int `code`: 0 is an empty square, else `1 + 4 * kind + 2 * seat + face`
(face 0 is face 1, the starting side). `Tables.reach(code, square)` is built on first use.
"""

from __future__ import annotations

from functools import lru_cache

from ..grid import ADJACENT, ORTHOGONAL, geometry
from .data import DuelData
from .moves import Notation

Routes = tuple[tuple[int, ...], ...]   # each route's crossed squares (strictly between its ends)


def encode(kind: int, seat: int, face: int) -> int:
    return 1 + 4 * kind + 2 * seat + face


class Reach:
    """What the tile `code` standing on one square can reach with its current face.

    `steps`: (target, routes, captures, symbol) for `m` (captures) and `n` at a square beyond
    a neighbour; `jumps`: the same for `j` and `N`, and for `m` and `n` at a neighbour (which cross
    nothing, so judged alike); `slides`: (before, ray, jumping) for `s` and `J` (jumping), `before` the squares
    between the tile and the symbol's square, `ray` that square and the ones beyond it to the
    edge; `strikes`: (target, routes); `command`: the command squares; `defense`, `shield`,
    `dread`: the squares its face marks D, h and d. `hits[square]`: the ways it could capture a
    tile there, were nothing in the way (the in-guard test of ruling 27)."""

    __slots__ = ("steps", "jumps", "slides", "strikes", "command", "defense", "shield", "dread", "hits", "touches")

    def __init__(self):
        self.steps: list[tuple[int, Routes, bool, str]] = []
        self.jumps: list[tuple[int, Routes, bool, str]] = []
        self.slides: list[tuple[tuple[int, ...], tuple[int, ...], bool]] = []
        self.strikes: list[tuple[int, Routes]] = []
        self.command: tuple[int, ...] = ()
        self.defense: frozenset[int] = frozenset()
        self.shield: tuple[int, ...] = ()
        self.dread: tuple[int, ...] = ()
        self.hits: dict[int, list[tuple]] = {}
        self.touches = 0     # the squares of `hits` and `command`, as bits (1 << square)


class Tables:
    """A game's fixed facts in the shapes the engine's loops want; one per `DuelData`."""

    def __init__(self, data: DuelData):
        self.data = data
        self.geo = geo = geometry(data.files, data.ranks)
        self.size = geo.size
        self.notation = Notation(geo, tuple(kind.key for kind in data.kinds))
        n = 1 + 4 * len(data.kinds)
        self.kind_of = [-1] * n
        self.seat_of = [-1] * n
        self.face_of = [-1] * n
        for kind in data.kinds:
            for seat in (0, 1):
                for face in (0, 1):
                    code = encode(kind.index, seat, face)
                    self.kind_of[code], self.seat_of[code], self.face_of[code] = kind.index, seat, face
        dread = [kind.shows("d") for kind in data.kinds]
        self.has_dread = any(dread)
        self.has_shield = any(kind.shows("h") for kind in data.kinds)
        # ruling 24: leaders and kinds showing dread are never frozen
        self.immune = [code > 0 and (self.kind_of[code] == data.leader or dread[self.kind_of[code]])
                       for code in range(n)]
        # kinds whose move or flip can change what threatens a leader beyond the squares it leaves
        shield = [kind.shows("h") for kind in data.kinds]
        self.sensitive = [code > 0 and (dread[self.kind_of[code]] or shield[self.kind_of[code]]) for code in range(n)]
        # the same when only one of the two can matter: `risk[(dread, shield)][code]`
        self.risk = {(d, h): [code > 0 and ((d and dread[self.kind_of[code]]) or (h and shield[self.kind_of[code]]))
                              for code in range(n)] for d in (False, True) for h in (False, True)}
        # codes whose face up marks squares with dread or shield (ruling 24, 26)
        self.marking = [code > 0 and bool({"d", "h"} & {sym for _, _, symbols in
                                                        data.kinds[self.kind_of[code]].faces[self.face_of[code]].marks
                                                        for sym in symbols}) for code in range(n)]
        self.leader_codes = frozenset(encode(data.leader, seat, face) for seat in (0, 1) for face in (0, 1))
        self.around = [tuple(t for t in row if t >= 0) for row in geo.steps(ADJACENT)]
        self.beside = [tuple(t for t in row if t >= 0) for row in geo.steps(ORTHOGONAL)]
        # reaches[code][square], built on first use by `reach` (hot loops read it first)
        self.reaches: list[list[Reach | None]] = [[None] * self.size for _ in range(n)]
        self._routes: dict[tuple[int, int], Routes] = {}
        self.worth = tuple(worth(kind) for kind in data.kinds)
        files = data.files
        middle = [f for f in range(files) if abs(2 * f - (files - 1)) <= 1]   # ruling 11
        self.home_squares = (tuple(middle), tuple(f + files * (data.ranks - 1) for f in middle))

    # --- routes (rulings 16-25)
    def routes(self, a: int, b: int) -> Routes:
        """The squares each route from `a` to `b` crosses: one straight line for a straight offset;
        else every shortest king-step path on the board, its crossed squares once each."""
        key = (a, b)
        found = self._routes.get(key)
        if found is None:
            found = self._routes[key] = self._find_routes(a, b)
        return found

    def _find_routes(self, a: int, b: int) -> Routes:
        geo = self.geo
        fa, ra = geo.file_rank(a)
        fb, rb = geo.file_rank(b)
        df, dr = fb - fa, rb - ra
        steps = max(abs(df), abs(dr))
        if df == 0 or dr == 0 or abs(df) == abs(dr):
            uf, ur = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            return (tuple(geo.square(fa + uf * k, ra + ur * k) for k in range(1, steps)),)
        found: list[tuple[int, ...]] = []

        def walk(f: int, r: int, left: int, crossed: tuple[int, ...]) -> None:
            if left == 0:
                if (f, r) == (fb, rb):
                    found.append(crossed[:-1])
                return
            for uf in (-1, 0, 1):
                for ur in (-1, 0, 1):
                    nf, nr = f + uf, r + ur
                    if (uf or ur) and max(abs(fb - nf), abs(rb - nr)) <= left - 1 and \
                            0 <= nf < geo.files and 0 <= nr < geo.ranks:
                        walk(nf, nr, left - 1, crossed + (geo.square(nf, nr),))

        walk(fa, ra, steps, ())
        return tuple(sorted(set(found)))

    # --- what a tile reaches
    def reach(self, code: int, square: int) -> Reach:
        row = self.reaches[code]
        found = row[square]
        if found is None:
            found = row[square] = self._build(code, square)
        return found

    def _build(self, code: int, a: int) -> Reach:
        """Ruling 9: a side-1 tile's offset (dx, dy) is the board's (df, dr); a side-2 tile's grid
        is turned 180 degrees. Cells off the board are unusable."""
        geo = self.geo
        kind = self.data.kinds[self.kind_of[code]]
        face = kind.faces[self.face_of[code]]
        sign = 1 if self.seat_of[code] == 0 else -1
        f, r = geo.file_rank(a)
        reach = Reach()
        command, defense, shield, dread = [], [], [], []
        for dx, dy, symbols in face.marks:
            df, dr = sign * dx, sign * dy
            t = geo.square(f + df, r + dr)
            if t < 0:
                continue
            for symbol in symbols:
                if symbol in "mnjN":
                    # a move to a neighbour crosses nothing: it is judged as a jump is
                    routes = self.routes(a, t)
                    crosses = symbol in "mn" and routes != ((),)
                    (reach.steps if crosses else reach.jumps).append((t, routes, symbol in "mj", symbol))
                elif symbol == "x":
                    reach.strikes.append((t, self.routes(a, t)))
                elif symbol in "sJ":
                    uf, ur = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
                    before = self.routes(a, t)[0]
                    ray = (t,) + geo.ray(t, uf, ur)
                    reach.slides.append((before, ray, symbol == "J"))
                elif symbol == "c":
                    command.append(t)
                elif symbol == "D":
                    defense.append(t)
                elif symbol == "h":
                    shield.append(t)
                elif symbol == "d":
                    dread.append(t)
        reach.command, reach.defense = tuple(sorted(command)), frozenset(defense)
        reach.shield, reach.dread = tuple(shield), tuple(dread)
        hits = reach.hits
        for t, routes, captures, symbol in (*reach.steps, *reach.jumps):
            if captures:
                hits.setdefault(t, []).append((symbol, routes))
        for t, routes in reach.strikes:
            hits.setdefault(t, []).append(("x", routes))
        for before, ray, jumping in reach.slides:
            for i, t in enumerate(ray):
                hits.setdefault(t, []).append(("J" if jumping else "s", before, ray[:i]))
        for square in (*hits, *reach.command):
            reach.touches |= 1 << square
        return reach


WEIGHTS = {"m": 1.0, "n": 0.7, "j": 1.2, "N": 0.9, "s": 3.0, "J": 3.2, "x": 1.5, "c": 0.8, "d": 1.0, "D": 0.6,
           "h": 0.6}


def worth(kind) -> float:
    """A kind's worth to the AI's evaluation: the symbols of its two faces, weighed (a slide reaches
    far, a step one square)."""
    return sum(WEIGHTS[symbol] for face in kind.faces for _, _, symbols in face.marks for symbol in symbols) / 2


@lru_cache(maxsize=16)
def tables_for(data: DuelData) -> Tables:
    return Tables(data)
