"""The strength ladder: how strong the lab's players are on one game and rule set, in Elo.

A balance verdict holds for the players that produced it, so a report states their strength. The
ladder plays each pair of neighbouring levels (random, greedy, mcts at rising budgets) on the same
seeds with the seats swapped (for N seats: the upper level in each seat in turn, the lower in the
others), fits Bradley-Terry ratings with a term per seat and their intervals (`stats.bradley_terry`,
random = 0 Elo). A ladder is computed once per game, rule set,
options, levels, games and seed, and cached as JSON beside the report (`LADDER_VERSION` is part of
the key: a change to the players' play invalidates old ladders).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..pdf import OutputSet
from . import stats
from .players import PlayerSpec
from .simulate import GameTask, Mapper, Run, game_seed, run_tasks, winners

LADDER_VERSION = 14  # the players' play, evaluations included: 14 = pieces waiting off the board count against their side


def strength_order(spec: PlayerSpec) -> tuple:
    """Weakest first: random, greedy, then mcts by iterations, then mcts by seconds, then OpenSpiel's."""
    return ({"random": 0, "greedy": 1, "mcts": 2}.get(spec.kind, 3), spec.seconds > 0, spec.seconds or spec.budget)


def levels_for(players: Sequence[PlayerSpec], below: int = 1) -> tuple[PlayerSpec, ...]:
    """The ladder's levels for a run with `players`: random, greedy, every player used and the
    `below` levels under each (mcts:N/2, mcts:N/4...), weakest first."""
    levels = {PlayerSpec("random", 0), PlayerSpec("greedy", 0)}
    for spec in players:
        for _ in range(below + 1):
            if spec is None:
                break
            levels.add(spec)
            spec = spec.weaker()
    return tuple(sorted(levels, key=strength_order))


def seatings(upper: PlayerSpec, lower: PlayerSpec, seats: int) -> list[tuple[PlayerSpec, ...]]:
    """The upper level in each seat in turn, the lower level in every other seat."""
    return [tuple(upper if s == k else lower for s in range(seats)) for k in range(seats)]


@dataclass
class Ladder:
    """A fitted ladder: the levels (weakest first), their Elo and 95% intervals (random = 0), the
    seat terms (seat 1 = 0), and per neighbouring pair the upper level's score over both seats."""

    levels: list[str]
    elo: list[float]
    ci95: list[list[float]]
    seat_elo: list[float]
    pairings: list[dict]
    games: int
    seed: int
    records: list[dict] = field(default_factory=list, repr=False)

    def rating(self, player: str) -> tuple[float, list[float]] | None:
        """(Elo, interval) of a level by name, None if it is not on the ladder."""
        if player not in self.levels:
            return None
        n = self.levels.index(player)
        return self.elo[n], self.ci95[n]

    def to_json(self) -> dict:
        return {"version": LADDER_VERSION, "levels": self.levels, "elo": self.elo, "ci95": self.ci95,
                "seat_elo": self.seat_elo, "pairings": self.pairings, "games": self.games,
                "seed": self.seed, "records": self.records}

    @classmethod
    def from_json(cls, data: dict) -> Ladder:
        return cls(data["levels"], data["elo"], data["ci95"], data["seat_elo"], data["pairings"],
                   data["games"], data["seed"], data.get("records", []))


def ladder_tasks(levels: Sequence[PlayerSpec], run: Run, games: int, seed: int = 0) -> list[GameTask]:
    """Every neighbouring pair of levels, each seating on the same `games` seeds."""
    game, _, options = run
    seats = len(game.sides)
    tasks = []
    for lower, upper in zip(levels, levels[1:]):
        for n, players in enumerate(seatings(upper, lower, seats)):
            label = f"{upper} vs {lower} #{n + 1}"
            tasks += [GameTask(i, game_seed(seed, i), players, game, label, options) for i in range(games)]
    return tasks


