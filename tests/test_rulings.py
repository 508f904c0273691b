"""One or more tests per ruling of docs/rulings/siege.md, each built from a diagram."""

import pytest

from generator.games.siege import SiegeGame as Game, with_counts
from generator.games.siege import END, IllegalMoveError, Move, Phase, Point, Side, State, Termination
from helpers import cell, position, turn


def moves_of(state: State) -> set[str]:
    return {m.notation() for m in state.legal_moves()}


# --- Setup (rulings 1-4) -------------------------------------------------------------------------

def test_setup_final_river_shift_remove_villages_troops():
    state = State.new_game()
    assert state.phase is Phase.RIVER_SHIFT and state.to_move is Side.IRISH  # ruling 2: tiles on rank 5
    assert moves_of(state) == {f"~{f}5-{f}4" for f in "abcdefgh"}
    for f in "ace":
        state.push_notation(f"~{f}5-{f}4")
    assert state.phase is Phase.RIVER_REMOVE and state.to_move is Side.VIKING  # exactly three shifts
    assert "end" in moves_of(state) and "x~a4" in moves_of(state)
    state.push_notation("x~b5")
    placers = []
    for square in ("c3", "d3", "e3", "f3", "g3"):  # ruling 3: alternately, Irish first
        placers.append(state.to_move)
        state.push_notation(f"^{square}")
    assert placers == [Side.IRISH, Side.VIKING, Side.IRISH, Side.VIKING, Side.IRISH]
    assert state.phase is Phase.VIKING_TROOPS
    for i, letter in enumerate("CBBVVVVV"):  # ruling 4: all on rank 8, reverses chosen by the Vikings
        state.push_notation(f"{letter}@{'abcdefgh'[i]}8")
    assert state.phase is Phase.IRISH_TROOPS and state.to_move is Side.IRISH
    assert not any(m.startswith("I@") and not m.endswith("1") for m in moves_of(state))
    for f in "abc":
        state.push_notation(f"I@{f}1")
    state.push(END)  # the rest go to Reserve
    assert state.phase is Phase.PLAY and state.to_move is Side.VIKING
    assert state.reserve == 5
    assert [cell(state, s) for s in ("a5", "a4", "b5", "b4", "d5")] == [".", "~", ".", ".", "~"]


SET_UP = """\
   a b c d e f g h
8  V C V B V B V V
7  . . . . . . . .
6  . . . . . . . .
5  ~ ~ . ~ ~ . ~ ^
4  ^ . ~ . ^ ~ . .
3  . . . ^ . . ^ .
2  . . . . . . . .
1  I . I I . I . I
reserve: 3
setup: done
"""


def test_a_diagram_marked_setup_done_is_replayed_through_the_set_up_steps():
    """`setup: done` (the rulebook's set-up picture): the engine plays the set-up steps that lead
    to the board (here the tile of h5 was shifted to h4, then taken away), and play starts."""
    state = Game().grammar.read_diagram(SET_UP)
    assert state.phase is Phase.PLAY and state.to_move is Side.VIKING and state.reserve == 3
    assert state.diagram() == Game().grammar.read_diagram(SET_UP.replace("setup: done\n", "")).diagram()


@pytest.mark.parametrize("old,new", [
    ("6  . . . . . . . .", "6  . ^ . . . . . ."), ("reserve: 3", "reserve: 2"),
    ("4  ^ . ~ . ^ ~ . .", "4  ^ ~ ~ . ^ ~ . ."), ("8  V C V B V B V V", "8  V V V B V B V V"),
])
def test_a_board_no_legal_set_up_reaches_is_refused(old, new):
    """A sixth village, a Reserve that does not add up, a fourth shifted river tile, two Chiefs
    too few: each is refused, naming the set-up."""
    from generator.games.grid import ImpossiblePosition
    with pytest.raises(ImpossiblePosition, match="not a legal set-up"):
        Game().grammar.read_diagram(SET_UP.replace(old, new))


