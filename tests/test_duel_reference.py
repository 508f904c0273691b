"""The duel engine against an independent reference (tests/duel_reference.py, brute force, no shared
code), on thousands of random positions of random tile sets (hypothesis): the same legal moves, the
same positions after each of them, the same frozen tiles and leaders in guard, the same verdict
on illegal moves with a ruling the reference agrees is broken, and whole random games played to
the end by both, setup and draws included."""

from __future__ import annotations

import os
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duel_reference import Pos, Ref, Rules
from generator.config import KIT_SECTIONS
from generator.games.base import GameInfo
from generator.games.duel import DuelGame

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "generator" / "games" / "duel" / "builtin", ROOT / "games" / "tile-duel", ROOT / "games" / "thornwick"]
SHIPPED = [tomllib.loads((folder / "components.toml").read_text()) | {"folder": folder} for folder in FOLDERS]
SYMBOLS = "mmmjjsJxxcnNdDh"
ABC = "abcdefghijklmnopqrstuvwxyz"


def engine_game(tables: dict) -> DuelGame:
    """The engine's game of these components.toml tables (and the folder they come from, a shipped
    game's, whose board names art files), as `load_game` reads them, without the kit."""
    base = DuelGame(info=GameInfo(title="A made-up duel", package="duel"), folder=tables.get("folder"),
                    tables={k: v for k, v in tables.items() if k in KIT_SECTIONS})
    return DuelGame.from_table({k: v for k, v in tables.items() if k in DuelGame.sections}, base)


# ----------------------------------------------------------------------------- random games


@st.composite
def grids(draw, size: int | None = None) -> tuple[list[str], list[str] | None]:
    """A face: its grid (odd, 3-9 rows, one O, slides only on straight lines) and maybe an overlay."""
    n = size or draw(st.sampled_from([3, 5, 5, 5, 7, 9]))
    centre = draw(st.booleans()) or draw(st.booleans())
    i0, k0 = (n // 2, n // 2) if centre else (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))
    density = draw(st.sampled_from([0.15, 0.3, 0.5]))
    rows = []
    for i in range(n):
        row = ""
        for k in range(n):
            if (i, k) == (i0, k0):
                row += "O"
                continue
            if draw(st.floats(0, 1)) > density:
                row += "."
                continue
            symbol = draw(st.sampled_from(SYMBOLS))
            dx, dy = k - k0, i0 - i
            if symbol in "sJ" and not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                symbol = "m"
            row += symbol
        rows.append(row)
    aura = None
    if draw(st.booleans()):
        aura = ["".join("O" if (i, k) == (i0, k0) else (draw(st.sampled_from("....cdDh")))
                        for k in range(n)) for i in range(n)]
    return rows, aura


@st.composite
def tile_sets(draw) -> dict:
    """The tables of a tile duel: a shipped one, or a made-up board and set of kinds."""
    if SHIPPED and draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(SHIPPED))
    count = draw(st.integers(2, 7))
    tiles = {}
    start_tiles = draw(st.integers(0, 2))
    for index in range(count):
        entry = {}
        for which in ("front", "back"):
            grid, aura = draw(grids())
            entry[which] = grid
            if aura:
                entry[f"{which}_aura"] = aura
        entry["count"] = 1 if index == 0 else draw(st.integers(max(start_tiles, 1) if index == 1 else 1, 3))
        if draw(st.integers(0, 4)) == 0:
            entry["start"] = "either"
        tiles[f"k{ABC[index]}{'xyz'[index % 3]}"] = entry
    if draw(st.booleans()):
        for key, letter in zip(tiles, draw(st.permutations("QRSTUVWXYZ"))):
            if draw(st.booleans()):
                tiles[key]["letter"] = letter
    tables = {"board": {"files": draw(st.integers(3, 8)), "ranks": draw(st.integers(3, 8))},
              "numbers": {"start_tiles": start_tiles}, "tiles": tiles}
    if draw(st.booleans()):
        tables["sides"] = {"gold": {"name": "Gold"}, "iron": {"name": "Iron"}}
    return tables


