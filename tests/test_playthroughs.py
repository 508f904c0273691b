"""Recorded playthroughs replayed line by line: a change in any ruling shows up as a diff here.
Regenerate them on purpose with `python tests/playthroughs/regenerate.py`."""

import pytest

from generator.games.siege import Move, State
from playthroughs.regenerate import GAMES, TURN_CAP, path_for


@pytest.mark.parametrize("seed,rules", GAMES)
def test_playthrough_replays_identically(seed, rules):
    recorded = path_for(seed, rules).read_text(encoding="utf-8").splitlines()
    state = State.new_game(rules=rules, options={"turn-cap": TURN_CAP})
    moves = [line[len("move: "):] for line in recorded if line.startswith("move: ")]
    legal_lines = [line for line in recorded if line.startswith("legal: ")]
    assert len(moves) == len(legal_lines) > 50
    for number, (text, legal) in enumerate(zip(moves, legal_lines)):
        assert "legal: " + " ".join(m.notation() for m in state.legal_moves()) == legal, f"move {number}"
        state.push_checked(Move.from_notation(text))
    final = recorded[recorded.index("position: final") + 1:-1]
    assert [line[2:] for line in final] == state.diagram().splitlines()
    assert recorded[-1] == f"outcome: {state.outcome()}"


def test_transcript_generator_matches_files():
    from playthroughs.regenerate import transcript
    seed, rules = GAMES[0]
    assert transcript(seed, rules) == path_for(seed, rules).read_text(encoding="utf-8")
