"""One or more tests per ruling of docs/rulings/tafl.md, each built from a diagram."""

import pytest

from generator.games.base import Motion, Outcome, Removal
from generator.games.tafl import END, Move, Side, TaflGame
from tafl_helpers import game_of_size, moves_of, occupied, position, refusal, turn


def ruling_of(state, move: str) -> int | None:
    error = state.why_illegal(Move.parse(move))
    return error.ruling if error else None


# --- Components and board (rulings 1-3) ---------------------------------------------------------

@pytest.mark.parametrize("n,throne,corners", [(7, "d4", "a1 g1 a7 g7"), (11, "f6", "a1 k1 a11 k11"),
                                              (19, "j10", "a1 s1 a19 s19")])
def test_board_size_throne_and_corners(n, throne, corners):
    board = TaflGame(size=n).board
    assert board.files == board.ranks == n
    marked = dict(board.marked)
    assert [board.square_name(s) for s in marked["throne"]] == [throne]
    assert " ".join(board.square_name(s) for s in marked["corners"]) == corners


def test_the_default_board_is_11_and_bad_sizes_are_refused():
    assert TaflGame().board.files == 11
    for n in (5, 8, 21):
        with pytest.raises(ValueError, match="odd from 7 to 19"):
            TaflGame(size=n)


def test_setup_11_counts_and_squares():
    state = TaflGame().new_initial_state()
    assert (state.count("A"), state.count("D"), state.count("K")) == (24, 12, 1)  # ruling 2
    assert state.to_move is Side.ATTACKERS  # the attackers move first
    assert state.diagram() == """\
   a b c d e f g h i j k
11 . . . A A A A A . . .
10 . . . . . A . . . . .
 9 . . . . . . . . . . .
 8 A . . . . D . . . . A
 7 A . . . D D D . . . A
 6 A A . D D K D D . A A
 5 A . . . D D D . . . A
 4 A . . . . D . . . . A
 3 . . . . . . . . . . .
 2 . . . . . A . . . . .
 1 . . . A A A A A . . .
"""


def test_other_sizes_take_their_setup_from_a_diagram():
    state = game_of_size(7).new_initial_state()
    assert (state.count("A"), state.count("D"), state.count("K")) == (8, 4, 1)
    assert occupied(state)["d4"] == "K"
    with pytest.raises(ValueError, match="no setup for a 9 x 9 board"):
        TaflGame(size=9).new_initial_state()


# --- Moving (rulings 4-7) -----------------------------------------------------------------------

def test_tokens_move_like_rooks_never_through_or_onto_tokens():
    state = position(f3="A", f5="D", c3="D")
    assert moves_of(state) == {"f3-d3", "f3-e3", "f3-g3", "f3-h3", "f3-i3", "f3-j3", "f3-k3",
                               "f3-f2", "f3-f1", "f3-f4"}
    assert state.legal_moves() == sorted(state.legal_moves())
    for move, words in (("f3-f7", "the token on f5 is in the way"), ("f3-c3", "c3 is occupied"),
                        ("f3-g4", "never move diagonally"), ("c3-c4", "belongs to the defenders"),
                        ("a1-a2", "there is no token on a1"), ("f3-f3", "at least one square")):
        error = state.why_illegal(Move.parse(move))
        assert error.ruling == 4 and words in error.reason, move


def test_the_king_moves_like_any_token():
    state = position(f4="K", lines="to-move: defenders")
    assert {"f4-f1", "f4-f6", "f4-f11", "f4-a4", "f4-k4"} <= moves_of(state)
    assert len(moves_of(state)) == 20


def test_only_the_king_ends_on_the_throne_or_a_corner_anyone_passes_the_empty_throne():
    state = position(f4="A", b1="A", j11="A")
    moves = moves_of(state)
    assert "f4-f6" not in moves and {"f4-f5", "f4-f7", "f4-f11"} <= moves
    assert "b1-a1" not in moves and "b1-j1" in moves and "b1-k1" not in moves
    assert "j11-k11" not in moves and "j11-i11" in moves
    assert ruling_of(state, "f4-f6") == 5 and ruling_of(state, "b1-a1") == 5
    king = position(b3="K", lines="to-move: defenders")
    assert {"b3-b1", "b3-b11"} <= moves_of(king)
    assert "b3-a3" in moves_of(king)


