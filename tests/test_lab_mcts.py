"""Issue 5: Monte Carlo tree search beats a random player in at least 90% of games as either side."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.config import load_game
from generator.lab.players import PlayerSpec
from generator.lab.simulate import make_tasks, run_tasks, summarize

GAMES = 10
MCTS = PlayerSpec.parse("mcts:20")
RANDOM = PlayerSpec.parse("random")


@pytest.mark.parametrize("side", ["viking", "irish"])
def test_mcts_beats_random_as_either_side(side):
    viking, irish = (MCTS, RANDOM) if side == "viking" else (RANDOM, MCTS)
    records = run_tasks(make_tasks(GAMES, (viking, irish), seed=2024, turn_cap=200), workers=2)
    summary = summarize(records, ("viking", "irish"))
    assert summary[side]["wins"] >= 9, summary


def test_a_budget_in_playouts_and_seconds_stops_at_whichever_comes_first(monkeypatch):
    """The table's default AI (300 playouts within 0.75 s): a large position stops at the clock,
    a small budget at its count. The clock here is a fake that moves 0.1 s at each reading."""
    import itertools
    import random
    from pathlib import Path
    import generator.lab.players as players
    from generator.config import load_game
    hoard = load_game(Path(__file__).resolve().parent.parent / "games" / "hoard")
    state = hoard.new_initial_state()
    while state.is_chance_node():
        state.push(state.chance_outcomes()[0][0])
    ticks = itertools.count()
    monkeypatch.setattr(players.time, "perf_counter", lambda: next(ticks) / 10)
    iterations = []
    real = players.MCTSPlayer._iterate
    monkeypatch.setattr(players.MCTSPlayer, "_iterate", lambda self, *args: iterations.append(1) or real(self, *args))
    clocked = players.MCTSPlayer(100_000, seconds=0.35)
    assert clocked.name == "mcts:100000 within 0.35s"
    clocked.choose(state.view(state.to_move), random.Random(1))
    assert 1 <= len(iterations) <= 4            # the clock stopped it, long before 100,000
    iterations.clear()
    players.MCTSPlayer(5, seconds=60.0).choose(state.view(state.to_move), random.Random(1))
    assert len(iterations) == 5                 # the count stopped it, long before a minute


def test_greedy_does_not_shuffle_back_to_positions_it_has_met():
    """A one-move lookahead counts a move back to a position it met earlier in the game as a draw
    (as the search does), so the side ahead looks for progress: in Tafl greedy self-play no game
    spends a quarter of its decisions at positions met before (without it, 2 of these 8 did)."""
    tafl = load_game(Path(__file__).resolve().parent.parent / "games" / "tafl")
    greedy = PlayerSpec.parse("greedy")
    records = run_tasks(make_tasks(8, (greedy, greedy), seed=1, turn_cap=80, game=tafl), workers=2)
    assert all(r["repeats"] < r["actions"] / 4 for r in records), [(r["repeats"], r["actions"]) for r in records]
