"""The territory engine against an independent reference (`territory_reference`): thousands of
random positions and plays, legal and illegal, written as ```territory blocks (grids spaced at
random, state lines in any order, views, options) and judged by `pnp check`, whose verdict must
be the reference's; and the engine's own moves, territories and scoring compared directly."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import territory_reference as ref
from generator.check import check_text, format_report
from generator.config import load_game
from generator.games.base import DiagramError, IllegalMoveError

ROOT = Path(__file__).resolve().parents[1]
GAME = load_game(ROOT / "games" / "hoard")
SEEDS = st.integers(min_value=0, max_value=2 ** 32)


def random_position(rng: random.Random, players: int | None = None) -> ref.Position:
    """Any position a block may start from: palisades anywhere (even around a territory smaller
    than K), warriors of the playing sides with values from their set or not, some passes."""
    players = players or rng.choice([2, 3, 4])
    sides = "".join(sorted(rng.sample(ref.LETTERS, players), key=ref.LETTERS.index))
    piles = ref.PILES[:]
    rng.shuffle(piles)
    gold = dict(zip(sorted(ref.MINES), piles))
    lines = ref.all_lines()
    walls = set(rng.sample(lines, rng.choice([0, 0, 3, 8, 15, 25])))
    free = [s for s in ref.SQUARES if s not in ref.MINES]
    warriors = {}
    unknown = rng.random() < 0.15          # some warriors whose value the block does not state
    for square in rng.sample(free, rng.randint(0, min(20, len(free)))):
        value = None if unknown and rng.random() < 0.2 else rng.choice([1, 1, 2, 3, 4, 5, 6])
        warriors[square] = (rng.choice(sides), value)
    position = ref.Position(sides, gold, warriors, walls, set(), sides[0], {}, ref.PALISADES - len(walls))
    for x in sides:
        left = Counter(ref.SETS[players])
        for letter, value in warriors.values():
            if letter == x and left[value] > 0:
                left[value] -= 1
        position.supply[x] = left if rng.random() < 0.8 else Counter({v: rng.randint(0, 2) for v in (1, 3, 5)})
    if rng.random() < 0.5:
        position.passed = set(rng.sample(sides, rng.randint(0, players - 1)))
    position.to_move = rng.choice([x for x in sides if x not in position.passed])
    if rng.random() < 0.3:
        position.palisades = rng.randint(0, 4)
    if rng.random() < 0.25:
        position.least = rng.randint(1, 7)
    if rng.random() < 0.2:
        position.most = rng.randint(1, 3)
    return position


def random_play(position: ref.Position, rng: random.Random) -> tuple:
    """A play, legal more often than not: a warrior, palisades (sometimes too many, doubled or on
    a palisade), or a pass."""
    kind = rng.random()
    lines = ref.all_lines()
    if kind < 0.4:
        letter = position.to_move if rng.random() < 0.9 else rng.choice(position.sides)
        held = [v for v, n in position.supply[letter].items() if n > 0] or [1]
        value = rng.choice(held) if rng.random() < 0.9 else rng.randint(1, 6)
        free = [s for s in ref.SQUARES if s not in ref.MINES and s not in position.warriors]
        square = rng.choice(free) if free and rng.random() < 0.9 else rng.choice(ref.SQUARES)
        return ("place", letter, value, square)
    if kind < 0.85:
        open_lines = [line for line in lines if line not in position.walls]
        count = rng.choice([1, 1, 2, 2, 2, 3])
        chosen = rng.sample(open_lines, min(count, len(open_lines))) if open_lines else [rng.choice(lines)]
        if rng.random() < 0.08:
            chosen.append(chosen[0])
        if rng.random() < 0.08 and position.walls:
            chosen[0] = rng.choice(sorted(position.walls, key=sorted))
        return ("palisade", chosen)
    return ("pass",)


def before_lines(position: ref.Position) -> list[str]:
    """The before-state's lines that differ from their defaults."""
    base = ref.defaults(position)
    out = []
    if position.to_move != base["to-move"]:
        out.append(f"to-move: {position.to_move}")
    if position.passed:
        out.append("passed: " + " ".join(x for x in position.sides if x in position.passed))
    if str(position.palisades) != base["palisades"]:
        out.append(f"palisades: {position.palisades}")
    for x in position.sides:
        text = ref.pairs_text(position.supply[x])
        if text != base[f"warriors-{x}"]:
            out.append(f"warriors-{x}: {text}")
    return out