def test_the_throne_with_the_king_on_it_blocks_the_way():
    state = position(f4="A", f6="K")
    assert "f4-f5" in moves_of(state) and "f4-f7" not in moves_of(state)
    assert "the token on f6 is in the way" in state.why_illegal(Move.parse("f4-f8")).reason


def test_repetition_a_token_may_not_return_to_its_last_start_square():
    state = position(h2="A", f9="D", b5="A")
    turn(state, "h2-h4")
    turn(state, "f9-f10")
    assert "h4-h2" not in moves_of(state) and "h4-h3" in moves_of(state)
    assert ruling_of(state, "h4-h2") == 6
    assert "b5-b2" in moves_of(state)  # only the token that moved is bound
    turn(state, "h4-h3")
    assert "f10-f9" not in moves_of(state)
    turn(state, "f10-e10")
    assert "h3-h4" not in moves_of(state) and "h3-h2" in moves_of(state)  # only the previous turn counts


def test_repetition_read_from_the_last_lines_binds_only_that_token():
    state = position(h4="A", b2="A", lines="last-attackers: h2-h4\n")
    assert "h4-h2" not in moves_of(state) and "b2-h2" in moves_of(state)
    moved_away = position(h4="D", b4="A", k9="D", lines="last-attackers: h2-h4\n")
    assert "b4-b2" in moves_of(moved_away)  # the token that moved is gone: nothing is bound


def test_a_side_with_no_legal_move_loses_at_the_end_of_the_turn():
    state = position(c1="K", b1="A", d1="A", c2="A", j9="A")
    turn(state, "j9-j8")
    assert state.outcome() == Outcome(Side.ATTACKERS, "no-moves", ("no-moves",))
    assert state.to_move is Side.DEFENDERS and state.legal_moves() == []


def test_no_legal_move_counts_the_repetition_rule():
    lines = "last-defenders: d1-c1\n"
    state = position(lines, c1="D", b1="A", c2="A", e1="A", j9="A")
    turn(state, "j9-j8")
    assert state.outcome() == Outcome(Side.ATTACKERS, "no-moves", ("no-moves",))
    free = position(c1="D", b1="A", c2="A", e1="A", j9="A")
    turn(free, "j9-j8")
    assert free.outcome() is None and moves_of(free) == {"c1-d1"}


def test_a_before_state_is_taken_as_given():
    state = position(c1="K", b1="A", d1="A", c2="A", lines="to-move: defenders\n")
    assert state.outcome() is None and state.legal_moves() == []


# --- Capturing (rulings 8-12) -------------------------------------------------------------------

def test_two_attackers_capture_a_defender():
    state = position(f6="K", e4="A", f4="D", h2="A")
    turn(state, "h2-h4")
    turn(state, "f6-f9")
    turn(state, "h4-g4")
    assert occupied(state) == {"e4": "A", "g4": "A", "f9": "K"}


def test_the_armed_king_helps_capture_as_anvil_and_as_mover():
    anvil = position(e3="A", d3="K", f5="D", lines="to-move: defenders\n")
    turn(anvil, "f5-f3")
    assert "e3" not in occupied(anvil)
    mover = position(e3="A", d3="D", f5="K", lines="to-move: defenders\n")
    turn(mover, "f5-f3")
    assert "e3" not in occupied(mover)


def test_unarmed_king_never_helps_capture():
    options = {"unarmed-king": "on"}
    anvil = position(e3="A", d3="K", f5="D", lines="to-move: defenders\n", options=options)
    turn(anvil, "f5-f3")
    assert occupied(anvil)["e3"] == "A"
    mover = position(e3="A", d3="D", f5="K", lines="to-move: defenders\n", options=options)
    turn(mover, "f5-f3")
    assert occupied(mover)["e3"] == "A"


def test_one_move_captures_up_to_three_tokens():
    state = position(c1="A", b3="D", a3="A", d3="D", e3="A", c4="D", c5="A", k11="K")
    effect = state.effect(Move.parse("c1-c3"))
    assert [state.geo.name(r.frm) for r in effect.removals] == ["b3", "d3", "c4"]
    turn(state, "c1-c3")
    assert occupied(state) == {"a3": "A", "c3": "A", "e3": "A", "c5": "A", "k11": "K"}