def test_village_squares_are_ranks_3_to_5_and_not_river():
    state = State.new_game()
    for f in "abc":
        state.push_notation(f"~{f}5-{f}4")
    state.push(END)
    squares = {m[1:] for m in moves_of(state)}
    assert all(s[1] in "345" for s in squares)
    assert "a4" not in squares and "a5" in squares and "d5" not in squares and "d4" in squares


def test_setup_draft_river_choice_and_irish_two_rows():
    state = State.new_game(rules="draft")
    assert state.phase is Phase.RIVER_LAY and moves_of(state) == {"~4", "~5"}
    state.push_notation("~4")
    for f in "abc":
        state.push_notation(f"~{f}4-{f}5")
    assert "end" in moves_of(state)  # draft: 3 to 5 tiles
    state.push_notation("~d4-d5")
    state.push_notation("~e4-e5")
    assert state.phase is Phase.RIVER_REMOVE
    state.push(END)
    for square in ("c3", "d3", "e3", "f3", "g3"):
        state.push_notation(f"^{square}")
    for i in range(8):
        state.push(state.legal_moves()[0])
    assert any(m.endswith("2") for m in moves_of(state) if m.startswith("I@"))  # draft: ranks 1-2


def test_setup_moves_parse_back():
    state = State.new_game(rules="draft")
    while not state.phase is Phase.PLAY:
        for move in state.legal_moves():
            assert Move.from_notation(move.notation()) == move
        state.push(state.legal_moves()[-1] if state.phase is Phase.IRISH_TROOPS else state.legal_moves()[0])


# --- Turns and moves (5-7) ----------------------------------------------------------------------

def test_turn_has_one_or_two_actions_by_different_troops():
    state = position(a1="V", h1="V")
    assert "end" not in moves_of(state)  # at least one action
    state.push_notation("a1-a2")
    assert "end" in moves_of(state)
    with pytest.raises(IllegalMoveError, match="already acted"):
        state.push_notation("a2-a3")
    state.push_notation("h1-h2")
    assert state.to_move is Side.IRISH  # two actions end the turn


def test_no_legal_action_passes_or_loses_by_option():
    text = dict(river=None, a8="I", lines="to-move: viking")
    state = position(**text)
    assert moves_of(state) == {"end"}  # ruling 5: pass
    state = position(**text, options={"no-moves": "lose"})
    assert state.is_game_over() and state.outcome().winner is Side.IRISH
    assert state.outcome().termination == Termination.NO_MOVES and state.legal_moves() == []


def test_steps_go_eight_ways_never_off_board_or_onto_river():
    state = position(d5="V", d4="~", c4="~", e4="~")
    assert moves_of(state) == {"d5-c5", "d5-e5", "d5-c6", "d5-d6", "d5-e6"}
    corner = position(river=None, a1="V")
    assert moves_of(corner) == {"a1-a2", "a1-b1", "a1-b2"}


def test_diagonal_between_two_river_tiles_is_allowed():
    state = position(river=None, c5="V", c4="~", d5="~")
    assert "c5-d4" in moves_of(state)


def test_stunned_troop_steps_to_empty_squares_but_cannot_push():
    state = position(d6="V*", d5="I")
    assert "d6-d5" not in moves_of(state) and "d6-d7" in moves_of(state)
    with pytest.raises(IllegalMoveError, match="ruling 7"):
        state.push_notation("d6-d5")


# --- Pushes (8-10) --------------------------------------------------------------------------------

def test_push_moves_the_piece_one_square_and_stuns_it():
    state = turn(position(river=None, d6="V", d5="I"), "d6-d5")
    assert cell(state, "d5") == "V" and cell(state, "d4") == "I*"


@pytest.mark.parametrize("cells", [
    dict(a2="V", a1="I"),                       # off the board
    dict(d6="V", d5="I"),                       # into the river
    dict(river=None, d6="V", d5="I", d4="V"),   # into an opposing piece
])
def test_push_eliminates(cells):
    state = turn(position(**cells), f"{'a2-a1' if 'a2' in cells else 'd6-d5'}")
    assert state.tracker == [1]  # no unlooted village: space 1 + 0


