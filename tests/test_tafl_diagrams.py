"""Tafl example blocks (docs/diagram-notation.md): the grid, the state lines, play lines, and errors that
name the line."""

import pytest

from generator.games.base import DiagramError, Grid
from generator.games.tafl import Move, TaflGame, TaflState
from generator.games.tafl.diagram import read_grid
from tafl_helpers import grid, position, replay_block

# The example block of docs/diagram-notation.md, verbatim.
CONTRACT_BLOCK = """```tafl
title: Two attackers capture a defender
   a b c d e f g h i j k
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . A D . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . A . . .
 1 . . . . . . . . . . .
play: h2-h4
play: f6-f9
play: h4-g4
expect:
   a b c d e f g h i j k
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . K . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . A . A . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
to-move: defenders
last-attackers: h4-g4
last-defenders: f6-f9
```
"""


def numbered(text: str) -> list[tuple[int, str]]:
    return [(i + 1, t) for i, t in enumerate(text.splitlines()) if t.strip()]


def diagram_error(text: str, **kwargs) -> DiagramError:
    with pytest.raises(DiagramError) as caught:
        TaflState.from_diagram(text, **kwargs)
    return caught.value


def test_the_contract_block_replays():
    state, verdict = replay_block(CONTRACT_BLOCK)
    assert verdict == "passed"
    assert state.diagram() == "\n".join(CONTRACT_BLOCK.splitlines()[18:33]) + "\n"


def test_blocks_with_options_winners_and_refusals():
    berserk = """option: berserker
 7 . . . . . . .
 6 . . . . . . K
 5 . A D . . . .
 4 . . . . . . .
 3 . . . . . . .
 2 . . . . . . .
 1 . . . A . . .
play: d1-d5 d5-d6
expect:
 7 . . . . . . .
 6 . . . A . . K
 5 . A . . . . .
 4 . . . . . . .
 3 . . . . . . .
 2 . . . . . . .
 1 . . . . . . .
to-move: defenders
last-attackers: d1-d5 d5-d6
"""
    assert replay_block(berserk)[1] == "passed"
    assert replay_block(berserk.replace("option: berserker\n", "").split("expect:")[0]
                        + "expect: illegal\n")[1] == "illegal"
    escape = """ 7 . . . . . . .
 6 . . . . . . K
 5 . . . . . . .
 4 . . . . . . .
 3 . . . . . . .
 2 . . . . . . .
 1 . A . . . . .
to-move: defenders
play: g6-g7
expect: winner defenders
"""
    assert replay_block(escape)[1] == "passed"
    late = escape.replace("expect:", "play: b1-b2\nexpect:").replace("winner defenders", "illegal")
    assert replay_block(late)[1] == "illegal"


def test_grid_letters_above_below_or_none_and_rank_alignment():
    body = "\n".join(f"{r} " + " ".join("." * 7) for r in range(7, 0, -1))
    for text in (body, "  a b c d e f g\n" + body, body + "\n  a b c d e f g",
                 "a b c d e f g\n" + body + "\na b c d e f g"):
        found, end = read_grid(numbered(text), 0)
        assert len(found.tokens) == 49 and end == len(numbered(text))
    left = "\n".join(f"{r} " + " ".join("." * 11) for r in range(11, 0, -1))
    assert len(read_grid(numbered(left), 0)[0].tokens) == 121  # rank numbers not right-aligned


def test_a_19_board_round_trips():
    state = position(r19="K", a10="A", j11="D", n=19, lines="to-move: defenders\n")
    text = state.diagram()
    assert text.splitlines()[0] == "   a b c d e f g h i j k l m n o p q r s"
    assert TaflState.from_diagram(text).diagram() == text


