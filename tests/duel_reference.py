"""An independent, deliberately simple reading of the duel rulings (docs/rulings/duel.md), for
comparing with the engine (tests/test_duel_reference.py). It shares no code with
`generator.games.duel`: it reads the tiles from the components.toml tables itself, keeps a
position as a dict of squares, finds routes by walking every king path, and judges leader safety
by listing every action of the other side after each candidate. Slow and plain on purpose.

Squares are (file, rank) pairs, 0-based. A tile is (kind key, seat 0/1, face 0/1). Moves are
written in the engine's notation: `c3-c4`, `c3-c4/j`, `b2xc4`, `d2:c3-e3`, `+`, `@c2`, `@c2/2`,
`setup:d1,c1,e1` (one word; a block writes `setup d1 c1 e1`).
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field, replace
from itertools import combinations, product

ABC = string.ascii_uppercase
KING = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]


class Rules:
    """The game's facts, read from the tables of its components.toml."""

    def __init__(self, tables: dict):
        numbers = tables.get("numbers", {})

        def number(value):
            return numbers[value] if isinstance(value, str) else value

        board = tables.get("board", {})
        self.files, self.ranks = number(board.get("files", 8)), number(board.get("ranks", 8))
        sides = tables.get("sides") or {"light": {}, "dark": {}}
        self.sides = list(sides)
        tiles = tables["tiles"]
        self.kinds = list(tiles)
        letters = {key: entry["letter"] for key, entry in tiles.items() if "letter" in entry}
        for key in self.kinds:
            if key not in letters:
                taken = set(letters.values())
                mine = [ch for ch in key.upper() if ch in ABC and ch not in taken]
                letters[key] = mine[0] if mine else next(ch for ch in ABC if ch not in taken)
        self.letter = letters
        self.by_letter = {v: k for k, v in letters.items()}
        self.count = {key: number(entry.get("count", 1)) for key, entry in tiles.items()}
        self.made_for = {}
        for key, entry in tiles.items():
            chosen = entry.get("sides", True)
            self.made_for[key] = {0, 1} if chosen is True else {self.sides.index(s) for s in chosen}
        self.either = {key: entry.get("start", "front") == "either" for key, entry in tiles.items()}
        self.leader = numbers.get("leader", self.kinds[0])
        self.start = numbers.get("start_tile", self.kinds[1])
        self.start_tiles = numbers.get("start_tiles", 2)
        self.title = {key: entry.get("name", key.capitalize()) for key, entry in tiles.items()}
        # each face: offset (dx, dy) -> the symbols on that square (grid and overlay together)
        self.marks = {}
        for key, entry in tiles.items():
            for face, which in enumerate(("front", "back")):
                grid = entry[which]
                aura = entry.get(f"{which}_aura", ["." * len(grid)] * len(grid))
                i0 = next(i for i, row in enumerate(grid) if "O" in row)
                k0 = grid[i0].index("O")
                marks = {}
                for i, row in enumerate(grid):
                    for k, ch in enumerate(row):
                        found = {c for c in (ch, aura[i][k]) if c not in ".O"}
                        if found:
                            marks[(k - k0, i0 - i)] = found
                self.marks[key, face] = marks
        self.dread_kinds = {k for k in self.kinds if any("d" in s for f in (0, 1) for s in self.marks[k, f].values())}

    def on(self, sq) -> bool:
        return 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks

    def name(self, sq) -> str:
        return ABC[sq[0]].lower() + str(sq[1] + 1)

    def parse(self, text: str):
        return (ABC.lower().index(text[0]), int(text[1:]) - 1)

    def starting_bag(self, seat: int) -> dict[str, int]:
        bag = {}
        for key in self.kinds:
            n = self.count[key] if seat in self.made_for[key] else 0
            if key == self.leader:
                n = 0
            if key == self.start:
                n -= self.start_tiles
            if n:
                bag[key] = n
        return bag


@dataclass
class Pos:
    tiles: dict                      # square -> (kind, seat, face)
    mover: int = 0
    phase: str = "play"
    bags: list = field(default_factory=list)   # two dicts kind -> count
    drawn: str | None = None         # "?" at the chance node, or the kind drawn
    turns: int = 0
    winner: object = None            # None, a seat, or "draw"
    safety: str = "strict"
    cap: int = 0

    def copy(self) -> "Pos":
        return replace(self, tiles=dict(self.tiles), bags=[dict(b) for b in self.bags])