def test_corners_are_hostile_to_both_sides():
    defender = position(b1="D", e1="A")
    turn(defender, "e1-c1")
    assert "b1" not in occupied(defender)
    attacker = position(a2="A", c3="D", lines="to-move: defenders\n")
    turn(attacker, "c3-a3")
    assert "a2" not in occupied(attacker)


def test_the_empty_throne_is_hostile_to_both_sides():
    defender = position(f5="D", c4="A")
    turn(defender, "c4-f4")
    assert "f5" not in occupied(defender)
    attacker = position(f7="A", c8="D", lines="to-move: defenders\n")
    turn(attacker, "c8-f8")
    assert "f7" not in occupied(attacker)


def test_the_occupied_throne_is_not_hostile_to_defenders():
    state = position(f5="D", f6="K", c4="A")
    turn(state, "c4-f4")
    assert occupied(state)["f5"] == "D"


def test_moving_between_two_enemies_is_safe():
    state = position(e4="D", g4="D", f1="A", k11="K")
    turn(state, "f1-f4")
    assert occupied(state)["f4"] == "A"
    king = position(d3="A", d5="A", c4="A", e4="A", a4="K", lines="to-move: defenders\n")
    turn(king, "a4-b4")
    assert king.outcome() is None and occupied(king)["b4"] == "K"


def test_the_king_is_captured_on_four_sides():
    state = position(d4="K", c4="A", e4="A", d5="A", d1="A")
    turn(state, "d1-d3")
    assert state.outcome() == Outcome(Side.ATTACKERS, "king-captured", ("king-captured",))
    assert "d4" not in occupied(state) and state.to_move is Side.DEFENDERS
    assert state.legal_moves() == []


def test_three_attackers_do_not_capture_the_king_in_the_open():
    state = position(d4="K", c4="A", e4="A", d1="A", d6="D")
    turn(state, "d1-d3")
    assert state.outcome() is None and occupied(state)["d4"] == "K"


def test_the_king_beside_the_empty_throne_needs_three_attackers():
    state = position(f5="K", e5="A", g5="A", c4="A")
    turn(state, "c4-f4")
    assert state.outcome().winner.label == "attackers"


def test_the_king_on_the_throne_needs_four_attackers():
    three = position(f6="K", e6="A", g6="A", c5="A", f7="D")
    turn(three, "c5-f5")
    assert three.outcome() is None
    four = position(f6="K", e6="A", g6="A", f7="A", c5="A")
    turn(four, "c5-f5")
    assert four.outcome().winner.label == "attackers"


def test_the_king_is_safe_on_the_edge_unless_edge_king():
    cells = dict(a5="K", a4="A", a6="A", d5="A", j9="D")
    safe = position(**cells)
    turn(safe, "d5-b5")
    assert safe.outcome() is None
    edge = position(options={"edge-king": "on"}, **cells)
    turn(edge, "d5-b5")
    assert edge.outcome().ways == ("king-captured",)
    corner = position(b1="K", c1="A", b4="A", j9="D", options={"edge-king": "on"})
    turn(corner, "b4-b2")  # a1, a corner, and the edge close the king in
    assert corner.outcome().ways == ("king-captured",)


def test_defenders_never_capture_their_own_king():
    state = position(d4="K", c4="A", e4="A", d5="A", d1="D", lines="to-move: defenders\n")
    turn(state, "d1-d3")
    assert state.outcome() is None


SHIELD = {"shield-wall": "on"}


def test_shield_wall_captures_a_closed_group_on_the_edge():
    state = position(d1="D", e1="D", c1="A", d2="A", e2="A", f3="A", k11="K", options=SHIELD)
    effect = state.effect(Move.parse("f3-f1"))
    assert sorted(state.geo.name(r.frm) for r in effect.removals) == ["d1", "e1"]
    turn(state, "f3-f1")
    assert "d1" not in occupied(state) and "e1" not in occupied(state)