@pytest.mark.parametrize("text,line,words", [
    ("10 . .\n", 1, "N odd from 7 to 19"),
    (grid(7).replace("  a b c d e f g", "  a b c"), 1, "the file letters name 3 files; the grid has 7"),
    (grid(7).replace("5 . . .", "5 . X ."), 4, "b5: bad cell 'X'"),
    (grid(7).replace("5 . . . . . . .", "5 . . . . . ."), 4, "rank 5 has 6 cells, expected 7"),
    ("\n".join(grid(7).splitlines()[:5]), 6, "expected rank 3 of the grid"),
    (grid(7).replace("4 .", "3 ."), 5, "expected rank 4"),
    (grid(7) + "colour: red\n", 9, "expected a state line"),
    (grid(7) + "to-move: vikings\n", 9, "to-move must be attackers or defenders"),
    (grid(7) + "to-move: defenders\nto-move: attackers\n", 10, "to-move is given twice"),
    (grid(7) + "turn-limit: 20\n", 9, "turn-limit needs the skilled-play option"),
    (grid(7) + "last-attackers: a1-b2\n", 9, "does not go along a rank or file"),
    (grid(7) + "last-attackers: a2-a4 a5-a6\n", 9, "does not start where a2-a4 ended"),
    (grid(7) + "last-defenders: a2-a9\n", 9, "not a move on the 7 x 7 board"),
    (grid(7) + "winner: nobody\n", 9, "winner must be attackers or defenders"),
    (grid(7, d4="A"), 1, "d4 is the throne: only the king may stand there"),
    (grid(7, g7="D"), 1, "g7 is a corner"),
    (grid(7, a2="K", b2="K"), 1, "more than one king"),
])
def test_diagram_errors_name_the_line(text, line, words):
    error = diagram_error(text)
    assert error.line == line and words in error.message, error.message


def test_skilled_play_lines_and_defaults():
    options = {"skilled-play": "on"}
    state = position("turn-limit: 12\ndefender-turns: 4\n", n=7, options=options, a2="K")
    assert (state.to_move.label, state.turn_limit, state.defender_turns) == ("defenders", 12, 4)
    grammar = TaflGame().grammar
    assert grammar.default_fields(Grid(("." ,) * 49), options) == {
        "to-move": "defenders", "last-attackers": "", "last-defenders": "", "turn-limit": "30",
        "defender-turns": "0", "this-turn": "", "winner": ""}
    assert grammar.default_fields(Grid(("." ,) * 49), {"skilled-play": "on", "turn-limit": "9"})["turn-limit"] == "9"
    assert "turn-limit: 12\ndefender-turns: 4" in state.diagram()
    with pytest.raises(DiagramError, match="turn-limit must be a whole number from 1"):
        position("turn-limit: 0\n", n=7, options=options)


def test_winner_lines_read_back_the_way():
    corner = position("winner: defenders\n", n=7, a1="K")
    assert corner.outcome().ways == ("king-escaped",) and corner.legal_moves() == []
    captured = position("winner: attackers\n", n=7, a2="A")
    assert captured.outcome().ways == ("king-captured",)
    stuck = position("winner: attackers\nto-move: defenders\n", n=7, a2="K")
    assert stuck.outcome().ways == ("no-moves",)


def test_this_turn_records_a_berserker_turn_in_progress():
    state = position(e4="A", f4="D", g1="A", k11="K", c8="D", options={"berserker": "on"})
    state.push(Move.parse("g1-g4"))
    text = state.diagram()
    assert "this-turn: g1-g4" in text
    again = TaflState.from_diagram(text, options={"berserker": "on"})
    assert again.legal_moves() == state.legal_moves() and again.diagram() == text
    with pytest.raises(DiagramError, match="this-turn needs the berserker option"):
        TaflState.from_diagram(text)


def test_parse_play():
    grammar = TaflGame().grammar
    assert grammar.parse_play(["d1-d5", "d5-d8"]) == (Move.parse("d1-d5"), Move.parse("d5-d8"))
    for words in ([], ["d1"], ["end"], ["d1-d5", "z9-z1"]):
        with pytest.raises(ValueError):
            grammar.parse_play(words)


def test_the_grammar_of_a_game_carries_its_options():
    game = TaflGame(options=(("berserker", "on"),))
    grid_, _ = game.grammar.read_grid(numbered(grid(7)), 0)
    state = game.grammar.build_state(grid_, {}, None, {})
    assert state.options.berserker and state.n == 7 and state.game.size == 7
    assert TaflGame().grammar.build_state(grid_, {}, None, {}).options.berserker is False


def test_moves_parse_and_print():
    move = Move.parse("h2-h4")
    assert move.notation() == "h2-h4" and str(move) == "h2-h4" and repr(move) == "Move('h2-h4')"
    assert Move.parse("a19-s19").squares(19) == (342, 360)
    for text in ("h2h4", "h0-h4", "h2-h20", "t1-t2", "H2-H4", ""):
        with pytest.raises(ValueError, match="bad move"):
            Move.parse(text)
    with pytest.raises(ValueError, match="the board is 11 x 11"):
        TaflGame().parse_move("l1-l3")