class Ref:
    """The rulings, brute force."""

    def __init__(self, rules: Rules):
        self.r = rules

    # --- reading a diagram (the grid and the state lines of a block)
    def read(self, text: str, safety: str = "strict", cap: int = 0) -> Pos:
        r = self.r
        lines = [line for line in text.splitlines() if line.strip()]
        tiles = {}
        rows = [line.split() for line in lines if line.split()[0].isdigit()]
        for parts in rows:
            rank = int(parts[0]) - 1
            for f, cell in enumerate(parts[1:]):
                if cell != ".":
                    kind = r.by_letter[cell[0].upper()]
                    tiles[(f, rank)] = (kind, 0 if cell[0].isupper() else 1, int(cell[1]) - 1)
        pos = Pos(tiles, bags=[r.starting_bag(0), r.starting_bag(1)], safety=safety, cap=cap)
        for line in lines:
            key, sep, value = line.partition(":")
            if not sep or key.split()[0].isdigit():
                continue
            key, value = key.strip(), value.strip()
            if key == "to-move":
                pos.mover = r.sides.index(value)
            elif key == "phase":
                pos.phase = value
            elif key.startswith("bag-"):
                bag = {}
                for word in value.split():
                    if word != "none":
                        bag[word] = bag.get(word, 0) + 1
                pos.bags[r.sides.index(key[4:])] = bag
            elif key == "drawn":
                pos.drawn = value
            elif key == "turns":
                pos.turns = int(value)
            elif key == "winner":
                pos.winner = "draw" if value == "draw" else r.sides.index(value)
        return pos

    def grid(self, pos: Pos) -> list[str]:
        """The position's cells, a1 first, as the engine's tokens."""
        r = self.r
        cells = []
        for rank in range(r.ranks):
            for f in range(r.files):
                tile = pos.tiles.get((f, rank))
                if tile is None:
                    cells.append(".")
                else:
                    letter = r.letter[tile[0]]
                    cells.append((letter if tile[1] == 0 else letter.lower()) + str(tile[2] + 1))
        return cells

    # --- what the tiles mark (rulings 8-9)
    def marked(self, pos: Pos, sq):
        """[(square, symbols)] the current face of the tile on `sq` marks, on the board."""
        kind, seat, face = pos.tiles[sq]
        sign = 1 if seat == 0 else -1
        out = []
        for (dx, dy), symbols in self.r.marks[kind, face].items():
            target = (sq[0] + sign * dx, sq[1] + sign * dy)
            if self.r.on(target):
                out.append((target, symbols))
        return out

    def leader_of(self, pos: Pos, seat: int):
        for sq, (kind, s, _) in pos.tiles.items():
            if kind == self.r.leader and s == seat:
                return sq
        return None

    def frozen(self, pos: Pos) -> set:
        """Ruling 24."""
        out = set()
        for sq in pos.tiles:
            for target, symbols in self.marked(pos, sq):
                if "d" in symbols and target in pos.tiles:
                    kind = pos.tiles[target][0]
                    if kind != self.r.leader and kind not in self.r.dread_kinds:
                        out.add(target)
        return out

    def defense(self, pos: Pos, sq) -> set:
        """Rulings 25-26."""
        squares = {t for t, symbols in self.marked(pos, sq) if "D" in symbols}
        seat = pos.tiles[sq][1]
        for other, (_, s, _) in pos.tiles.items():
            if other != sq and s == seat:
                if any(t == sq and "h" in symbols for t, symbols in self.marked(pos, other)):
                    squares |= {(sq[0] + df, sq[1] + dr) for df, dr in KING}
        return squares

    def routes(self, a, b) -> list[list]:
        """The crossed squares of every route from a to b (rulings 16-25: shared terms)."""
        df, dr = b[0] - a[0], b[1] - a[1]
        n = max(abs(df), abs(dr))
        if df == 0 or dr == 0 or abs(df) == abs(dr):
            uf, ur = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            return [[(a[0] + uf * k, a[1] + ur * k) for k in range(1, n)]]
        found = []

        def walk(sq, path):
            if len(path) == n:
                if sq == b:
                    found.append(path[:-1])
                return
            for uf, ur in KING:
                nxt = (sq[0] + uf, sq[1] + ur)
                left = n - len(path) - 1
                if self.r.on(nxt) and max(abs(b[0] - nxt[0]), abs(b[1] - nxt[1])) <= left:
                    walk(nxt, path + [nxt])

        walk(a, [])
        return found

    # --- actions (rulings 13-23)
    def activations(self, pos: Pos, seat: int | None = None) -> dict[str, tuple]:
        """Every activation of `seat` (default: the side to move) rulings 16-26 allow, leader
        safety aside: notation -> (kind of action, details)."""
        seat = pos.mover if seat is None else seat
        frozen = self.frozen(pos)
        out = {}
        for a, (kind, s, face) in list(pos.tiles.items()):
            if s != seat or a in frozen:
                continue
            marks = self.marked(pos, a)
            commands = [t for t, symbols in marks if "c" in symbols]
            for t, symbols in marks:
                for sym in symbols:
                    for end in self.move_ends(pos, a, t, sym, frozen):
                        out[f"{self.r.name(a)}-{self.r.name(end)}"] = ("move", a, end)
                        out[f"{self.r.name(a)}-{self.r.name(end)}/{sym}"] = ("move", a, end)
                    if sym == "x" and self.captures(pos, a, t, frozen, clear=False):
                        out[f"{self.r.name(a)}x{self.r.name(t)}"] = ("strike", a, t)
            for src in commands:
                if src in pos.tiles and pos.tiles[src][1] == seat and src not in frozen:
                    for dst in commands:
                        if dst == src:
                            continue
                        held = pos.tiles.get(dst)
                        if held is None or (held[1] != seat and dst not in frozen):
                            out[f"{self.r.name(a)}:{self.r.name(src)}-{self.r.name(dst)}"] = ("command", a, src, dst)
        return out

    def captures(self, pos: Pos, a, t, frozen, clear: bool) -> bool:
        """Whether the tile on a takes the enemy on t along some route (ruling 23, 25)."""
        if t not in pos.tiles or pos.tiles[t][1] == pos.tiles[a][1] or t in frozen:
            return False
        defense = self.defense(pos, t)
        for route in self.routes(a, t):
            if clear and any(c in pos.tiles for c in route):
                continue
            if a not in defense and not (set(route) & defense):
                return True
        return False

    def move_ends(self, pos: Pos, a, t, sym, frozen) -> list:
        """Where a move symbol `sym` aimed at t takes the tile on a (rulings 16-20)."""
        seat = pos.tiles[a][1]
        held = pos.tiles.get(t)
        if sym in "mn":
            if held is None:
                return [t] if any(all(c not in pos.tiles for c in route) for route in self.routes(a, t)) else []
            return [t] if sym == "m" and self.captures(pos, a, t, frozen, clear=True) else []
        if sym in "jN":
            if held is None:
                return [t]
            return [t] if sym == "j" and self.captures(pos, a, t, frozen, clear=False) else []
        if sym not in "sJ":
            return []
        df, dr = t[0] - a[0], t[1] - a[1]
        u = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
        before = self.routes(a, t)[0]
        if sym == "s" and any(c in pos.tiles for c in before):
            return []
        ends = []
        sq, passed = t, []
        while self.r.on(sq):
            if sq not in pos.tiles:
                ends.append(sq)
            else:
                if pos.tiles[sq][1] != seat and sq not in frozen:
                    defense = self.defense(pos, sq)
                    if not ({a} | set(before) | set(passed)) & defense:
                        ends.append(sq)
                break
            passed.append(sq)
            sq = (sq[0] + u[0], sq[1] + u[1])
        return ends

    def do(self, pos: Pos, action: tuple) -> tuple[Pos, object]:
        """The position after an action (the board only); returns it and the tile captured."""
        after = pos.copy()
        tiles = after.tiles
        kind = action[0]
        captured = None
        if kind == "move":
            _, a, end = action
            captured = tiles.get(end)
            k, s, f = tiles.pop(a)
            tiles[end] = (k, s, 1 - f)
        elif kind == "strike":
            _, a, t = action
            captured = tiles.pop(t)
            k, s, f = tiles[a]
            tiles[a] = (k, s, 1 - f)
        else:
            _, a, src, dst = action
            captured = tiles.get(dst)
            tiles[dst] = tiles.pop(src)
            k, s, f = tiles[a]
            tiles[a] = (k, s, 1 - f)
        return after, captured

    def in_guard(self, pos: Pos, seat: int) -> bool:
        """Ruling 27."""
        leader = self.leader_of(pos, seat)
        if leader is None:
            return False
        for action in self.activations(pos, 1 - seat).values():
            end = action[2] if action[0] != "command" else action[3]
            if end == leader:
                return True
        return False

    def allowed(self, pos: Pos, after: Pos, captured) -> bool:
        """Ruling 28, for an action from `pos` to `after`."""
        if pos.safety == "off":
            return True
        if captured is not None and captured[0] == self.r.leader:
            return True
        if pos.safety == "guard" and not self.in_guard(pos, pos.mover):
            return True
        return not self.in_guard(after, pos.mover)

    def can_draw(self, pos: Pos) -> bool:
        leader = self.leader_of(pos, pos.mover)
        return bool(sum(pos.bags[pos.mover].values())) and leader is not None and any(
            self.r.on(sq) and sq not in pos.tiles for sq in ((leader[0] + df, leader[1] + dr) for df, dr in ORTHO))

    def legal(self, pos: Pos) -> set[str]:
        """Every legal move's notation (activations without a symbol named, draw, placements, setups)."""
        if pos.winner is not None:
            return set()
        if pos.drawn == "?":
            return {f"+{k}" for k, n in pos.bags[pos.mover].items() if n}
        if pos.drawn:
            return set(self.placements(pos))
        if pos.phase == "setup":
            return set(self.setups(pos))
        out = {"+"} if self.can_draw(pos) else set()
        for text, action in self.activations(pos).items():
            if "/" not in text:
                after, captured = self.do(pos, action)
                if self.allowed(pos, after, captured):
                    out.add(text)
        return out

    def legal_with_symbol(self, pos: Pos, text: str) -> bool:
        action = self.activations(pos).get(text)
        if action is None or pos.winner is not None or pos.phase != "play" or pos.drawn:
            return False
        after, captured = self.do(pos, action)
        return self.allowed(pos, after, captured)

    def placements(self, pos: Pos) -> dict[str, tuple]:
        leader = self.leader_of(pos, pos.mover)
        faces = (0, 1) if self.r.either[pos.drawn] else (0,)
        found = {}
        for df, dr in ORTHO:
            sq = (leader[0] + df, leader[1] + dr)
            if self.r.on(sq) and sq not in pos.tiles:
                for face in faces:
                    found[f"@{self.r.name(sq)}" + ("/2" if face else "")] = (sq, face)
        if pos.safety == "off" or (pos.safety == "guard" and not self.in_guard(pos, pos.mover)):
            return found
        safe = {}
        for text, (sq, face) in found.items():
            after = pos.copy()
            after.tiles[sq] = (pos.drawn, pos.mover, face)
            if not self.in_guard(after, pos.mover):
                safe[text] = (sq, face)
        return safe or found

    def setups(self, pos: Pos) -> dict[str, tuple]:
        r = self.r
        rank = 0 if pos.mover == 0 else r.ranks - 1
        found = {}
        for f in range(r.files):
            if abs(2 * f - (r.files - 1)) > 1 or (f, rank) in pos.tiles:
                continue
            leader = (f, rank)
            empty = sorted((sq for sq in ((f + df, rank + dr) for df, dr in ORTHO)
                            if r.on(sq) and sq not in pos.tiles), key=lambda s: (s[1], s[0]))
            for chosen in combinations(empty, r.start_tiles):
                for lf in ((0, 1) if r.either[r.leader] else (0,)):
                    for faces in product((0, 1) if r.either[r.start] else (0,), repeat=r.start_tiles):
                        words = [r.name(leader) + ("/2" if lf else "")]
                        words += [r.name(sq) + ("/2" if fc else "") for sq, fc in zip(chosen, faces)]
                        found["setup:" + ",".join(words)] = (leader, lf, list(zip(chosen, faces)))
        return found

    # --- playing a move
    def has_action(self, pos: Pos) -> bool:
        """Ruling 30."""
        return bool(self.legal(pos))

    def play(self, pos: Pos, text: str) -> Pos:
        """The position after the legal move `text`."""
        r = self.r
        after = pos.copy()
        if text == "+":
            after.drawn = "?"
            return after
        if pos.drawn == "?":
            kind = text[1:]
            after.bags[pos.mover][kind] -= 1
            if not after.bags[pos.mover][kind]:
                del after.bags[pos.mover][kind]
            after.drawn = kind
            return after
        if pos.phase == "setup":
            leader, lf, starts = self.setups(pos)[text]
            after.tiles[leader] = (r.leader, pos.mover, lf)
            for sq, face in starts:
                after.tiles[sq] = (r.start, pos.mover, face)
            after.mover = 1 - pos.mover
            if pos.mover == 1:
                after.phase = "play"
            if not self.has_action(after):
                after.winner = pos.mover
            return after
        captured = None
        if pos.drawn:
            sq, face = self.placements(pos)[text]
            after.tiles[sq] = (pos.drawn, pos.mover, face)
            after.drawn = None
        else:
            after, captured = self.do(pos, self.activations(pos)[text])
        after.turns += 1
        after.mover = 1 - pos.mover
        if captured is not None and captured[0] == r.leader:
            after.winner = pos.mover
        elif not self.has_action(after):
            after.winner = pos.mover
        elif after.cap and after.turns >= after.cap:
            after.winner = "draw"
        return after

    # --- why a move is refused: every ruling it breaks
    def broken(self, pos: Pos, text: str) -> set[int]:
        """The rulings an illegal activation `text` breaks (any of them explains the refusal)."""
        r = self.r
        if pos.winner is not None:
            return {32}
        if pos.phase == "setup":
            return {11}
        if pos.drawn:
            return {14}
        name = text.split("-")[0].split("x")[0].split(":")[0]
        a = r.parse(name)
        tile = pos.tiles.get(a)
        if tile is None or tile[1] != pos.mover:
            return {13}
        if a in self.frozen(pos):
            return {24}
        if text in self.activations(pos):
            return {28}
        return {16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26}