def test_viking_pushed_into_unlooted_village_is_eliminated_irish_is_not():
    state = turn(position(river=None, d6="I", d5="V", d4="^", lines="to-move: irish"), "d6-d5")
    assert state.defeated == 1 and cell(state, "d4") == "^"
    state = turn(position(river=None, d6="V", d5="I", d4="^"), "d6-d5")
    assert cell(state, "d4") == "I^*" and cell(state, "d5") == "V"


def test_chain_needs_strength_two_and_a_third_piece_is_illegal():
    state = position(river=None, d6="V", d5="I", d4="I", d7="V")
    assert "d6-d5" not in moves_of(state) and "d7+d6-d5" in moves_of(state)
    with pytest.raises(IllegalMoveError, match="strength 2"):
        state.push_notation("d6-d5")
    three = position(river=None, d7="V", d6="V", d5="I", d4="I", d3="I")
    assert "d7+d6-d5" not in moves_of(three)


def test_two_troop_push_moves_everything_and_stuns_only_the_front():
    state = turn(position(river=None, d7="V", d6="V", d5="I", d4="I"), "d7+d6-d5")
    assert [cell(state, s) for s in ("d7", "d6", "d5", "d4", "d3")] == [".", "V", "V", "I*", "I"]


def test_two_troop_push_into_elimination_of_the_far_piece():
    state = turn(position(river=3, d7="V", d6="V", d5="I", d4="I"), "d7+d6-d5")
    assert state.tracker == [1] and cell(state, "d4") == "I*" and cell(state, "d5") == "V"


def test_two_troop_push_only_when_needed():
    state = position(river=None, d7="V", d6="V", d5="I")
    assert "d7+d6-d5" not in moves_of(state)
    with pytest.raises(IllegalMoveError, match="only legal when strength 2 is needed"):
        state.push_notation("d7+d6-d5")


def test_revealed_berserker_pushes_a_chain_alone():
    state = turn(position(river=None, d6="b", d5="I", d4="I"), "d6-d5")
    assert [cell(state, s) for s in ("d6", "d5", "d4", "d3")] == [".", "b", "I*", "I"]


def test_pushing_your_own_troop_gives_no_stun():
    state = turn(position(river=None, d6="V", d5="V"), "d6-d5")
    assert cell(state, "d4") == "V"


def test_stun_lasts_until_end_of_owners_next_turn():
    state = turn(position(river=None, d6="V", d5="I", a8="V"), "d6-d5")
    assert cell(state, "d4") == "I*"
    turn(state, "d4-c3")  # the Irish turn: still stunned while it lasts
    assert cell(state, "c3") == "I"
    state = turn(position(river=None, d6="V", d5="I", a8="V", h1="I"), "d6-d5")
    assert "d4-d5" not in moves_of(state)  # cannot push while stunned
    turn(state, "h1-h2")
    assert cell(state, "d4") == "I"


def test_restun_keeps_the_later_end():
    # B* is stunned until the end of this Viking turn; flipping it now stuns it until the end of
    # the next Viking turn, which is later and wins.
    state = turn(position(d6="V", d5="B*", a8="V", h1="I"), "d6-d5")
    assert cell(state, "d5") == "b*"
    turn(state, "h1-h2")
    assert cell(state, "d5") == "b*"
    turn(state, "a8-a7")
    assert cell(state, "d5") == "b"


# --- Flips (12-13) --------------------------------------------------------------------------------

def test_plain_reverse_is_removed_and_counts_as_defeat():
    state = turn(position(d6="I", d5="V", lines="to-move: irish"), "d6-d5")
    assert state.defeated == 1 and cell(state, "d5") == "I"


def test_hidden_berserker_flips_stays_stunned_and_push_stops():
    state = turn(position(d7="I", d6="I", d5="B", lines="to-move: irish"), "d6-d5")
    assert cell(state, "d5") == "b*" and cell(state, "d6") == "I" and state.defeated == 0


def test_flip_in_a_chain_stops_everything():
    state = turn(position(d8="I", d7="I", d6="V", d5="C", lines="to-move: irish"), "d8+d7-d6")
    assert [cell(state, s) for s in ("d8", "d7", "d6", "d5")] == ["I", "I", "V*", "c*"]


