"""Issue 5: Monte Carlo tree search beats a random player in at least 90% of games as either side."""

from __future__ import annotations

import pytest

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
