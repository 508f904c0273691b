"""Property tests (hypothesis) over random games: notation and diagram round-trips, push/pop,
termination, conservation of pieces."""

import random

from hypothesis import given, settings, strategies as st

from generator.games.siege import SiegeGame as Game, with_counts
from generator.games.siege import Move, Phase, Side, State
from generator.games.siege.diagram import parse_cell

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.sampled_from(["final", "draft"])


def snapshot(state: State) -> tuple:
    """Everything that makes a state, history aside."""
    values = (getattr(state, name) for name in State.__slots__ if name not in ("_stack", "move_stack"))
    return tuple(tuple(v) if isinstance(v, list) else v for v in values)


def random_game(seed: int, rules: str = "final", cap: int = 300, game: Game | None = None):
    """Yield each state of a seeded random game (setup included) before each move, and the move."""
    rng = random.Random(seed)
    state = State.new_game(game, rules=rules, options={"turn-cap": cap})
    while not state.is_game_over():
        move = rng.choice(state.legal_moves())
        yield state, move
        state.push(move)
    yield state, None


def pieces_total(state: State) -> tuple[int, int]:
    """(Irish, Viking) pieces: board + removed + tracker + reserve + not yet placed."""
    on_board = [state.side_of(state.board[s]) for s in range(64) if state.board[s]]
    irish = on_board.count(Side.IRISH) + len(state.tracker) + state.reserve + state.supply[0]
    vikings = on_board.count(Side.VIKING) + state.defeated + sum(state.supply[2:])
    return irish, vikings


@settings(max_examples=25, deadline=None)
@given(SEEDS, RULES)
def test_random_games_end_with_an_outcome_and_no_legal_moves(seed, rules):
    for state, move in random_game(seed, rules):
        if move is None:
            assert state.legal_moves() == []
            assert state.outcome() is not None


@settings(max_examples=20, deadline=None)
@given(SEEDS, RULES)
def test_pieces_are_conserved(seed, rules):
    game = Game()
    for state, _ in random_game(seed, rules):
        assert pieces_total(state) == (game.counts.irish_troops, game.counts.viking_troops)


@settings(max_examples=20, deadline=None)
@given(SEEDS, RULES)
def test_push_pop_restores_the_state_exactly(seed, rules):
    for state, move in random_game(seed, rules, cap=120):
        if move is None:
            break
        before = snapshot(state)
        assert snapshot(state.copy()) == before  # copy() carries every slot
        legal = state.legal_moves()
        assert legal == sorted(legal)  # deterministic, ascending
        state.push(move)
        assert state.pop() == move
        assert snapshot(state) == before


@settings(max_examples=20, deadline=None)
@given(SEEDS, RULES)
def test_moves_and_diagrams_round_trip(seed, rules):
    for state, move in random_game(seed, rules, cap=120):
        for legal in state.legal_moves():
            assert Move.from_notation(legal.notation()) == legal
        if state.phase is Phase.PLAY and state.actions == 0:
            text = state.diagram()
            again = State.from_diagram(text, rules=rules, options={"turn-cap": 120})
            assert again.diagram() == text
            assert again.legal_moves() == state.legal_moves()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list("IVBCbc") + [""]), st.sampled_from(["", "^", "x", "~"]),
       st.booleans(), st.booleans())
def test_cell_tokens_round_trip(letter, terrain, stunned, treasure):
    token = letter + terrain + ("*" if stunned else "") + ("$" if treasure else "")
    try:
        cell = parse_cell(token or ".")
    except ValueError:
        return  # rejected tokens are covered by test_diagrams
    assert cell.token() == (token or ".")
    assert parse_cell(token[:len(letter + terrain)] + ("$*" if stunned and treasure else token[len(letter + terrain):]) or ".") == cell


@settings(max_examples=10, deadline=None)
@given(SEEDS, st.integers(min_value=3, max_value=8))
def test_village_count_flows_into_the_game(seed, villages):
    game = with_counts(Game(), villages=villages)
    for state, _ in random_game(seed, "final", cap=40, game=game):
        if state.phase is Phase.VIKING_TROOPS:
            assert state.unlooted() == villages
            break


def test_irish_view_hides_every_reverse_and_samples_consistently():
    for state, move in random_game(7, cap=200):
        view = state.view(Side.IRISH)
        tokens = [t for line in view.diagram().splitlines()[1:9] for t in line.split()[1:]]
        assert not any(t[0] in "VBC" for t in tokens)  # hidden reverses show as ?
        sample = view.determinize(random.Random(1))
        assert sample.diagram().replace("?", "") == sample.diagram()
        if state.phase is Phase.PLAY:  # once all are placed: the same kinds as the truth, dealt anew
            def kinds(s):
                return sorted(s.kind[i] for i in range(len(s.kind)) if s.pos[i] >= 0)
            assert kinds(sample) == kinds(state)


def test_sampling_during_viking_placement_deals_reverses_at_random():
    """The Irish view mid-placement: the first placed troop is the Chief in about 1 of 8 samples,
    and each sample can finish the placement (its supply holds the reverses not dealt)."""
    state = State.new_game()
    for move in ("~a5-a4", "~b5-b4", "~c5-c4", "end", "^a3", "^b3", "^c3", "^d3", "^e3", "C@a8"):
        state.push_notation(move)
    view = state.view(Side.IRISH)
    rng = random.Random(5)
    chiefs = 0
    for _ in range(400):
        sample = view.determinize(rng)
        chiefs += sample.kind[sample.board[56]] == 4  # HIDDEN_CHIEF on a8
        assert sum(sample.supply[2:]) == 7
        while sample.phase is Phase.VIKING_TROOPS:
            sample.push(sample.legal_moves()[0])
        assert sample.phase is Phase.IRISH_TROOPS
    assert 20 <= chiefs <= 90
