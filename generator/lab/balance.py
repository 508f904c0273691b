"""A balance verdict a designer can trust: the games of every variant (`simulate`), and beside them
what says how far to trust it.

- Paired differences: the variants play the same seeds, so each side's share in a variant is
  compared with the first variant's seed by seed (`stats.paired_difference`, McNemar-style), far
  narrower than two separate intervals when the games are alike.
- Convergence: the same seeds played by the players one level weaker (mcts:N/2, greedy below
  mcts, random below greedy); a verdict that moves by more than its interval between the two
  levels depends on the players' strength, not only on the game.
- Strength: the players' Elo on the game's ladder (`ladder.measure`, cached).
- Precision: with `until_ci`, rounds of seeded games go on until every share's and difference's
  95% half-width is at most that many points, or the cap is reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..games.base import Game
from . import ladder as ladders
from . import stats
from .players import PlayerSpec
from .simulate import (DEFAULT_TURN_CAP, Mapper, Simulation, Tasks, Variant, resolve, run_tasks,
                       simulate, summarize, winners)

LADDER_GAMES = 20  # seeds per seating of each neighbouring pair on the ladder


def outcomes(records: Sequence[dict], side: str) -> dict[int, bool]:
    """Whether `side` won each game, by game index."""
    return {r["index"]: side in winners(r) for r in records}


def paired(first: Sequence[dict], second: Sequence[dict], sides: Sequence[str]) -> dict:
    """Per side, the difference of its share between two sets of games on the same seeds (second
    minus first), with the paired 95% interval; the games both sets played."""
    out = {}
    for side in sides:
        a, b = outcomes(first, side), outcomes(second, side)
        common = sorted(set(a) & set(b))
        diff, (low, high) = stats.paired_difference([b[i] for i in common], [a[i] for i in common])
        out[side] = {"difference": diff, "ci95": [low, high], "games": len(common)}
    return out


def differences(sim: Simulation, sides: Sequence[str]) -> dict[str, dict]:
    """Every variant after the first against the first, per side (see `paired`)."""
    base = sim.variants[0]
    by_variant = _by_variant(sim.records)
    return {label: paired(by_variant[base], by_variant[label], sides) for label in sim.variants[1:]}


def _by_variant(records: Sequence[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for record in records:
        out.setdefault(record["variant"], []).append(record)
    return out


def convergence(sim: Simulation, weaker: Sequence[dict], sides: Sequence[str], players: Sequence[str]) -> dict:
    """Per variant and side: the share at the chosen strength, at the level below on the same
    seeds, the paired difference and whether it moved (its interval leaves out zero)."""
    mine, theirs = _by_variant(sim.records), _by_variant(weaker)
    out = {"players": list(players), "variants": {}}
    for label in sim.variants:
        moved = paired(theirs.get(label, []), mine.get(label, []), sides)
        for side in sides:
            below = outcomes(theirs.get(label, []), side)
            moved[side]["below"] = sum(below.values()) / len(below) if below else 0.0
            low, high = moved[side]["ci95"]
            moved[side]["moved"] = low > 0 or high < 0
        out["variants"][label] = moved
    return out


def widest(sim: Simulation, sides: Sequence[str]) -> tuple[float, str]:
    """The widest 95% half-width among the reported shares and differences, and what it is."""
    worst = (0.0, "")
    for label in sim.variants:
        for side in sides:
            worst = max(worst, (stats.half_width(sim.summaries[label][side]["ci95"]), f"{side} share, {label}"))
    for label, sides_diff in sim.findings.get("differences", {}).items():
        for side, d in sides_diff.items():
            worst = max(worst, (stats.half_width(d["ci95"]), f"{side} difference, {label}"))
    for label, sides_diff in sim.findings.get("convergence", {}).get("variants", {}).items():
        for side, d in sides_diff.items():
            worst = max(worst, (stats.half_width(d["ci95"]), f"{side} change with strength, {label}"))
    return worst


def balance(variants: Sequence[Variant], games: int, players: Sequence[PlayerSpec], game: Game,
            seed: int = 0, turn_cap: int = DEFAULT_TURN_CAP, workers: int | None = None,
            mapper: Mapper | None = None, progress: Callable[[dict], None] | None = None,
            until_ci: float | None = None, max_games: int = 10_000, converge: bool = True,
            strength: bool = True, ladder_games: int = LADDER_GAMES, cache: Path | None = None) -> Simulation:
    """`simulate`, with the findings that say how far to trust it (module docstring) in
    `Simulation.findings`. With `until_ci` (points), rounds of `games` more seeds (sized by the
    widest interval so far) go on until every half-width is at most `until_ci` points or each
    variant has played `max_games`."""
    sides = [side.label for side in game.sides]
    weaker = tuple(p.weaker() for p in players) if converge else ()
    if weaker and any(p is None for p in weaker):
        weaker = ()   # random has nothing below it
    runs = tuple(resolve(v, turn_cap, game) for v in variants)
    records: list[dict] = []
    below: list[dict] = []
    played, target = 0, games
    sim = None
    rounds: list[list] = []   # (games per variant, widest half-width in points) after each round
    while True:
        batch = target - played
        sim_round = simulate(variants, batch, players, seed, turn_cap, game, workers, progress, mapper, first=played)
        records += sim_round.records
        if weaker:
            below += run_tasks(Tasks(runs, batch, weaker, seed, played), workers, progress, mapper)
        played = target
        wall = (sim.wall_seconds if sim else 0.0) + sim_round.wall_seconds
        sim = sim_round
        sim.records, sim.wall_seconds = records, wall
        sim.summaries = {label: summarize([r for r in records if r["variant"] == label], sides, game.ways)
                         for label in sim.variants}
        sim.settings["games"] = played
        sim.findings = {"differences": differences(sim, sides)} if len(variants) > 1 else {}
        if weaker:
            sim.findings["convergence"] = convergence(sim, below, sides, [str(p) for p in weaker])
        if until_ci is None:
            break
        half, what = widest(sim, sides)
        rounds.append([played, 100 * half])
        if 100 * half <= until_ci or played >= max_games:
            sim.findings["precision"] = {"target": until_ci, "games": played, "reached": 100 * half <= until_ci,
                                         "widest": 100 * half, "widest_what": what, "cap": max_games,
                                         "rounds": rounds}
            break
        needed = played * (100 * half / until_ci) ** 2 * 1.1   # a half-width shrinks as 1/sqrt(games)
        target = min(max_games, max(played + games, int(needed) + 1))
    if strength:
        levels = ladders.levels_for(players)
        ladder, cached = ladders.measure(levels, runs[0], ladder_games, seed, cache, workers, mapper, progress)
        sim.findings["strength"] = {"variant": variants[0].label, "cached": cached, **ladder.to_json()}
        sim.findings["strength"].pop("records")
    return sim