def make_block(rng: random.Random, position: ref.Position, plays: int) -> tuple[str, int, ref.Position | None]:
    """A block of `plays` random plays from `position` with the reference's expectation, and the
    exit code `pnp check` must give (0, or 2 when the scoring needs a value the block left out)."""
    header = ["title: random"]
    if len(position.sides) < 4 or rng.random() < 0.3:
        header.append("sides: " + " ".join(position.sides))
    if position.least != 4:
        header.append(f"option: min-territory={position.least}")
    if position.most != 2:
        header.append(f"option: palisades-per-turn={position.most}")
    peek = rng.random() < 0.3
    if peek:
        header.append(rng.choice(["option: peek", "option: peek=on"]))
    viewer = rng.choice(position.sides) if rng.random() < 0.3 else None
    if viewer:
        header.append(f"view: {viewer}")
    rng.shuffle(header)
    body = ref.grid(position, rng) + before_lines(position)
    now = position
    for _ in range(plays):
        play = random_play(now, rng)
        body.append("play: " + ref.play_text(play))
        if ref.judge(now, play) is not None:
            return "\n".join(header + body + ["expect: illegal"]), 0, None
        try:
            now = ref.apply(now, play)
        except ref.Unreadable:
            return "\n".join(header + body + ["expect: illegal"]), 2, None
        if now.over:
            break
    if now.over and rng.random() < 0.5:
        if rng.random() < 0.5:
            expect = ["expect: score " + " ".join(f"{x}={now.score[x]}" for x in rng.sample(now.sides, len(now.sides)))]
        else:
            expect = ["expect: winner " + " ".join(rng.sample(now.winners, len(now.winners)))]
    else:
        expect = ["expect:"] + ref.grid(now, rng, viewer, peek) + ref.state_lines(now, rng, after=True)
    return "\n".join(header + body + expect), 0, now


def run(block: str):
    report = check_text(f"```territory\n{block}\n```\n", Path("random.md"), GAME)
    return report.exit_code, format_report(report)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_random_blocks_judge_as_the_reference_does(seed):
    rng = random.Random(seed)
    position = random_position(rng)
    text, code, _ = make_block(rng, position, rng.choice([1, 1, 2, 3, 6]))
    got, report = run(text)
    assert got == code, f"{text}\n---\n{report}"


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_the_last_pass_scores_as_the_reference_does(seed):
    """Every side but one has passed, and it passes: the scoring, ties, shares, remainders and
    the tie-break on piles, on positions with few warriors of small values (ties are common)."""
    rng = random.Random(seed)
    position = random_position(rng)
    position.warriors = {s: (rng.choice(position.sides), rng.choice([1, 1, 2, 2, 3]))
                         for s in rng.sample([s for s in ref.SQUARES if s not in ref.MINES], rng.randint(0, 8))}
    position.passed = set(position.sides) - {position.to_move}
    text, code, after = make_block(rng, position, 0)
    text = text.replace("\nexpect:", "\nplay: pass\nexpect:", 1)
    after = ref.apply(position, ("pass",))
    expect = "expect: score " + " ".join(f"{x}={after.score[x]}" for x in after.sides)
    head = text.partition("\nexpect:")[0]
    for tail in (expect, "expect: winner " + " ".join(after.winners)):
        got, report = run(head + "\n" + tail)
        assert got == 0, f"{head}\n{tail}\n---\n{report}"


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_a_wrong_expectation_fails(seed):
    """The reference's after-state with one thing changed: a cell, a palisade, a state line."""
    rng = random.Random(seed)
    position = random_position(rng)
    for _ in range(20):
        text, code, after = make_block(rng, position, rng.choice([1, 2]))
        if after is not None and code == 0 and "expect:\n" in text + "\n":
            break
    else:
        return
    head, _, tail = text.partition("expect:\n")
    lines = tail.splitlines()
    options = []
    for k, line in enumerate(lines):
        if line.startswith("palisades: "):
            options.append((k, f"palisades: {int(line.split()[1]) + 1}"))
        if line.startswith("to-move: ") and len(after.sides) > 1:
            other = next(x for x in after.sides if x != line.split()[1] and x not in after.passed) \
                if any(x != line.split()[1] and x not in after.passed for x in after.sides) else None
            if other:
                options.append((k, f"to-move: {other}"))
        if ". " in line and line[:1].isdigit():
            options.append((k, line.replace(". ", "$9 ", 1).replace("$9", ".", 0)))
    if not options:
        options.append((len(lines), "palisades: 99"))
    k, changed = rng.choice(options)
    if k == len(lines):
        lines.append(changed)
    else:
        lines[k] = changed
    text = head + "expect:\n" + "\n".join(lines)
    got, report = run(text)
    assert got in (1, 2), f"{text}\n---\n{report}"