def test_revealed_chief_removed_defeats_the_chief():
    state = turn(position(d6="I", d5="c", lines="to-move: irish"), "d6-d5")
    assert state.chief_defeated and state.defeated == 1
    assert Point.CHIEF in state.points(Side.IRISH)


def test_viking_pushing_own_hidden_berserker_into_river_flips_it():
    state = turn(position(d6="V", d5="B"), "d6-d5")
    assert cell(state, "d5") == "b*" and cell(state, "d6") == "V" and state.defeated == 0


# --- Villages (14) --------------------------------------------------------------------------------

def test_viking_entering_village_loots_it_irish_pass_freely():
    state = turn(position(d6="V", d5="^"), "d6-d5")
    assert cell(state, "d5") == "Vx"
    state = turn(position(d6="I", d5="^", lines="to-move: irish"), "d6-d5")
    assert cell(state, "d5") == "I^"


def test_viking_pushing_irish_off_a_village_loots_it():
    state = turn(position(river=None, d6="V", d5="I^"), "d6-d5")
    assert cell(state, "d5") == "Vx" and cell(state, "d4") == "I*"


def test_stunned_viking_cannot_enter_a_village():
    state = position(d6="V*", d5="^", a8="V")
    assert "d6-d5" not in moves_of(state)


# --- Reinforcements (15-16) -------------------------------------------------------------------

def test_eliminated_irish_enter_tracker_at_one_plus_unlooted_villages():
    state = turn(position(d6="V", d5="I", a3="^", b3="^", c3="x"), "d6-d5")
    assert state.tracker == [3]


def test_tracker_advances_at_start_of_irish_turn_and_feeds_reserve():
    state = position(river=None, a3="^", h8="V", lines="to-move: irish\ntracker: 1 2")
    assert "@a3" in moves_of(state)  # the troop leaving space 1 may deploy this turn
    turn(state, "@a3")
    assert state.tracker == [1] and state.reserve == 0 and cell(state, "a3") == "I^"
    turn(state, "h8-h7")
    assert state.tracker == [1]  # not on a Viking turn


def test_tracker_advances_every_turn_with_option():
    state = position(river=None, h8="V", a1="I", options={"tracker-advance": "every-turn"},
                     lines="tracker: 2")
    turn(state, "h8-h7")
    assert state.tracker == [1]


def test_deploy_needs_reserve_and_an_empty_unlooted_village_and_cannot_act_again():
    state = position(river=None, a3="^", b3="x", c3="I^", lines="to-move: irish\nreserve: 1")
    assert {m for m in moves_of(state) if m.startswith("@")} == {"@a3"}
    state.push_notation("@a3")
    assert not any(m.startswith("a3-") for m in moves_of(state))
    assert not any(m.startswith("@") for m in moves_of(position(river=None, a3="^", lines="to-move: irish")))


# --- Treasure (17-20) -------------------------------------------------------------------------

def test_viking_arriving_on_rank_1_picks_up_treasure_but_not_one_already_there():
    state = turn(position(d2="V", a1="V"), "d2-d1")
    assert cell(state, "d1") == "V$"
    state = turn(position(d2="V", a1="V"), "a1-b1")
    assert state.points(Side.IRISH) == {Point.TREASURE}


def test_pushed_viking_arriving_on_rank_1_picks_up_unless_option():
    text = dict(river=None, d3="I", d2="V", lines="to-move: irish")
    assert cell(turn(position(**text), "d3-d2"), "d1") == "V*$"
    assert cell(turn(position(**text, options={"treasure-pickup": "own-move"}), "d3-d2"), "d1") == "V*"


def test_irish_removing_carrier_take_treasure_and_rank_1_returns_it():
    state = turn(position(d6="I", d5="V$", lines="to-move: irish"), "d6-d5")
    assert cell(state, "d5") == "I$" and Point.TREASURE in state.points(Side.IRISH)
    state = turn(position(river=None, b1="I", a1="V$", lines="to-move: irish"), "b1-a1")
    assert cell(state, "a1") == "I" and "treasure" not in state.diagram()  # straight to the Irish side