def test_without_the_option_there_is_no_shield_wall():
    state = position(d1="D", e1="D", c1="A", d2="A", e2="A", f3="A", k11="K")
    turn(state, "f3-f1")
    assert occupied(state)["d1"] == occupied(state)["e1"] == "D"


def test_shield_wall_spares_the_king_and_needs_a_closed_group():
    king = position(d1="D", e1="K", c1="A", d2="A", e2="A", f3="A", options=SHIELD)
    turn(king, "f3-f1")
    assert "d1" not in occupied(king) and occupied(king)["e1"] == "K" and king.outcome() is None
    gap = position(d1="D", e1="D", c1="A", d2="A", f3="A", k11="K", options=SHIELD)
    turn(gap, "f3-f1")
    assert occupied(gap)["d1"] == "D"


def test_a_corner_closes_a_shield_wall():
    state = position(b1="D", c1="D", b2="A", c2="A", d3="A", k11="K", options=SHIELD)
    turn(state, "d3-d1")
    assert "b1" not in occupied(state) and "c1" not in occupied(state)


def test_the_armed_king_closes_a_shield_wall_of_attackers():
    lines = "to-move: defenders\n"
    armed = position(lines, d1="A", e1="A", c1="D", d2="D", e2="K", f3="D", options=SHIELD)
    turn(armed, "f3-f1")
    assert "d1" not in occupied(armed)
    unarmed = position(lines, d1="A", e1="A", c1="D", d2="D", e2="K", f3="D",
                       options={**SHIELD, "unarmed-king": "on"})
    turn(unarmed, "f3-f1")
    assert occupied(unarmed)["d1"] == "A"


# --- Winning and the optional rules (rulings 13-16) ---------------------------------------------

def test_escaping_to_a_corner_captures_too():
    state = position(a5="K", b1="A", c1="D", lines="to-move: defenders\n")
    effect = state.effect(Move.parse("a5-a1"))
    assert [state.geo.name(r.frm) for r in effect.removals] == ["b1"]
    turn(state, "a5-a1")
    assert state.outcome().winner.label == "defenders" and "b1" not in occupied(state)
    assert state.to_move is Side.ATTACKERS  # the turn has ended too


def test_once_the_game_is_over_nothing_is_legal():
    state = position(a5="K", k5="A", lines="to-move: defenders\n")
    turn(state, "a5-a1")
    assert state.legal_moves() == []
    error = refusal(state, "k5-k4")
    assert error.ruling == 13 and error.index == 0 and "defenders win" in error.reason


def test_turn_cap_declares_a_draw():
    state = position(a5="K", k5="A", options={"turn-cap": "2"})
    turn(state, "k5-k4")
    assert state.outcome() is None
    turn(state, "a5-a6")
    assert state.outcome() == Outcome(None, "turn-cap")
    assert state.game.grammar.fields(state)["winner"] == "draw"


BERSERK = {"berserker": "on"}


def test_berserker_a_capturing_token_moves_again():
    state = position(e4="A", f4="D", g1="A", k11="K", c8="D", options=BERSERK)
    state.push(Move.parse("g1-g4"))
    assert state.to_move is Side.ATTACKERS  # the turn goes on
    legal = state.legal_moves()
    assert legal[0] == END and all(m.notation().startswith("g4-") for m in legal[1:])
    state.push(Move.parse("g4-g8"))  # captures nothing: the turn ends
    assert state.to_move is Side.DEFENDERS
    assert state.game.grammar.fields(state)["last-attackers"] == "g1-g4 g4-g8"


def test_berserker_play_line_and_stopping_after_a_capture():
    state = position(e4="A", f4="D", g1="A", k11="K", c8="D", options=BERSERK)
    turn(state, "g1-g4")  # the player may stop after any capturing move
    assert state.to_move is Side.DEFENDERS and state.game.grammar.fields(state)["last-attackers"] == "g1-g4"


def test_berserker_chain_of_captures():
    state = position(e4="A", f4="D", g1="A", h5="D", i5="A", k11="K", options=BERSERK)
    turn(state, "g1-g4", "g4-g5", "g5-g9")  # f4, then h5 (i5 beyond), then a last move
    assert "f4" not in occupied(state) and "h5" not in occupied(state)
    assert occupied(state)["g9"] == "A" and state.to_move is Side.DEFENDERS