def comparisons(record: dict, level_of: dict[str, int]) -> list[tuple[int, int, int, int, float]]:
    """A game's pairwise results between seats held by different levels (see `stats.bradley_terry`)."""
    seated = list(record["players"].items())   # (side label, player), in seat order
    won = set(winners(record))
    out = []
    for sa, (side_a, a) in enumerate(seated):
        for sb, (side_b, b) in enumerate(seated):
            if sa < sb and a != b:
                score = 0.5 if (side_a in won) == (side_b in won) else 1.0 if side_a in won else 0.0
                out.append((level_of[a], level_of[b], sa, sb, score))
    return out


def fit(levels: Sequence[PlayerSpec], records: Sequence[dict], seats: int, games: int, seed: int) -> Ladder:
    """Ratings with intervals, seat terms and each pairing's score from the ladder's game records."""
    names = [str(level) for level in levels]
    level_of = {name: n for n, name in enumerate(names)}
    results = [c for r in records for c in comparisons(r, level_of)]
    elo, seat_elo, intervals = stats.bradley_terry(results, len(names), seats, anchor=0)
    pairings = []
    for lower, upper in zip(names, names[1:]):
        mine = [r for r in records if r["variant"].startswith(f"{upper} vs {lower} #")]
        by_seat = []
        for seat in range(seats):
            held = [r for r in mine if list(r["players"].values())[seat] == upper]
            by_seat.append(sum(_score(r, upper) for r in held) / len(held) if held else 0.0)
        total = sum(_score(r, upper) for r in mine)
        low, high = stats.wilson_interval(round(total), len(mine)) if mine else (0.0, 1.0)
        pairings.append({"upper": upper, "lower": lower, "games": len(mine),
                         "score": total / len(mine) if mine else 0.0, "ci95": [low, high], "by_seat": by_seat})
    return Ladder(names, elo, [list(i) for i in intervals], seat_elo, pairings, games, seed, list(records))


def _score(record: dict, player: str) -> float:
    """The share of a game's result that went to `player`'s seats: 1 a win, 0 a loss, 0.5 a draw
    (a shared win between both levels, or none); for N seats, averaged over its opponents."""
    seated = list(record["players"].items())
    won = set(winners(record))
    mine = [side for side, p in seated if p == player]
    theirs = [side for side, p in seated if p != player]
    pairs = [(a, b) for a in mine for b in theirs]
    return sum(0.5 if (a in won) == (b in won) else 1.0 if a in won else 0.0 for a, b in pairs) / len(pairs)


def cache_key(levels: Sequence[PlayerSpec], run: Run, games: int, seed: int) -> str:
    """A digest of everything a ladder depends on: the game with its numbers and rule set, the
    options, the levels, the games per seating, the seed and the players' version."""
    game, _, options = run
    text = json.dumps([LADDER_VERSION, game.name, repr(game), list(options), [str(x) for x in levels],
                       games, seed])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def measure(levels: Sequence[PlayerSpec], run: Run, games: int, seed: int = 0, cache: Path | None = None,
            workers: int | None = None, mapper: Mapper | None = None,
            progress: Callable[[dict], None] | None = None) -> tuple[Ladder, bool]:
    """The ladder of `levels` on `run` (a resolved variant): read from `cache/KEY.json` when it
    is there, else played, fitted and written there. Returns it and whether it was cached."""
    path = cache / f"ladder-{cache_key(levels, run, games, seed)}.json" if cache is not None else None
    if path is not None and path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") == LADDER_VERSION:
                return Ladder.from_json(data), True
        except (OSError, ValueError, KeyError):
            pass  # an unreadable cache is measured again and replaced
    records = run_tasks(ladder_tasks(levels, run, games, seed), workers, progress, mapper)
    ladder = fit(levels, records, len(run[0].sides), games, seed)
    if path is not None:
        with OutputSet() as outputs:
            outputs.write(path, (json.dumps(ladder.to_json(), indent=1) + "\n").encode("utf-8"))
    return ladder, False
