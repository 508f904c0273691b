"""Property tests (hypothesis) over random Tafl games and positions: notation and diagram round
trips, push/pop, termination, conservation of tokens, and why_illegal agreeing with legal_moves."""

import random

from hypothesis import given, settings, strategies as st

from generator.games.tafl import Move, TaflState
from generator.games.tafl.board import geometry
from generator.games.grid import grid_lines
from tafl_helpers import game_of_size

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SIZES = st.sampled_from([7, 9, 11])
OPTIONS = st.fixed_dictionaries({}, optional={
    "unarmed-king": st.just("on"), "edge-king": st.just("on"), "shield-wall": st.just("on"),
    "berserker": st.just("on"), "skilled-play": st.just("on"),
    "turn-limit": st.integers(min_value=1, max_value=60).map(str)})


def random_game(seed: int, n: int, options: dict, cap: int = 200):
    """Each state of a seeded random game before each move, with the move; last, the end."""
    rng = random.Random(seed)
    state = game_of_size(n).new_initial_state({**options, "turn-cap": str(cap)})
    while not state.is_game_over():
        move = rng.choice(state.legal_moves())
        yield state, move
        state.push(move)
    yield state, None


def snapshot(state: TaflState) -> tuple:
    """Everything that makes a position, history aside."""
    return (tuple(state.board), state.occupied, tuple(map(tuple, state.squares)), state.king, state.to_move,
            state.turn, state.last, state.chain, state.defender_turns, state.turn_limit, state.outcome())


@settings(max_examples=40, deadline=None)
@given(SEEDS, SIZES, OPTIONS)
def test_random_games_end_with_an_outcome_and_no_legal_moves(seed, n, options):
    for state, move in random_game(seed, n, options):
        if move is None:
            assert state.outcome() is not None and state.legal_moves() == []
            assert state.why_illegal(Move.parse("a2-a3")).ruling == 13
            if state.outcome().termination == "no-moves":  # ruling 7 judged right: none there
                text = "".join(line + "\n" for line in state.diagram().splitlines() if not line.startswith("winner"))
                assert TaflState.from_diagram(text, game_of_size(n), options=options).legal_moves() == []


@settings(max_examples=40, deadline=None)
@given(SEEDS, SIZES, OPTIONS)
def test_tokens_are_conserved_and_effects_name_the_captures(seed, n, options):
    start = None
    captured = 0
    for state, move in random_game(seed, n, options, cap=120):
        counts = [state.count(letter) for letter in "ADK"]
        start = start or counts
        assert sum(counts) + captured == sum(start)
        assert state.count("K") == (1 if state.king >= 0 else 0) and state.count("K") + captured >= 1
        if move is not None:
            removals = state.effect(move).removals
            before = sum(counts)
            state_after = state.copy()
            state_after.push(move)
            assert before - sum(state_after.count(letter) for letter in "ADK") == len(removals)
            captured += len(removals)


@settings(max_examples=40, deadline=None)
@given(SEEDS, SIZES, OPTIONS)
def test_push_pop_restores_the_state_exactly(seed, n, options):
    for state, move in random_game(seed, n, options, cap=100):
        if move is None:
            break
        before = snapshot(state)
        assert snapshot(state.copy()) == before
        legal = state.legal_moves()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        state.push(move)
        assert state.pop() == move
        assert snapshot(state) == before


@settings(max_examples=30, deadline=None)
@given(SEEDS, SIZES, OPTIONS)
def test_moves_and_diagrams_round_trip(seed, n, options):
    game = game_of_size(n)
    for ply, (state, move) in enumerate(random_game(seed, n, options, cap=100)):
        for legal in state.legal_moves():
            assert Move.parse(legal.notation()) == legal == game.parse_move(legal.notation())
        if ply % 5 == 0 or move is None:
            text = state.diagram()
            again = TaflState.from_diagram(text, game, options={**options, "turn-cap": "100"})
            assert again.diagram() == text
            assert again.legal_moves() == state.legal_moves()


@settings(max_examples=30, deadline=None)
@given(SEEDS, SIZES, OPTIONS)
def test_why_illegal_agrees_with_legal_moves(seed, n, options):
    rng = random.Random(seed)
    size = n * n
    for ply, (state, move) in enumerate(random_game(seed, n, options, cap=80)):
        if ply % 3:
            continue
        legal = set(state.legal_moves())
        for candidate in legal:
            assert state.why_illegal(candidate) is None, candidate
        mine = [s for s in range(size) if state.board[s]]
        for _ in range(40):
            frm = rng.choice(mine) if mine and rng.random() < 0.8 else rng.randrange(size)
            to = rng.randrange(size) if rng.random() < 0.3 else rng.choice(
                [t for ray in geometry(n).rays[frm] for t in ray])
            candidate = Move.between(frm, to, n)
            assert (state.why_illegal(candidate) is None) == (candidate in legal), candidate


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([7, 9, 11, 13, 19]), st.data())
def test_random_positions_round_trip(n, data):
    geo = geometry(n)
    tokens = data.draw(st.lists(st.sampled_from(".....AD"), min_size=n * n, max_size=n * n))
    tokens = ["." if geo.hostile[s] else t for s, t in enumerate(tokens)]
    king = data.draw(st.integers(min_value=-1, max_value=n * n - 1))
    if king >= 0:
        tokens[king] = "K"
    side = data.draw(st.sampled_from(["attackers", "defenders"]))
    text = "\n".join(grid_lines(tokens, geometry(n).board)) + "\n" + (f"to-move: {side}\n" if side == "defenders" else "")
    state = TaflState.from_diagram(text)
    assert state.diagram() == text
    for move in state.legal_moves():
        assert state.why_illegal(move) is None


@given(st.integers(0, 18), st.integers(0, 18), st.integers(0, 18), st.integers(0, 18))
def test_notation_round_trips(a, b, c, d):
    move = Move(a, b, c, d)
    assert Move.parse(move.notation()) == move
    assert Move.parse(move.notation()) < Move(a, b, c, d + 1)