@settings(max_examples=200, deadline=None)
@given(SEEDS)
def test_the_engine_and_the_reference_agree_on_every_palisade_and_warrior(seed):
    """On random positions: every single line, many pairs and placements, legal or not alike."""
    rng = random.Random(seed)
    position = random_position(rng)
    text = "\n".join(ref.grid(position) + before_lines(position))
    options = {"min-territory": str(position.least), "palisades-per-turn": str(position.most)}
    game = GAME.with_clans(tuple(ref.LETTERS.index(x) for x in position.sides))
    state = game.grammar.read_diagram(text, options=options)
    legal = {move.notation() for move in state.legal_moves()}
    for line in ref.all_lines():
        play = ("palisade", [line])
        expected = ref.judge(position, play) is None and position.palisades > 0 and position.most >= 1
        assert (ref.play_text(play) in legal) == expected, (ref.play_text(play), text)
    for _ in range(40):
        play = random_play(position, rng)
        moves = game.grammar.parse_play(ref.play_text(play).split())
        copy = state.copy()
        try:
            copy.play_turn(moves)
            accepted = True
        except IllegalMoveError:
            accepted = False
            assert copy.diagram() == state.diagram()   # nothing placed
        except DiagramError:                           # the scoring needs a value left unstated
            assert copy.diagram() == state.diagram()
            with pytest.raises(ref.Unreadable):
                ref.apply(position, play)
            continue
        assert accepted == (ref.judge(position, play) is None), (ref.play_text(play), text)


@settings(max_examples=300, deadline=None)
@given(SEEDS)
def test_whole_games_keep_the_territories_the_reference_floods(seed):
    """A random game played by the engine, its territories (kept palisade by palisade) checked
    against a flood fill after every move, and its scoring against the reference's."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    game = GAME.with_players(players)
    state = game.new_initial_state()
    while not state.is_game_over():
        move = rng.choice(state.legal_moves())
        state.push(move)
        if move.kind in (1, 2):
            continue
        walls = {frozenset(state.game.layout.lines.ends[line]) for line in state.game.layout.lines.inner
                 if state.walls[line]}
        names = state.game.layout.lines.geo.names
        mine = {frozenset(names[s] for s in range(state.size) if state.region[s] == r) for r in set(state.region)}
        assert mine == {frozenset(t) for t in ref.territories({frozenset(names[s] for s in w) for w in walls})}
    names = state.game.layout.lines.geo.names
    letters = "SETH"[:players]
    position = ref.Position(letters, {names[s]: state.gold[s] for s in range(state.size) if state.gold[s]},
                            {names[s]: (letters[state.owner[s]], state.value[s]) for s in range(state.size)
                             if state.owner[s] >= 0},
                            {frozenset(names[s] for s in state.game.layout.lines.ends[line])
                             for line in state.game.layout.lines.inner if state.walls[line]},
                            set(letters), None, {}, 0)
    scores, piles = ref.score(position)
    assert state.scores() == tuple(scores[x] for x in letters)
    assert state.result.piles == tuple(tuple(piles[x]) for x in letters)
    assert [letters[game.seat(s)] for s in state.outcome().winners] == ref.winners(letters, scores, piles)


@pytest.mark.parametrize("seed", range(60))
def test_written_grids_read_back_and_are_written_alike(seed):
    """A grid the reference writes, spaced at random, reads back; the engine writes it in the
    contract's layout, which is the reference's own."""
    rng = random.Random(seed)
    position = random_position(rng)
    game = GAME.with_clans(tuple(ref.LETTERS.index(x) for x in position.sides))
    state = game.grammar.read_diagram("\n".join(ref.grid(position, rng)))
    assert state.diagram().splitlines()[:len(ref.grid(position))] == ref.grid(position)
