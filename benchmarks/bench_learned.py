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
import time
from dataclasses import dataclass, replace

import numpy

from generator.config import load_game
from generator.games.siege.ai import HAND_WEIGHTS, TERMS, WIN, evaluation_terms
from generator.games.siege.enums import Phase, Side
from generator.lab.ladder import LADDER_VERSION
from generator.lab.players import MCTSPlayer, PlayerSpec
from generator.lab.simulate import DEFAULT_TURN_CAP, GameTask, Variant, make_tasks, resolve, run_tasks

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


def self_play_tasks(folder_game, level: str, games: int, seed: int) -> list[GameTask]:
    """`games` games of LEVEL against itself, played by the lab (`simulate.play_game`, the lab's turn
    cap) with their moves kept."""
    game, _, options = resolve(Variant(), DEFAULT_TURN_CAP, folder_game)
    players = (PlayerSpec.parse(level),) * len(game.sides)
    return [GameTask(n, seed * 100_000 + n, players, game, "self-play", options, keep_moves=True)
            for n in range(games)]


def vikings_result(record: dict) -> float:
    """1 a Viking win, 0 a loss, 1/2 a game without a sole winner (unfinished)."""
    winner = record["winner"]
    return 0.5 if winner is None else float(winner == Side.VIKING.label)


def rows(tasks: list[GameTask], records: list[dict]) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """The terms of every position of the games in play, each game's result, each row's game."""
    terms, labels, which = [], [], []
    for n, (task, record) in enumerate(zip(tasks, records)):
        result = vikings_result(record)
        state = task.game.new_initial_state(dict(task.options))
        for move in record["moves"]:
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

    settings = (args.game, game.rule_set, args.level, args.games, args.seed, LADDER_VERSION, "records")
    tasks = self_play_tasks(game, args.level, args.games, args.seed)
    records = None
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as f:
            kept = pickle.load(f)
        records = kept["records"] if kept.get("settings") == settings else None
    if records is None:
        records = run_tasks(tasks, args.workers)
        if args.cache:
            with open(args.cache, "wb") as f:
                pickle.dump({"settings": settings, "records": records}, f)
    wins = sum(vikings_result(record) for record in records)
    print(f"self-play: {len(records)} games of {args.level}, Vikings' score {wins / len(records):.1%} "
          f"({time.perf_counter() - started:.0f} s)")

    x, y, which = rows(tasks, records)
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
