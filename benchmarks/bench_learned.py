"""Whether Siege's evaluation plays better with weights fitted to self-play results than with its
hand weights: the learned evaluation of the README ("What limited the search").

    python benchmarks/bench_learned.py [--level mcts:50] [--games 400] [--seed 1]
        [--play mcts:100] [--play-games 8] [--play-seed 3] [--workers N] [--cache FILE]

1. Self-play: `--games` games of LEVEL against itself (the lab's turn cap), every move kept.
2. The data: every position of those games from the Vikings' troops on, before the end, gives the
   evaluation's terms (`siege.ai.TERMS`, then the cost of the Vikings' pieces at risk, all from
   `evaluation_terms`), labelled with the Vikings' result: 1 a win, 0 a loss, 1/2 unfinished.
3. The fit: a logistic regression of the label on the terms (Newton's method, a little L2), on
   three games in four; its log-loss on the other quarter beside the hand evaluation's, the hand
   given its own best scale and intercept by the same fit (a ranking of positions is all a search
   uses, so that is the fair comparison). Then fitted again on every game.
4. The games: PLAY with the fitted weights against PLAY with the hand weights, on the same seeds
   in both seatings (`--play-games` a seating, the lab's seeds from `--play-seed`).

Siege only: the other games have no terms to weigh yet. Self-play costs most of the run (400 games
of mcts:50 take about half an hour on 2 cores); `--cache` keeps the games, and a cache made with
other settings or other players (`LADDER_VERSION`) is made again.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

import numpy

from generator.config import load_game
from generator.games.siege.ai import HAND_WEIGHTS, TERMS, WIN, evaluation_terms
from generator.games.siege.enums import Phase, Side
from generator.lab.ladder import LADDER_VERSION
from generator.lab.players import MCTSPlayer, PlayerSpec
from generator.lab.simulate import DEFAULT_TURN_CAP, Variant, make_tasks, run_tasks

SCALE = MCTSPlayer().scale   # the search squashes a value v to 1 / (1 + exp(-v / SCALE))
NAMES = (*TERMS, "at_risk", "intercept")
L2 = 1e-3


@dataclass(frozen=True)
class Weighed:
    """An evaluation (`MCTSPlayer`'s `evaluator`): the Vikings' logit of winning is the intercept
    plus the weighed terms; a value is SCALE times the logit, so that the search's squash gives
    the fitted chance. The Irish use the cost at risk as they can know it (`viking_edges`)."""
    weights: tuple[float, ...]   # one per term of TERMS, then the cost at risk, then the intercept

    def __call__(self, state, side) -> float:
        if state.outcome() is not None:
            return WIN * state.player_return(side)
        terms, at_risk, seen_at_risk = evaluation_terms(state)
        *per_term, risk_weight, intercept = self.weights
        logit = intercept + sum(w * t for w, t in zip(per_term, terms))
        if side is Side.VIKING:
            return SCALE * (logit + risk_weight * at_risk)
        return -SCALE * (logit + risk_weight * seen_at_risk)


@dataclass(frozen=True)
class WeighedSpec(PlayerSpec):
    """An MCTS player of the lab's kind searching with a `Weighed` evaluation."""
    weights: tuple[float, ...] = ()
    label: str = ""

    def build(self):
        return MCTSPlayer(self.budget, evaluator=Weighed(self.weights))

    def __str__(self) -> str:
        return self.label


def self_play(job) -> tuple[list, float]:
    """One game of LEVEL against itself: its moves (chance draws too) and the Vikings' result."""
    folder, level, seed = job
    game = load_game(folder)
    state = game.new_initial_state({"turn-cap": str(DEFAULT_TURN_CAP)})
    players = [PlayerSpec.parse(level).build() for _ in game.sides]
    rngs = [random.Random(seed * 2 + n) for n in range(len(players))]
    chance = random.Random(f"chance {seed}")
    moves = []
    while not state.is_game_over():
        if state.is_chance_node():
            move = state.sample_chance(chance)
        elif not state.legal_moves():
            break   # a setup step with no legal move (impossible counts): the lab's "stalled"
        else:
            seat = game.seat(state.to_move)
            move = players[seat].choose(state.view(state.to_move), rngs[seat])
        moves.append(move)
        state.push(move)
    outcome = state.outcome()
    result = 0.5 + 0.5 * state.player_return(Side.VIKING) if outcome else 0.5
    return moves, result


def rows(game, games) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """The terms of every position of `games` in play, each game's result, each row's game."""
    terms, labels, which = [], [], []
    for n, (moves, result) in enumerate(games):
        state = game.new_initial_state({"turn-cap": str(DEFAULT_TURN_CAP)})
        for move in moves:
            state.push(move)
            if state.outcome() is None and state.phase >= Phase.VIKING_TROOPS:
                values, at_risk, _ = evaluation_terms(state)
                terms.append((*values, at_risk, 1.0))
                labels.append(result)
                which.append(n)
    return numpy.array(terms), numpy.array(labels), numpy.array(which)


def fit(x: numpy.ndarray, y: numpy.ndarray) -> numpy.ndarray:
    """Logistic regression by Newton's method, L2 on every weight but the intercept (last column)."""
    weights = numpy.zeros(x.shape[1])
    penalty = numpy.full(x.shape[1], L2)
    penalty[-1] = 0.0
    for _ in range(25):
        p = 1.0 / (1.0 + numpy.exp(-x @ weights))
        gradient = x.T @ (p - y) / len(y) + penalty * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + numpy.diag(penalty + 1e-9)
        step = numpy.linalg.solve(hessian, gradient)
        weights -= step
        if abs(step).max() < 1e-9:
            break
    return weights


def log_loss(logits: numpy.ndarray, y: numpy.ndarray) -> float:
    p = numpy.clip(1.0 / (1.0 + numpy.exp(-logits)), 1e-9, 1 - 1e-9)
    return float(-numpy.mean(y * numpy.log(p) + (1 - y) * numpy.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="a Siege game folder (default: the repository's)")
    parser.add_argument("--level", default="mcts:50", help="the self-play player")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", default="mcts:100", help="the level both evaluations play at")
    parser.add_argument("--play-games", type=int, default=8, help="games a seating")
    parser.add_argument("--play-seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--cache", help="keep the self-play games in this file")
    args = parser.parse_args()
    game = load_game(args.game)
    started = time.perf_counter()

    settings = (args.game, game.rule_set, args.level, args.games, args.seed, LADDER_VERSION)
    games = None
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as f:
            kept = pickle.load(f)
        games = kept["games"] if kept.get("settings") == settings else None
    if games is None:
        jobs = [(args.game, args.level, args.seed * 100_000 + n) for n in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(self_play, jobs))
        if args.cache:
            with open(args.cache, "wb") as f:
                pickle.dump({"settings": settings, "games": games}, f)
    wins = sum(result for _, result in games)
    print(f"self-play: {len(games)} games of {args.level}, Vikings' score {wins / len(games):.1%} "
          f"({time.perf_counter() - started:.0f} s)")

    x, y, which = rows(game, games)
    held_out = which % 4 == 3
    hand = x[:, :-1] @ numpy.array((*HAND_WEIGHTS, -1.0))   # the hand's value, in points
    hand_x = numpy.column_stack([hand, numpy.ones(len(hand))])
    hand_fit = fit(hand_x[~held_out], y[~held_out])
    learned = fit(x[~held_out], y[~held_out])
    print(f"{len(y)} positions; held-out log-loss over {held_out.sum()}: hand "
          f"{log_loss(hand_x[held_out] @ hand_fit, y[held_out]):.4f} (as the search squashes it: "
          f"{log_loss(hand[held_out] / SCALE, y[held_out]):.4f}), fitted "
          f"{log_loss(x[held_out] @ learned, y[held_out]):.4f}")
    weights = fit(x, y)
    print(f"\n| term | hand weight | fitted weight (x{SCALE:g}, the hand's units) |\n| --- | ---: | ---: |")
    for name, hand_weight, fitted in zip(NAMES, (*HAND_WEIGHTS, -1.0, 0.0), weights):
        print(f"| {name} | {hand_weight:g} | {SCALE * fitted:.3f} |")

    budget = PlayerSpec.parse(args.play)
    fitted = WeighedSpec(budget.kind, budget.budget, budget.seconds, tuple(map(float, weights)),
                         f"{args.play} fitted")
    variant = Variant("bench", None, ())
    tasks = [replace(task, variant="fitted first")
             for task in make_tasks(args.play_games, (fitted, budget), variant, args.play_seed, game=game)]
    tasks += [replace(task, variant="hand first")
              for task in make_tasks(args.play_games, (budget, fitted), variant, args.play_seed, game=game)]
    records = run_tasks(tasks, args.workers)
    sides = [side.label for side in game.sides]
    score = {side: 0.0 for side in sides}
    for record in records:
        seat = 0 if record["variant"] == "fitted first" else 1
        winner = record["winner"]
        score[sides[seat]] += 0.5 if winner is None else float(winner == sides[seat])
    total = sum(score.values())
    print(f"\n{args.play} fitted against {args.play} hand, seed {args.play_seed}: {total:g} of "
          f"{len(records)} ({total / len(records):.0%}); "
          + ", ".join(f"as {side} {points:g} of {args.play_games}" for side, points in score.items())
          + f" ({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
