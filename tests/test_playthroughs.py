"""Recorded playthroughs of every rules game, replayed line by line: a change in any ruling shows
up as a diff here. Write them again on purpose with `python tests/playthroughs/record.py`."""

import pytest

from playthroughs.record import RECORDS, Record, header, result, transcript


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.name)
def test_playthrough_replays_identically(record: Record):
    recorded = record.path.read_text(encoding="utf-8").splitlines()
    assert recorded[:4] == header(record)
    game = record.game()
    state = game.new_initial_state(dict(record.options), record.rules)
    steps = [line for line in recorded if line.startswith(("legal: ", "move: ", "chance: "))]
    assert sum(line.startswith("move: ") for line in steps) > 40
    for number, line in enumerate(steps):
        key, _, text = line.partition(": ")
        if key == "legal":
            assert " ".join(m.notation() for m in state.legal_moves()) == text, f"line {number}"  # a notation may hold spaces
            continue
        assert state.is_chance_node() == (key == "chance"), f"line {number}"
        state.push_checked(game.parse_move(text))
    final = recorded[recorded.index("position: final") + 1:-1]
    assert [line[2:] for line in final] == state.diagram().splitlines()
    assert recorded[-1] == f"outcome: {result(game, state)}"


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.name)
def test_every_recorded_position_reads_back(record: Record):
    """Each position of the transcript is a diagram that reads back to itself."""
    game, recorded = record.game(), record.path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(recorded) if line.startswith("position: ")]
    for i in starts[::7]:
        block = []
        for line in recorded[i + 1:]:
            if not line.startswith("  "):
                break
            block.append(line[2:])
        text = "\n".join(block) + "\n"
        assert game.grammar.read_diagram(text, record.rules, record.options).diagram() == text


def test_the_recorder_writes_the_files_as_they_are():
    record = RECORDS[-1]
    assert transcript(record) == record.path.read_text(encoding="utf-8")
