"""The Tafl game built from a game folder: [board] size and setup, [rules.options], errors that
name components.toml's line; the registry; numbers for templates; the heuristic."""

import shutil
import tomllib

import pytest

from generator.errors import GameFileError
from generator.games import fence_game, game_class
from generator.games.base import Game
from generator.games.tafl import GAME, Side, TaflGame
from generator.games.tafl.game import FORCED
from tafl_helpers import SETUPS, game_of_size, position, turn


def load(tmp_path, toml: str, *setups: str) -> TaflGame:
    """A TaflGame from a components.toml text in a fresh folder (with setup files copied in)."""
    (tmp_path / "components.toml").write_text(toml, encoding="utf-8")
    for name in setups:
        shutil.copy(SETUPS / name, tmp_path / name)
    data = tomllib.loads(toml)
    base = Game(folder=tmp_path, source=toml)
    return TaflGame.from_table({k: v for k, v in data.items() if k in TaflGame.sections}, base)


def load_error(tmp_path, toml: str, *setups: str) -> GameFileError:
    with pytest.raises(GameFileError) as caught:
        load(tmp_path, toml, *setups)
    return caught.value


def test_the_package_is_found_by_name_and_fence():
    assert game_class("tafl") is TaflGame is GAME
    assert fence_game("tafl") is TaflGame


def test_defaults_without_tables(tmp_path):
    game = load(tmp_path, "")
    assert game.size == 11 and game.options == ()
    assert game.new_initial_state().count("A") == 24


def test_a_9_board_with_its_setup_and_options(tmp_path):
    game = load(tmp_path, '[board]\nsize = 9\nsetup = "setup-9.txt"\n\n[rules.options]\n'
                          'berserker = "on"\nturn-cap = 40\n', "setup-9.txt")
    assert game.size == 9 and dict(game.options) == {"berserker": "on", "turn-cap": "40"}
    state = game.new_initial_state()
    assert (state.count("A"), state.count("D"), state.n) == (16, 8, 9)
    assert state.options.berserker and state.options.turn_cap == 40
    assert game.board.files == 9 and dict(game.board.marked)["throne"] == (40,)
    off = game.new_initial_state({"berserker": "off"})  # a state's options override the game's
    assert not off.options.berserker


@pytest.mark.parametrize("toml,line,words", [
    ("[board]\nsize = 10\n", 2, "odd from 7 to 19"),
    ("[board]\nsize = \"big\"\n", 2, "must be a whole number"),
    ("[board]\nsize = 9\n", 2, "needs a setup diagram"),
    ("[board]\nsize = 9\nsetup = \"nowhere.txt\"\n", 3, "no such file 'nowhere.txt' in the game folder"),
    ("[board]\ncolour = \"red\"\n", 2, "unknown key 'colour' in [board]; accepted keys: size, setup"),
    ("[rules]\nset = \"final\"\n", 2, "unknown key 'set' in [rules]"),
    ("[rules.options]\nberserker = \"maybe\"\n", 1, "option berserker takes off or on"),
    ("[rules.options]\nflying = \"on\"\n", 1, "unknown option 'flying'"),
    ("[rules.options]\nturn-limit = 0\n", 1, "turn-limit takes a whole number >= 1"),
])
def test_folder_errors_name_the_line(tmp_path, toml, line, words):
    error = load_error(tmp_path, toml)
    assert error.line == line and words in error.message, error.message
    assert error.path == tmp_path / "components.toml"


def test_a_setup_of_the_wrong_size_names_the_setup_file(tmp_path):
    error = load_error(tmp_path, '[board]\nsize = 7\nsetup = "setup-9.txt"\n', "setup-9.txt")
    assert error.path == tmp_path / "setup-9.txt" and "9 x 9 but [board] size is 7" in error.message
    (tmp_path / "bad.txt").write_text("# a setup\n 7 . . . . . . Q\n", encoding="utf-8")
    error = load_error(tmp_path, '[board]\nsize = 7\nsetup = "bad.txt"\n')
    assert error.path == tmp_path / "bad.txt" and error.line == 2 and "bad cell 'Q'" in error.message


def test_template_values():
    values = TaflGame().template_values()
    assert {k: values[k] for k in ("board_size", "attackers", "defenders", "kings", "throne", "turn_limit")} == {
        "board_size": 11, "attackers": 24, "defenders": 12, "kings": 1, "throne": "f6", "turn_limit": 30}
    assert values["corners"] == "a1, k1, a11, k11"
    assert game_of_size(7).template_values()["attackers"] == 8
    assert "attackers" not in TaflGame(size=9).template_values()  # no setup: no counts


def test_evaluate_prefers_the_king_near_an_open_corner():
    game = TaflGame()
    start = game.new_initial_state()
    assert game.evaluate(start, Side.DEFENDERS) == -game.evaluate(start, Side.ATTACKERS)
    open_line = position(b5="K", c9="A", d3="A", lines="to-move: attackers\n")
    boxed = position(f6="K", e6="A", g6="A", f7="A", lines="to-move: attackers\n")
    assert game.evaluate(open_line, Side.DEFENDERS) > game.evaluate(boxed, Side.DEFENDERS)
    won = position(a5="K", k5="A", lines="to-move: defenders\n")
    turn(won, "a5-a1")
    assert game.evaluate(won, Side.DEFENDERS) == 1000.0 and game.evaluate(won, Side.ATTACKERS) == -1000.0