def test_carrier_flip_keeps_treasure_and_viking_removal_returns_it():
    state = turn(position(d6="I", d5="B$", lines="to-move: irish"), "d6-d5")
    assert cell(state, "d5") == "b*$"
    state = turn(position(d6="V", d5="V$"), "d6-d5")
    assert state.points(Side.IRISH) == {Point.TREASURE} and state.defeated == 1


def test_carrier_reaching_rank_8_keeps_it_for_good_and_irish_carrier_home():
    state = turn(position(d7="V$"), "d7-d8")
    assert "treasure: viking-side" in state.diagram()
    state = turn(position(river=None, d2="I$", lines="to-move: irish"), "d2-d1")
    assert state.points(Side.IRISH) == {Point.TREASURE} and cell(state, "d1") == "I"


def test_eliminated_irish_carrier_returns_treasure():
    state = turn(position(d6="V", d5="I$"), "d6-d5")
    assert state.points(Side.IRISH) == {Point.TREASURE}


# --- Victory (21-23) ------------------------------------------------------------------------

def test_vikings_win_with_treasure_and_all_villages():
    state = position(river=None, d2="V", a5="x", b5="x", c5="x", d5="x", e6="V", e5="^")
    state.push_notation("d2-d1")
    assert not state.is_game_over()
    state.push_notation("e6-e5")
    outcome = state.outcome()
    assert outcome.winner is Side.VIKING and outcome.ways == ("treasure", "villages")
    assert state.legal_moves() == []


def test_village_point_needs_the_games_village_count():
    game = with_counts(Game(), villages=6)
    state = position(river=None, d2="V", a5="x", b5="x", c5="x", d5="x", e6="V", e5="^", game=game)
    turn(state, "d2-d1", "e6-e5")
    assert not state.is_game_over()


def test_irish_win_with_treasure_and_fourth_defeat():
    state = turn(position(d6="I", d5="V", lines="to-move: irish\ndefeated: 3"), "d6-d5")
    assert state.outcome().winner is Side.IRISH and state.outcome().ways == ("defeats", "treasure")


def test_both_reach_two_points_on_one_action_the_acting_side_wins():
    # The Vikings (villages) step onto rank 1 (treasure) pushing their own revealed Chief off the
    # board: the Irish gain the 4th defeat and the Chief in the same action. Both hold 2.
    state = position(river=None, d2="V", d1="c", a5="x", b5="x", c5="x", d5="x", e5="x", lines="defeated: 3")
    state.push_notation("d2-d1")
    assert len(state.points(Side.IRISH)) == 2 and len(state.points(Side.VIKING)) == 2
    assert state.outcome().winner is Side.VIKING


def test_turn_cap_declares_a_draw():
    state = position(river=None, a8="V", h1="I", options={"turn-cap": "2"})
    turn(state, "a8-a7")
    turn(state, "h1-h2")
    assert state.outcome().winner is None and state.outcome().termination == Termination.TURN_CAP


def test_revealed_berserker_may_be_backed_and_strength_stays_two():
    """Ruling 9: a two-troop push is legal when the target is backed by its own piece, also behind
    a revealed Berserker; strength never exceeds 2, so three in a line still do not move."""
    state = position(river=None, d8="V", d7="b", d6="I", d5="I")
    assert {"d7-d6", "d8+d7-d6"} <= moves_of(state)
    turn(state, "d8+d7-d6")
    assert [cell(state, s) for s in ("d8", "d7", "d6", "d5", "d4")] == [".", "V", "b", "I*", "I"]
    three = position(river=None, d8="V", d7="b", d6="I", d5="I", d4="I")
    assert not {"d7-d6", "d8+d7-d6"} & moves_of(three)
    assert "d8+d7-d6" not in moves_of(position(river=None, d8="V", d7="b", d6="I"))  # not backed


def test_a_winning_action_ends_the_turn():
    """After a play line the turn has ended, also when it won the game."""
    state = turn(position(d6="I", d5="V", lines="to-move: irish\ndefeated: 3"), "d6-d5")
    assert state.outcome().winner is Side.IRISH and state.to_move is Side.VIKING
    assert state.legal_moves() == [] and "winner: irish" in state.diagram()
