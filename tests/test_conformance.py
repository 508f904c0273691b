"""What every rules engine promises the core, checked the same way for each registered package
(OpenSpiel's `random_sim_test`): a new package is covered by registering it.

Seeded random games: each ends with an outcome, push and pop put every position back, every
legal move reads back from its notation, every position in play reads back from its diagram, a
side's view is the same for every position it cannot tell apart (no hidden value leaks), and a
game replays move by move to the same positions and the same outcome.
"""

from __future__ import annotations

import random

import pytest

from generator.games import game_class, packages

ENGINES = sorted(name for name in packages() if game_class(name).engine)
SEEDS = range(4)
MAX_PLIES = 3000   # every engine ends a game long before: its rules, or its turn cap
TURN_CAP = "60"    # an engine option that most engines offer: keeps these games short


def options_of(game) -> dict[str, str]:
    """The options these games are played with: the game's own, and the turn cap where there is one."""
    extra = {"turn-cap": TURN_CAP} if any(spec.name == "turn-cap" for spec in game.option_specs) else {}
    return {**dict(game.options), **extra}


def new_state(name: str):
    game = game_class(name).default()
    return game, game.new_initial_state(options_of(game))


def random_game(name: str, seed: int):
    """(state, move) before each move of a seeded random game, then (final state, None)."""
    game, state = new_state(name)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        moves = state.legal_moves()
        if not moves:
            break
        yield state, moves
        state.push(moves[rng.randrange(len(moves))])
    yield state, None


def test_every_package_with_an_engine_is_covered():
    assert {"siege", "tafl"} <= set(ENGINES)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_random_games_end_with_an_outcome(name, seed):
    *_, (state, moves) = random_game(name, seed)
    assert moves is None and state.is_game_over() and state.outcome() is not None
    assert state.legal_moves() == []
    headline, _ = state.game.describe_outcome(state.outcome())
    assert headline


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_push_and_pop_put_every_position_back(name, seed):
    rng = random.Random(seed)
    for state, moves in random_game(name, seed):
        if moves is None:
            break
        before, legal = state.diagram(), [m.notation() for m in moves]
        for move in rng.sample(moves, min(3, len(moves))):
            state.push(move)
            after = state.diagram(), [m.notation() for m in state.legal_moves()], state.outcome()
            assert state.pop() == move
            assert state.diagram() == before
            assert [m.notation() for m in state.legal_moves()] == legal
            state.push(move)  # what the diagram does not show (a king's square, a count) was put back too
            assert (state.diagram(), [m.notation() for m in state.legal_moves()], state.outcome()) == after
            state.pop()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_every_legal_move_reads_back_from_its_notation(name, seed):
    for state, moves in random_game(name, seed):
        if moves is None:
            break
        for move in moves:
            assert state.game.parse_move(move.notation()) == move
            assert state.is_legal(move)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_positions_in_play_read_back_from_their_diagrams(name, seed):
    checked = 0
    for state, moves in random_game(name, seed):
        if state.in_setup():
            continue
        text = state.diagram()
        grammar = state.game.grammar
        lines = list(enumerate(text.splitlines(), start=1))
        grid, i = grammar.read_grid(lines, 0)
        fields, _ = grammar.read_fields(lines, i)
        again = grammar.build_state(grid, fields, state.game.rule_set or None, options_of(state.game))
        assert again.diagram() == text
        assert grammar.tokens(again) == grammar.tokens(state) and grammar.fields(again) == grammar.fields(state)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_a_view_hides_what_its_side_cannot_know(name, seed):
    """Two positions a side cannot tell apart (one, and another drawn from that side's view) give
    that side the same view: nothing hidden reaches it."""
    rng = random.Random(seed)
    for state, moves in random_game(name, seed):
        for info in state.game.sides:
            side = state.game.side(info.label)
            view = state.view(side)
            if not view.is_hidden():
                assert view.diagram() == state.diagram()
                continue
            other = view.determinize(rng)
            assert other.view(side).diagram() == view.diagram()
            assert [m.notation() for m in other.view(side).legal_moves()] == \
                [m.notation() for m in view.legal_moves()]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ENGINES)
def test_a_game_replays_to_the_same_positions_and_outcome(name, seed):
    """A recorded game (its moves' notation) replayed on a fresh state: the same legal moves at
    every step, the same final position and outcome (what the recorded playthroughs rely on)."""
    record = []
    for state, moves in random_game(name, seed):
        if moves is None:
            final, outcome = state.diagram(), state.outcome()
            break
        record.append(([m.notation() for m in moves], None))
        if len(record) > 1:
            record[-2] = (record[-2][0], state.move_stack[-1].notation())
    record[-1] = (record[-1][0], state.move_stack[-1].notation())
    game, replayed = new_state(name)
    for legal, played in record:
        assert [m.notation() for m in replayed.legal_moves()] == legal
        replayed.push_notation(played)
    assert replayed.diagram() == final and replayed.outcome() == outcome