def test_berserker_refusals_cite_ruling_14():
    plain = position(e4="A", f4="D", g1="A", k11="K", c8="D")
    error = refusal(plain, "g1-g4", "g4-g8")
    assert (error.index, error.ruling) == (1, 14) and "a turn is one move" in error.reason
    quiet = position(e4="A", f4="D", g1="A", k11="K", c8="D", options=BERSERK)
    error = refusal(quiet, "g1-g2", "g2-g3")
    assert (error.index, error.ruling) == (1, 14) and "captured nothing" in error.reason
    other = position(e4="A", f4="D", g1="A", k11="K", c8="D", options=BERSERK)
    error = refusal(other, "g1-g4", "e4-e6")
    assert (error.index, error.ruling) == (1, 14) and "token that captured" in error.reason
    assert ruling_of(position(g1="A", k11="K", options=BERSERK), "end") == 14


def test_berserker_repetition_binds_every_start_of_the_turn():
    state = position(e4="A", f4="D", g1="A", k11="K", c8="D", options=BERSERK)
    turn(state, "g1-g4", "g4-g8")
    turn(state, "c8-c9")
    moves = moves_of(state)
    assert "g8-g5" in moves and "g8-g4" not in moves and "g8-g1" not in moves


def test_skilled_play_defenders_first_with_a_turn_limit():
    state = TaflGame().new_initial_state({"skilled-play": "on"})
    assert state.to_move is Side.DEFENDERS and state.turn_limit == 30 and state.defender_turns == 0
    turn(state, "f4-c4")
    assert state.defender_turns == 1
    assert "1 of 30 turns" in state.notes()


def test_skilled_play_attackers_win_when_the_count_reaches_the_limit():
    skilled = {"skilled-play": "on"}
    lines = "turn-limit: 3\ndefender-turns: 2\n"
    state = position(lines, f4="K", j9="D", b2="A", options=skilled)
    turn(state, "j9-j8")
    assert state.outcome() == Outcome(Side.ATTACKERS, "turn-limit", ("turn-limit",))
    assert state.defender_turns == 3


def test_skilled_play_the_winning_turn_counts_and_wins():
    state = position("turn-limit: 3\ndefender-turns: 2\n", a5="K", b2="A", options={"skilled-play": "on"})
    turn(state, "a5-a11")
    assert state.outcome().winner.label == "defenders" and state.defender_turns == 3


def test_skilled_play_limit_is_judged_before_ruling_7():
    cells = dict(c1="A", b1="D", d1="D", c2="D", j9="D", f4="K")
    skilled = position("turn-limit: 3\ndefender-turns: 2\n", options={"skilled-play": "on"}, **cells)
    turn(skilled, "j9-j8")
    assert skilled.outcome().ways == ("turn-limit",)
    plain = position("to-move: defenders\n", **cells)
    turn(plain, "j9-j8")
    assert plain.outcome() == Outcome(Side.DEFENDERS, "no-moves", ("no-moves",))


def test_sides_are_named_attackers_and_defenders():
    game = TaflGame()
    assert [s.label for s in game.sides] == ["attackers", "defenders"]
    assert game.side("defenders") is Side.DEFENDERS and Side.ATTACKERS.other is Side.DEFENDERS
    with pytest.raises(ValueError):
        game.side("vikings")


# --- pictures ------------------------------------------------------------------------------------

def test_effect_of_a_king_capture_and_cell_art():
    state = position(d4="K", c4="A", e4="A", d5="A", d1="A")
    effect = state.effect(Move.parse("d1-d3"))
    assert effect.motions == [Motion(3, 25, "attackers", "move")]
    assert effect.removals == [Removal(frm=36, at=36, face="tafl-king")]
    assert state.outcome() is None  # effect() leaves the state alone
    art = state.cell_art(60)
    assert (art.ground, art.piece, art.ground_inset) == ("tafl-throne", None, False)
    assert state.cell_art(0).ground == "tafl-corner" and state.cell_art(36).piece == "tafl-king"
    assert state.motions(Move.parse("d1-e2")) == [Motion(3, 15, "attackers", "move")]  # refused, drawn
