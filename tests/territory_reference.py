"""A second, deliberately simple implementation of the territory rulings (docs/rulings/territory.md)
and of the block notation, sharing no code with `generator/games/territory`: squares are names,
palisades are sets of two names, territories come from a flood fill of the whole board every time,
a palisade action is judged by comparing the territories before and after it. The tests play both
on the same random positions and plays and compare what they say.

Hoardfall's numbers are written out here, not read through the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

FILES, RANKS = "abcdefgh", 5
SQUARES = [f"{f}{r}" for r in range(1, RANKS + 1) for f in FILES]
MINES = {"a5", "c4", "f4", "e3", "b2", "g2", "d1", "h1"}
PILES = [3, 4, 4, 5, 5, 6, 6, 7]
LETTERS = "SETH"                                   # stone, ember, tide, thorn
PALISADES = 34
SETS = {2: {1: 4, 2: 3, 3: 2, 4: 2, 5: 1}, 3: {1: 3, 2: 2, 3: 2, 4: 1, 5: 1}, 4: {1: 2, 2: 2, 3: 1, 4: 1, 5: 1}}


def neighbours(square: str) -> list[str]:
    f, r = FILES.index(square[0]), int(square[1:])
    out = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= f + df < len(FILES) and 1 <= r + dr <= RANKS:
            out.append(f"{FILES[f + df]}{r + dr}")
    return out


def all_lines() -> list[frozenset]:
    return sorted({frozenset((a, b)) for a in SQUARES for b in neighbours(a)}, key=sorted)


def line_name(line: frozenset) -> str:
    a, b = sorted(line, key=lambda s: (int(s[1:]), s[0]))
    return f"{a}|{b}" if a[1:] == b[1:] else f"{a}/{b}"


def territories(walls: set) -> list[frozenset]:
    """Every territory, by flooding from each square not yet reached."""
    seen, out = set(), []
    for start in SQUARES:
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            s = todo.pop()
            for t in neighbours(s):
                if t not in part and frozenset((s, t)) not in walls:
                    part.add(t)
                    todo.append(t)
        seen |= part
        out.append(frozenset(part))
    return out


@dataclass
class Position:
    sides: str                          # the playing letters, in order
    gold: dict                          # mine -> gold
    warriors: dict                      # square -> (letter, value or None)
    walls: set
    passed: set
    to_move: str | None
    supply: dict                        # letter -> Counter
    palisades: int
    least: int = 4
    most: int = 2
    over: bool = False
    score: dict = field(default_factory=dict)
    piles: dict = field(default_factory=dict)
    winners: list = field(default_factory=list)

    def copy(self) -> "Position":
        return replace(self, warriors=dict(self.warriors), walls=set(self.walls), passed=set(self.passed),
                       supply={k: Counter(v) for k, v in self.supply.items()}, score=dict(self.score),
                       piles=dict(self.piles), winners=list(self.winners))


class Unreadable(Exception):
    """The scoring needs a value the position does not state."""


def judge(position: Position, play: tuple) -> str | None:
    """Why `play` is illegal in `position`, or None. Plays: ("place", letter, value, square),
    ("palisade", [line, ...]), ("pass",)."""
    if position.over:
        return "over"
    if play[0] == "pass":
        return None
    if play[0] == "place":
        _, letter, value, square = play
        if letter != position.to_move:
            return "not to move"
        if position.supply[letter][value] <= 0:
            return "no such warrior"
        if square in MINES or square in position.warriors:
            return "square not free"
        return None
    lines = play[1]
    if len(lines) > position.most or len(set(lines)) != len(lines) or len(lines) > position.palisades:
        return "bad count"
    if any(line in position.walls for line in lines):
        return "taken"
    before = set(territories(position.walls))
    after = territories(position.walls | set(lines))
    if any(len(t) < position.least for t in after if t not in before):
        return "too small"
    return None


def apply(position: Position, play: tuple) -> Position:
    """The position after a legal play (raises Unreadable when the scoring needs a `?`)."""
    out = position.copy()
    if play[0] == "place":
        _, letter, value, square = play
        out.warriors[square] = (letter, value)
        out.supply[letter][value] -= 1
    elif play[0] == "palisade":
        out.walls |= set(play[1])
        out.palisades -= len(play[1])
    else:
        out.passed.add(position.to_move)
    order = out.sides
    k = order.index(position.to_move)
    following = [order[(k + step) % len(order)] for step in range(1, len(order) + 1)]
    waiting = [x for x in following if x not in out.passed]
    if waiting:
        out.to_move = waiting[0]
        return out
    out.to_move, out.over = None, True
    out.score, out.piles = score(out)
    out.winners = winners(out.sides, out.score, out.piles)
    return out


def score(position: Position) -> tuple[dict, dict]:
    piles = {x: [] for x in position.sides}
    for part in territories(position.walls):
        gold = sum(position.gold.get(s, 0) for s in part)
        strength: dict = {}
        for s in part:
            if s in position.warriors:
                letter, value = position.warriors[s]
                if value is None and gold:
                    raise Unreadable(s)
                strength[letter] = strength.get(letter, 0) + (value or 0)
        if not strength:
            continue
        best = max(strength.values())
        takers = [x for x, v in strength.items() if v == best]
        take = gold // len(takers)
        for x in takers:
            if take:
                piles[x].append(take)
    piles = {x: sorted(p, reverse=True) for x, p in piles.items()}
    return {x: sum(p) for x, p in piles.items()}, piles


def winners(sides: str, scores: dict, piles: dict) -> list[str]:
    best = max(scores.values())
    left = [x for x in sides if scores[x] == best]
    depth = max(len(piles[x]) for x in left)
    for k in range(depth):
        if len(left) == 1:
            break
        entry = {x: piles[x][k] if k < len(piles[x]) else 0 for x in left}
        top = max(entry.values())
        left = [x for x in left if entry[x] == top]
    return left


# ----------------------------------------------------------------------------- writing blocks


def cell(position: Position, square: str, viewer: str | None = None, peek: bool = False) -> str:
    if square in MINES:
        return f"${position.gold[square]}"
    if square not in position.warriors:
        return "."
    letter, value = position.warriors[square]
    hidden = viewer is not None and not position.over and (letter != viewer or not peek)
    return f"{letter}{'?' if value is None or hidden else value}"


def grid(position: Position, rng: random.Random | None = None, viewer: str | None = None,
         peek: bool = False) -> list[str]:
    """The grid, in the engine's layout, or (with `rng`) spaced at random: one to three spaces
    between cells, wider cells, `|` with or without spaces around it, letter lines or none."""
    width = max(len(cell(position, s, viewer, peek)) for s in SQUARES)
    width, gap = (max(2, width), 3) if rng is None else (width + rng.choice([0, 0, 1]), rng.choice([1, 2, 3, 3]))
    lead = 3 if rng is None else rng.choice([2, 3, 4])   # the rank number and the spaces after it
    lines = []
    letters = " " * lead + (" " * gap).join(f.ljust(width) for f in FILES)
    if rng is None or rng.random() < 0.6:
        lines.append(letters.rstrip())
    for r in range(RANKS, 0, -1):
        row = str(r) + " " * (lead - 1)
        for k, f in enumerate(FILES):
            row += cell(position, f"{f}{r}", viewer, peek).ljust(width)
            if k < len(FILES) - 1:
                wall = frozenset((f"{f}{r}", f"{FILES[k + 1]}{r}")) in position.walls
                if not wall:
                    row += " " * gap
                elif gap == 1:
                    row += "|"
                else:
                    pad = gap - 1
                    left = pad // 2 if rng is None else rng.randint(0, pad)
                    row += " " * left + "|" + " " * (pad - left)
        lines.append(row.rstrip())
        if r > 1:
            runs = ""
            for k, f in enumerate(FILES):
                wall = frozenset((f"{f}{r}", f"{f}{r - 1}")) in position.walls
                runs += ("-" * width if wall else " " * width) + (" " * gap if k < len(FILES) - 1 else "")
            if runs.strip():
                lines.append((" " * lead + runs).rstrip())
    if rng is not None and rng.random() < 0.3:
        lines.append(letters.rstrip())
    return lines


def pairs_text(counter: Counter) -> str:
    return " ".join(f"{v}={n}" for v, n in sorted(counter.items()) if n > 0) or "none"


def defaults(position: Position) -> dict:
    """The value of each state line when unwritten, computed from `position`."""
    out = {"to-move": next((x for x in position.sides if x not in position.passed), "none"), "passed": "none",
           "palisades": str(PALISADES - len(position.walls))}
    for x in position.sides:
        left = Counter(SETS[len(position.sides)])
        for letter, value in position.warriors.values():
            if letter == x and value is not None and left[value] > 0:
                left[value] -= 1
        out[f"warriors-{x}"] = pairs_text(left)
    return out


def state_lines(position: Position, rng: random.Random, after: bool) -> list[str]:
    """Every state line, or (at random) only those that differ from their defaults."""
    values = {"to-move": position.to_move or "none",
              "passed": " ".join(x for x in position.sides if x in position.passed) or "none",
              "palisades": str(position.palisades)}
    for x in position.sides:
        values[f"warriors-{x}"] = pairs_text(position.supply[x])
    if position.over:
        values["score"] = " ".join(f"{x}={position.score[x]}" for x in position.sides)
        for x in position.sides:
            if position.piles[x]:
                values[f"piles-{x}"] = " ".join(map(str, position.piles[x]))
        values["winner"] = " ".join(position.winners)
    base = defaults(position)
    out = []
    for key, value in values.items():
        if value != base.get(key) or rng.random() < 0.3:
            words = value.split()
            if key in ("passed", "winner") or key.startswith("warriors-") or key == "score":
                rng.shuffle(words)               # any order
            out.append(f"{key}: {' '.join(words)}")
    rng.shuffle(out)
    return out


def play_text(play: tuple) -> str:
    if play[0] == "place":
        return f"place {play[1]}{play[2]} {play[3]}"
    if play[0] == "palisade":
        return "palisade " + " ".join(line_name(line) for line in play[1])
    return "pass"
