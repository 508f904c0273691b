"""The shared layer every game package stands on, tried with a made-up game written here as a new
author would: chance nodes (a die the rules roll) in the lab's players and simulator; a grammar's
own header lines; the one-line expectations every game's blocks share (a shared win, a draw,
scores); the game read from the components.toml beside a checked file."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from generator.check import check_files, check_text, format_report
from generator.cli import app
from generator.games.base import (BoardSpec, DiagramError, Game, GameInfo, Grammar, Grid, IllegalMoveError,
                                  InvalidMoveError, OptionSpec, Outcome, Side, Snapshot, State)
from generator.games.grid import geometry, read_grid
from generator.lab.players import GreedyPlayer, MCTSPlayer, Player, PlayerSpec, _expected
from generator.lab.simulate import Variant, simulate

ROOT = Path(__file__).resolve().parents[1]
TARGET = 10
SIDES = (Side("red", "Red", "Reds", "#c0392b", 0), Side("green", "Green", "Greens", "#27ae60", 1),
         Side("blue", "Blue", "Blues", "#2e86c1", 2))
ROLL = "roll"


@dataclass(frozen=True)
class DiceRace(Game):
    """Seats take turns along a track of TARGET squares: on its turn a seat steps 1 or 2, or rolls
    the die (1 to 3, with chances 1/2, 1/3, 1/6), and the step counts to its score. The seat that
    ends on the last square wins, sharing the win with the seat before it when it stepped 2; with
    `turn-cap` the game is drawn after that many turns."""

    option_specs: ClassVar[tuple[OptionSpec, ...]] = (OptionSpec("turn-cap", None, "0", "a draw after N turns"),)
    players: int = 3

    @property
    def sides(self) -> tuple[Side, ...]:
        return SIDES[:self.players]

    @property
    def board(self) -> BoardSpec:
        return BoardSpec(TARGET, 1)

    @property
    def grammar(self) -> "RaceGrammar":
        return RaceGrammar(self)

    def with_players(self, count: int) -> "DiceRace":
        if not 2 <= count <= 3:
            raise ValueError(f"the race is played by 2 or 3, not {count}")
        return DiceRace(info=self.info, players=count)

    def new_initial_state(self, options=None, rules=None) -> "RaceState":
        return RaceState(self, int(self.check_options(options or {}).get("turn-cap", "0")))

    def parse_move(self, text: str):
        if text in ("1", "2", ROLL):
            return text if text == ROLL else int(text)
        if text.startswith("die") and text[3:] in ("1", "2", "3"):
            return text
        raise InvalidMoveError(f"expected 1, 2, roll or die1 to die3, got {text!r}")

    def evaluate(self, state: "RaceState", side: Side) -> float:
        if state.outcome() is not None:
            return 1000.0 * state.player_return(side)
        return 1.0 if (TARGET - state.total) % 3 == 0 else -1.0


DIE = (("die1", 1 / 2), ("die2", 1 / 3), ("die3", 1 / 6))


class RaceState(State):
    snapshot = Snapshot("total", "turn", "rolling", "points", "_outcome")

    def __init__(self, game: DiceRace, cap: int):
        self.game, self.cap, self.total, self.turn, self.rolling, self._outcome = game, cap, 0, 1, False, None
        self.points = (0,) * len(game.sides)
        self._stack, self.move_stack = [], []

    @property
    def to_move(self) -> Side:
        return self.game.sides[(self.turn - 1) % len(self.game.sides)]

    def is_chance_node(self) -> bool:
        return self.rolling

    def chance_outcomes(self):
        return [(face, p) for face, p in DIE if self.total + int(face[3]) <= TARGET] if self.rolling else []

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        if self.rolling:
            return [face for face, _ in self.chance_outcomes()]
        return [step for step in (1, 2) if self.total + step <= TARGET] + [ROLL]

    def why_illegal(self, move):
        return None if move in self.legal_moves() else IllegalMoveError(str(move), "not possible now")

    def _apply(self, move) -> None:
        if move == ROLL:
            self.rolling = True
            return
        step = int(move[3]) if isinstance(move, str) else move
        mover = self.to_move
        points = list(self.points)
        points[mover.seat] += step
        self.rolling, self.points = False, tuple(points)
        self.total += step
        self.turn += 1
        if self.total == TARGET:
            before = self.game.sides[(mover.seat - 1) % len(self.game.sides)]
            self._outcome = Outcome((before, mover) if step == 2 else mover, "points")
        elif self.cap and self.turn > self.cap:
            self._outcome = Outcome(None, "turn-cap")
        # a roll whose outcomes all overshoot leaves nothing to roll: none is offered then
        if not self._outcome and self.total + 1 > TARGET:
            self._outcome = Outcome(None, "stuck")

    def scores(self):
        return self.points

    def copy(self) -> "RaceState":
        other = RaceState(self.game, self.cap)
        other.total, other.turn, other.rolling, other.points, other._outcome = (
            self.total, self.turn, self.rolling, self.points, self._outcome)
        return other


class RaceGrammar(Grammar):
    """Blocks of the dice race: a header line `seats: N`, a one-rank grid with `x` on the square
    the total has reached, and state lines `turn` and `points` (every seat's, in seat order)."""

    state_keys = ("turn", "points")
    header_keys = ("seats",)

    def for_block(self, header):
        if "seats" not in header:
            return self
        line, text = header["seats"]
        try:
            return RaceGrammar(self.game.with_players(int(text)))
        except ValueError as exc:
            raise DiagramError(line, str(exc)) from None

    def read_grid(self, lines, start):
        def cell(token):
            if token not in (".", "x"):
                raise ValueError(f"expected . or x, got {token!r}")
            return token
        cells, end = read_grid(lines, start, cell, geometry(TARGET, 1))
        if cells.count("x") > 1:
            raise DiagramError(lines[start][0], "the total stands on one square")
        return Grid(tuple(cells), lines[start][0], tuple(cells)), end

    def parse_play(self, words):
        return tuple(self.game.parse_move(word) for word in words)

    def build_state(self, grid, fields, rules, options):
        state = self.game.new_initial_state(options)
        state.total = grid.cells.index("x") + 1 if "x" in grid.cells else 0
        if "turn" in fields:
            state.turn = int(fields["turn"][1])
        if "points" in fields:
            state.points = tuple(int(p) for p in fields["points"][1].split())
        return state

    def tokens(self, state):
        return tuple("x" if square == state.total - 1 else "." for square in range(TARGET))

    def fields(self, state):
        return {"turn": str(state.turn), "points": " ".join(map(str, state.points))}

    def default_fields(self, grid, options):
        return {"turn": "1", "points": " ".join("0" * len(self.game.sides))}


GAME = DiceRace(info=GameInfo(title="Dice race"))


# ----------------------------------------------------------------------------- chance nodes


def test_a_chance_node_samples_its_outcomes_with_their_probabilities():
    state = GAME.new_initial_state()
    state.push(ROLL)
    assert state.is_chance_node() and state.legal_moves() == ["die1", "die2", "die3"]
    rng = random.Random(5)
    drawn = Counter(state.sample_chance(rng) for _ in range(6000))
    for face, probability in DIE:
        assert abs(drawn[face] / 6000 - probability) < 0.03, drawn


class Watchful(Player):
    """A random player that fails the test if it is ever asked to choose at a chance node."""

    name = "watchful"

    def choose(self, view, rng):
        assert not view.is_chance_node(), "a player was asked to choose the rules' roll"
        return rng.choice(view.legal_moves())


@pytest.mark.parametrize("player", [Watchful(), GreedyPlayer(), MCTSPlayer(budget=25)], ids=repr)
def test_players_never_choose_at_a_chance_node_and_play_to_the_end(player):
    """The simulator draws the roll itself; greedy weighs a roll by its expectation and MCTS
    follows sampled outcomes, and both finish games."""
    for seed in range(4):
        state, rng, chance = GAME.new_initial_state(), random.Random(seed), random.Random(-seed)
        while not state.is_game_over():
            if state.is_chance_node():
                state.push(state.sample_chance(chance))
                continue
            assert not state.is_chance_node()
            state.push(player.choose(state.view(state.to_move), rng))
        assert state.outcome() is not None


def test_greedy_weighs_a_roll_by_its_expected_value():
    """From 7 (three to go) a step of 1 or 2 leaves a total the evaluation calls bad (-1); the
    roll is as bad on 1 or 2 but wins on 3 (chance 1/6), and greedy's expectation picks it."""
    state = GAME.new_initial_state()
    for step in (2, 2, 2, 1):
        state.push(step)
    assert state.total == 7
    values = {}
    for move in state.legal_moves():
        state.push(move)
        from generator.lab.players import _expected
        values[move] = _expected(state, lambda: GAME.evaluate(state, SIDES[1]))
        state.pop()
    assert values[ROLL] == pytest.approx(1 / 2 * -1 + 1 / 3 * -1 + 1 / 6 * 1000)
    assert GreedyPlayer().choose(state, random.Random(0)) == ROLL


def test_simulate_draws_chance_from_the_seed_and_replays_it():
    players = tuple(PlayerSpec.parse(name) for name in ("random", "greedy", "mcts:10"))
    first = simulate([Variant()], 12, players, seed=7, turn_cap=40, game=GAME, workers=1)
    again = simulate([Variant()], 12, players, seed=7, turn_cap=40, game=GAME, workers=1)
    assert [r["winners"] for r in first.records] == [r["winners"] for r in again.records]
    assert [r["actions"] for r in first.records] == [r["actions"] for r in again.records]
    other = simulate([Variant()], 12, players, seed=8, turn_cap=40, game=GAME, workers=1)
    assert [r["actions"] for r in other.records] != [r["actions"] for r in first.records]


# ----------------------------------------------------------------------------- example blocks


def check(block: str):
    report = check_text(f"```race\n{block}```\n", Path("rules.md"), GAME)
    return report, format_report(report)


@pytest.fixture(autouse=True)
def race_fence(monkeypatch):
    """The dice race's blocks use the fence `race`, as if its package declared it."""
    import generator.examples as examples
    known = {**examples.fences(), "race": "race"}
    monkeypatch.setattr(examples, "fences", lambda: known)
    monkeypatch.setattr(DiceRace, "fences", ("race",))


def test_a_shared_win_is_written_with_every_winner_in_any_order():
    block = """seats: 3
1  . . . . . . . x . .
turn: 2
play: 2
expect: winner green red
"""
    report, text = check(block)
    assert report.exit_code == 0, text
    report, text = check(block.replace("winner green red", "winner red"))
    assert report.exit_code == 1 and "expected winner red, got red and green win" in text


def test_a_draw_and_the_scores_are_one_line_expectations():
    report, text = check("option: turn-cap=2\n1  . . . . . . . . . .\nplay: 1\nplay: 2\nexpect: draw\n")
    assert report.exit_code == 0, text
    report, text = check("1  . . . . . . x . . .\npoints: 4 3 1\nplay: 1\nplay: 2\nexpect: score red=5 green=5 blue=1\n")
    assert report.exit_code == 0, text
    report, text = check("1  . . . . . . . x . .\nplay: 1\nexpect: score red=0 green=1 blue=0\n")
    assert report.exit_code == 1 and "got no winner yet (the game goes on, green to move)" in text
    report, text = check("seats: 2\n1  . . . . . . . . . .\nplay: 1\nplay: 2\nexpect: draw\n")
    assert report.exit_code == 1 and "expected a draw, got no winner yet" in text


@pytest.mark.parametrize("expect, why", [
    ("winner purple", "unknown side 'purple'; sides: red, green, blue"),
    ("winner red red", "a side is named twice"),
    ("score red=1 green=1", "expect: score needs every side's score (red, green, blue)"),
    ("score red=1 red=2 blue=3", "expected 'expect: score' with SIDE=N once for each side, got 'red=2'"),
    ("score red=x green=1 blue=1", "red's score must be a whole number"),
    ("draw now", "expected 'expect:' alone"),
    ("illegal", "expect: illegal needs at least one play: line"),
])
def test_a_wrong_one_line_expectation_is_unreadable_at_its_line(expect, why):
    report, text = check(f"1  . . . . . . . x . .\nexpect: {expect}\n")
    assert report.exit_code == 2 and f"rules.md:3: {why}" in text, text


def test_a_grammars_own_header_lines_seat_the_block():
    report, text = check("seats: 2\n1  . . . . . . . x . .\nplay: 1\nexpect: score red=0 green=1\n")
    assert report.exit_code == 1 and "got no winner yet" in text        # read with two seats
    report, text = check("seats: 5\n1  . . . . . . . . . .\nexpect: draw\n")
    assert report.exit_code == 2 and "rules.md:2: the race is played by 2 or 3, not 5" in text
    report, text = check("seats: 2\nseats: 3\n1  . . . . . . . . . .\nexpect: draw\n")
    assert report.exit_code == 2 and "rules.md:3: seats is given twice" in text
    report, text = check("1  . . . . . . . . . .\nseats: 2\nexpect: draw\n")
    assert report.exit_code == 2 and "expected a state line" in text  # a header after the grid


# ----------------------------------------------------------------------------- the game beside the file


TAFL_7 = """```tafl
title: A seven-square board, read from the folder beside this file
   a b c d e f g
7  . . . A . . .
6  . . . A . . .
5  . . . D . . .
4  A A D K D A A
3  . . . D . . .
2  . . . A . . .
1  . . . A . . .
play: d2-c2
expect:
   a b c d e f g
7  . . . A . . .
6  . . . A . . .
5  . . . D . . .
4  A A D K D A A
3  . . . D . . .
2  . . A . . . .
1  . . . A . . .
to-move: defenders
last-attackers: d2-c2
```
"""


LOOTING = """```armagh
title: Looting the last village
8  . . . . . . . .
7  . . . . . . . .
6  . . . . V . . .
5  x x x x ^ . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . . . . . .
2  . . . . . . . .
1  . . . V$ . . . .
play: e6-e5
expect: winner viking
```
"""


def test_the_game_option_overrides_the_folder_beside_the_file(tmp_path):
    """Beside the file, a Siege folder of six villages: the fifth looted village is no point yet;
    `--game` (the five-village root) overrides it."""
    (tmp_path / "components.toml").write_text((ROOT / "components.toml").read_text().replace("villages = 5", "villages = 6"))
    (tmp_path / "rules.md").write_text(LOOTING)
    assert check_files([tmp_path / "rules.md"]).exit_code == 1
    assert check_files([tmp_path / "rules.md"], game=_load(ROOT)).exit_code == 0
    assert check_files([tmp_path / "rules.md"], fallback=_load(ROOT)).exit_code == 1  # beside wins over ./


def test_a_broken_game_beside_the_file_is_unreadable_not_a_crash(tmp_path):
    (tmp_path / "components.toml").write_text('[game]\npackage = "tafl"\ntitle = "T"\n[board]\nsize = 8\n')
    (tmp_path / "rules.md").write_text(TAFL_7)
    result = CliRunner().invoke(app, ["check", str(tmp_path / "rules.md")])
    assert result.exit_code == 2 and "components.toml:5" in result.output, result.output


def _load(folder: Path) -> Game:
    from generator.config import load_game
    return load_game(folder)