def test_evaluate_rewards_the_attackers_closing_a_corner():
    """Three attackers on a3, b2 and c1 keep the king out of a1 for good; the same three attackers
    loose in the field close nothing, and the attackers' evaluation tells the two apart."""
    game = TaflGame()
    closed = position(f6="K", a3="A", b2="A", c1="A", lines="to-move: attackers\n")
    loose = position(f6="K", d4="A", d8="A", h4="A", lines="to-move: attackers\n")
    assert game.evaluate(closed, Side.ATTACKERS) > game.evaluate(loose, Side.ATTACKERS)


def test_evaluate_counts_a_square_beside_a_corner_as_the_corner():
    """The king cannot be captured on the edge and only it may stop on a corner, so a king that
    reaches b1 enters a1 next whatever the attackers do (rulings 5, 11 and 13): its open line down
    the b-file is worth a whole line to a corner. With edge-king on the king can be taken on b1,
    and the same line is only a line to the edge."""
    game = TaflGame()

    def gain(options):   # the defenders' value of the b-file opening, b3's attacker moved to h9
        def value(**cells):
            return game.evaluate(position(lines="to-move: attackers\n", options=options, b6="K", b9="A",
                                          c6="A", **cells), Side.DEFENDERS)
        return value(h9="A") - value(b3="A")

    assert gain(None) >= 8.0
    assert gain({"edge-king": "on"}) < gain(None) - 5.0


def test_evaluate_calls_an_escape_the_attackers_cannot_stop_forced():
    """A king with a line open to a square it escapes from, the defenders to move; a king beside a
    corner; a king with two rays open, the attackers to move (one move blocks one); a king one move
    from a square with two lines open, the defenders to move: the escape can no longer be stopped,
    and the evaluation says so (FORCED less 10 a king move still needed, below the escape itself),
    so a search sees the threat moves before the corner and takes the shortest way out. Not when
    one ray is open and the attackers are to move, not with berserker (a capture moves again), not
    on a line back to where the king came from (ruling 6), not to a square beside a corner in
    skilled play's last turn (ruling 15), and not beside a corner with edge-king (it can be
    captured there)."""
    game = TaflGame()

    def value(to_move, options=None, extra="", **cells):
        # by default the b-file open from b6 down to b1, and no square within the king's reach
        # with two lines open
        cells = cells or {"b6": "K", "c6": "A", "a6": "A", "b9": "A", "a2": "A", "c2": "A"}
        state = position(lines=f"to-move: {to_move}\n{extra}", options=options, **cells)
        return game.evaluate(state, Side.DEFENDERS)

    def forced(moves):
        return FORCED - 10.0 * moves

    assert value("defenders") == forced(2) == -game.evaluate(           # b6-b1, b1-a1
        position(lines="to-move: defenders\n", b6="K", c6="A", a6="A", b9="A"), Side.ATTACKERS)
    assert value("attackers") < 50.0                                    # one ray: they block it
    two_rays = {"b6": "K", "c6": "A", "a6": "A"}                        # b1 and b11 both open
    assert value("attackers", **two_rays) == forced(2)
    assert value("attackers", {"berserker": "on"}, **two_rays) < 50.0
    assert value("attackers", b1="K", c1="A", b2="A") == forced(1)       # beside a1
    assert value("attackers", {"edge-king": "on"}, b1="K", c1="A", b2="A") < 50.0
    assert value("defenders", extra="last-defenders: b1-b6\n") < 50.0  # ruling 6: not back to b1
    last_turn = "defender-turns: 29\n"
    assert value("defenders", {"skilled-play": "on"}, last_turn) < 50.0  # b1, then out of turns
    edge_king_last_turn = {"skilled-play": "on", "edge-king": "on"}
    assert value("defenders", edge_king_last_turn, last_turn, a6="K", b6="A",
                 a9="A") == forced(1)                                   # a6-a1, the corner
    assert value("defenders", f6="K") == forced(3)                       # f6-f2 opens a2 and k2
    assert value("attackers", f6="K") < 50.0
    assert value("defenders", {"berserker": "on"}, f6="K") < 50.0
    assert forced(1) < 1000.0


def test_with_numbers_changes_the_turn_limit_and_cap():
    game = TaflGame().with_numbers(turn_limit=12, turn_cap=50)
    assert dict(game.options) == {"turn-limit": "12", "turn-cap": "50"}
    state = game.new_initial_state({"skilled-play": "on"})
    assert (state.turn_limit, state.options.turn_cap) == (12, 50)
    for bad in ({"size": 9}, {"turn_limit": 0}):
        with pytest.raises(ValueError):
            TaflGame().with_numbers(**bad)


def test_describe_outcome_and_notes():
    game = TaflGame()
    state = position(a5="K", k5="A", lines="to-move: defenders\n")
    turn(state, "a5-a1")
    assert game.describe_outcome(state.outcome()) == ("The defenders win", "the king escaped")
    assert state.notes() == ""
    assert repr(state).startswith("<TaflState\n   a b c")