@st.composite
def positions(draw):
    """(tables, diagram text, options): a position in play with both leaders, random tiles and bags,
    sometimes a drawn tile waiting to be placed."""
    tables = draw(tile_sets())
    rules = Rules(tables)
    squares = [(f, r) for r in range(rules.ranks) for f in range(rules.files)]
    order = draw(st.permutations(squares))
    tiles = {}
    spots = iter(order)
    for seat in (0, 1):
        tiles[next(spots)] = (rules.leader, seat, draw(st.integers(0, 1)))
    others = [k for k in rules.kinds if k != rules.leader]
    for _ in range(draw(st.integers(0, min(12, len(squares) - 2)))):
        seat = draw(st.integers(0, 1))
        kinds = [k for k in others if seat in rules.made_for[k]]
        if kinds:
            tiles[next(spots)] = (draw(st.sampled_from(kinds)), seat, draw(st.integers(0, 1)))
    mover = draw(st.integers(0, 1))
    lines = []
    for rank in range(rules.ranks - 1, -1, -1):
        cells = []
        for f in range(rules.files):
            tile = tiles.get((f, rank))
            cells.append("." if tile is None else
                         (rules.letter[tile[0]] if tile[1] == 0 else rules.letter[tile[0]].lower()) + str(tile[2] + 1))
        lines.append(f"{rank + 1} " + " ".join(cells))
    lines.append(f"to-move: {rules.sides[mover]}")
    bags = []
    for seat in (0, 1):
        bag = [k for k, n in rules.starting_bag(seat).items() for _ in range(n)]
        bag = [k for k in bag if draw(st.booleans())]
        bags.append(bag)
        lines.append(f"bag-{rules.sides[seat]}: {' '.join(bag) or 'none'}")
    leader = next(sq for sq, t in tiles.items() if t[0] == rules.leader and t[1] == mover)
    room = any(0 <= leader[0] + df < rules.files and 0 <= leader[1] + dr < rules.ranks
               and (leader[0] + df, leader[1] + dr) not in tiles for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    if room and draw(st.integers(0, 4)) == 0:
        kinds = [k for k in others if mover in rules.made_for[k]]
        if kinds:
            lines.append(f"drawn: {draw(st.sampled_from(kinds))}")
    safety = draw(st.sampled_from(["strict", "strict", "guard", "off"]))
    return tables, "\n".join(lines) + "\n", safety


def both(tables: dict, text: str, safety: str):
    game = engine_game(tables)
    state = game.grammar.read_diagram(text, options={"leader-safety": safety})
    ref = Ref(Rules(tables))
    return game, state, ref, ref.read(text, safety)


def same_position(game, state, ref: Ref, pos: Pos) -> None:
    grammar = game.grammar
    assert list(grammar.tokens(state)) == ref.grid(pos)
    assert state.mover == pos.mover
    outcome = state.outcome()
    if pos.winner is None:
        assert outcome is None
    elif pos.winner == "draw":
        assert outcome is not None and not outcome.winners
    else:
        assert outcome is not None and outcome.winner.seat == pos.winner
    for seat in (0, 1):
        bag = {k.key: state.bags[seat][k.index] for k in game.duel.kinds if state.bags[seat][k.index]}
        assert bag == pos.bags[seat]
    assert state.turns == pos.turns


# DUEL_REFERENCE_EXAMPLES=5000 runs a deeper comparison than the suite's
EXAMPLES = int(os.environ.get("DUEL_REFERENCE_EXAMPLES", "250"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


# ----------------------------------------------------------------------------- the comparisons


@SETTINGS
@given(positions())
def test_the_same_legal_moves(case):
    game, state, ref, pos = both(*case)
    assert {m.notation() for m in state.legal_moves()} == ref.legal(pos)


@SETTINGS
@given(positions())
def test_the_same_frozen_tiles_and_leaders_in_guard(case):
    game, state, ref, pos = both(*case)
    assert {game.board.square_name(s) for s in state.frozen} == {ref.r.name(s) for s in ref.frozen(pos)}
    for seat in (0, 1):
        assert state.in_guard(seat) == ref.in_guard(pos, seat)


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_every_legal_move_leads_to_the_same_position(case, rng):
    game, state, ref, pos = both(*case)
    moves = state.legal_moves()
    for move in rng.sample(moves, min(8, len(moves))):
        after = state.copy()
        after.push(move)
        same_position(game, after, ref, ref.play(pos, move.notation()))


def candidates(game, state, rng: random.Random) -> list[str]:
    """Activations worth trying on the side to move's tiles: nearby targets with every symbol, strikes
    and commands, most of them illegal."""
    names = game.board.geometry.names
    files, ranks = game.duel.files, game.duel.ranks
    texts = []
    squares = [s for s, code in enumerate(state.board) if code]
    for a in squares:
        fa, ra = a % files, a // files
        near = [f + files * r for f in range(max(0, fa - 4), min(files, fa + 5))
                for r in range(max(0, ra - 4), min(ranks, ra + 5))]
        for t in rng.sample(near, min(6, len(near))):
            texts += [f"{names[a]}-{names[t]}", f"{names[a]}x{names[t]}",
                      f"{names[a]}-{names[t]}/{rng.choice('mjsJnN')}"]
        src, dst = rng.choice(near), rng.choice(near)
        texts.append(f"{names[a]}:{names[src]}-{names[dst]}")
    return texts


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_illegal_moves_are_refused_for_a_ruling_the_reference_agrees_with(case, rng):
    game, state, ref, pos = both(*case)
    legal = ref.legal(pos)
    for text in candidates(game, state, rng):
        move = game.parse_move(text)
        error = state.why_illegal(move)
        expected = ref.legal_with_symbol(pos, text) if "/" in text else text in legal
        assert (error is None) == expected, (text, error)
        if error is not None:
            assert error.ruling in ref.broken(pos, text), (text, error)
            assert error.reason


def play_both(tables: dict, seed: int, safety: str) -> None:
    """One random game from the setup to the end, the engine and the reference side by side: the same
    legal moves at every step and the same position after every move."""
    rng = random.Random(seed)
    game = engine_game(tables)
    state = game.new_initial_state({"leader-safety": safety, "turn-cap": "80"})
    ref = Ref(Rules(tables))
    rules = ref.r
    pos = Pos({}, phase="setup", bags=[rules.starting_bag(0), rules.starting_bag(1)], safety=safety, cap=80)
    while True:
        legal = ref.legal(pos)
        assert {m.notation() for m in state.legal_moves()} == legal
        if not legal:
            break
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_moves())
        state.push(move)
        pos = ref.play(pos, move.notation())
        same_position(game, state, ref, pos)
    assert state.is_game_over()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("safety", ["strict", "guard", "off"])
@pytest.mark.parametrize("tables", SHIPPED, ids=lambda t: t["game"]["title"])
def test_whole_random_games_of_the_shipped_sets_agree(tables, seed, safety):
    play_both(tables, seed, safety)


@settings(max_examples=max(60, EXAMPLES // 4), deadline=None, suppress_health_check=list(HealthCheck))
@given(tile_sets(), st.integers(0, 10 ** 6), st.sampled_from(["strict", "guard", "off"]))
def test_whole_random_games_of_made_up_sets_agree(tables, seed, safety):
    play_both(tables, seed, safety)
