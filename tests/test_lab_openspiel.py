"""Issue 26: every hosted game as an OpenSpiel game (the optional extra), OpenSpiel's bots in the
lab, and its Elo and alpha-rank over a round robin of ours."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")

from generator.games.siege import SiegeGame  # noqa: E402
from generator.lab.openspiel import action_number, evaluate_players, spiel_game  # noqa: E402
from generator.lab.players import PlayerSpec  # noqa: E402
from generator.lab.simulate import make_tasks, play_game  # noqa: E402
from test_platform import GAME as DICE_RACE  # noqa: E402  (a game with chance nodes and three seats)

SIEGE = SiegeGame.default()


@pytest.mark.parametrize("game", [SIEGE, DICE_RACE], ids=["siege", "dice-race"])
def test_a_hosted_game_plays_through_openspiels_api(game):
    """OpenSpiel drives our engine: the same moves (by action number) give the same positions,
    the same chance outcomes and the same returns as our own state."""
    spiel = spiel_game(game, {"turn-cap": "40"})
    assert pyspiel.load_game(spiel.get_type().short_name).num_players() == len(game.sides)
    state, ours = spiel.new_initial_state(), game.new_initial_state({"turn-cap": "40"})
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sorted(p for _, p in outcomes) == sorted(p for _, p in ours.chance_outcomes())
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            assert state.current_player() == game.seat(ours.to_move)
            actions = state.legal_actions()
            assert actions == sorted(actions) and len(actions) == len(ours.legal_moves())
            action = actions[rng.randrange(len(actions))]
        move = state.action_to_string(state.current_player(), action)
        assert action_number(move) == action or move in {getattr(m, "notation", lambda: str(m))() for m in ours.legal_moves()}
        state.apply_action(action)
        ours.push(game.parse_move(move))
        assert state.state.key() == ours.key()
    assert ours.is_game_over() and list(state.returns()) == list(ours.returns())


def test_siege_is_an_imperfect_information_game_for_openspiel():
    spiel = spiel_game(SIEGE, {"turn-cap": "40"})
    assert spiel.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    from generator.config import load_game
    assert spiel_game(load_game("games/tafl")).get_type().information == \
        pyspiel.GameType.Information.PERFECT_INFORMATION


def test_openspiels_bot_plays_in_the_lab():
    spec = PlayerSpec.parse("openspiel:4")
    assert str(spec) == "openspiel:4" and str(spec.weaker()) == "openspiel:2"
    task = make_tasks(1, (spec, PlayerSpec.parse("greedy")), seed=5, turn_cap=12)[0]
    record = play_game(task)
    assert record["players"] == {"viking": "openspiel:4", "irish": "greedy"}
    assert record["termination"] in ("points", "turn-cap")


def test_openspiel_rates_a_round_robin_of_our_players():
    result = evaluate_players(SIEGE, [PlayerSpec.parse("random"), PlayerSpec.parse("greedy")], games=3, turn_cap=60)
    assert result["players"] == ["random", "greedy"]
    assert result["wins"][1][0] > result["wins"][0][1]        # greedy beat random more often
    assert result["elo"][1] > result["elo"][0]
    assert result["alpharank"][1] > 0.5 and sum(result["alpharank"]) == pytest.approx(1.0)
