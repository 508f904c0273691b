"""Recorded Tafl playthroughs replayed line by line: a change in any ruling shows up as a diff
here. Regenerate them on purpose with `python tests/playthroughs/tafl_regenerate.py`."""

import pytest

from playthroughs.tafl_regenerate import GAMES, game_for, option_text, path_for, transcript, describe


@pytest.mark.parametrize("seed,size,options", GAMES)
def test_playthrough_replays_identically(seed, size, options):
    recorded = path_for(seed, size).read_text(encoding="utf-8").splitlines()
    assert recorded[3] == f"options: {option_text(options)}"
    game = game_for(size)
    state = game.new_initial_state(options)
    moves = [line[len("move: "):] for line in recorded if line.startswith("move: ")]
    legal_lines = [line for line in recorded if line.startswith("legal: ")]
    assert len(moves) == len(legal_lines) > 40
    for number, (text, legal) in enumerate(zip(moves, legal_lines)):
        assert "legal: " + " ".join(m.notation() for m in state.legal_moves()) == legal, f"move {number}"
        state.push_checked(game.parse_move(text))
    final = recorded[recorded.index("position: final") + 1:-1]
    assert [line[2:] for line in final] == state.diagram().splitlines()
    assert recorded[-1] == f"outcome: {describe(game, state.outcome())}"


def test_positions_in_the_transcript_read_back():
    """Every recorded position is a diagram that reads back to itself."""
    from generator.games.tafl import TaflState
    seed, size, options = GAMES[1]
    recorded = path_for(seed, size).read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(recorded) if line.startswith("position: ")]
    for i in starts:
        block = []
        for line in recorded[i + 1:]:
            if not line.startswith("  "):
                break
            block.append(line[2:])
        text = "\n".join(block) + "\n"
        assert TaflState.from_diagram(text, game_for(size), options=options).diagram() == text


def test_transcript_generator_matches_files():
    seed, size, options = GAMES[2]
    assert transcript(seed, size, options) == path_for(seed, size).read_text(encoding="utf-8")
