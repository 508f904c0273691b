"""The lab is N-side: a tiny three-seat race game, made here and not under generator/games, played by
the random, greedy and MCTS players through `simulate`, and reported with a column per side."""

from __future__ import annotations

import random
from typing import ClassVar

from pypdf import PdfReader

from generator.games.base import Game, GameInfo, OptionSpec, Outcome, Side, Snapshot, State
from generator.lab.players import MCTSPlayer, PlayerSpec
from generator.lab.report import format_summary, write_report
from generator.lab.simulate import Variant, simulate

TARGET = 10


class RaceGame(Game):
    """Three seats take turns adding 1 or 2 to a shared total; the seat that brings it to TARGET
    wins, and a step of 2 onto it shares the win with the seat before. The turn cap is a draw."""

    sides: ClassVar[tuple[Side, ...]] = (Side("red", "Red", "Reds", "#c0392b", 0),
                                         Side("green", "Green", "Greens", "#27ae60", 1),
                                         Side("blue", "Blue", "Blues", "#2e86c1", 2))
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (OptionSpec("turn-cap", None, "0", "a draw after N turns"),)
    ways: ClassVar[tuple[str, ...]] = ("alone", "shared")

    def new_initial_state(self, options=None, rules=None) -> "RaceState":
        return RaceState(self, int((options or {}).get("turn-cap", 0)))

    def evaluate(self, state: "RaceState", side: Side) -> float:
        """Decided: +-1000; else good for `side` when the total is a multiple of 3 off the target
        as it leaves a seat (the seat after it cannot win at once)."""
        if state.outcome() is not None:
            return 1000.0 * state.player_return(side)
        return 1.0 if (TARGET - state.total) % 3 == 0 else -1.0


class RaceState(State):
    """Written as a package writes a state: its fields listed once in `snapshot`, the move played by
    `_apply`; the base class provides push, pop, outcome and is_game_over."""

    snapshot = Snapshot("total", "turn", "_outcome")

    def __init__(self, game: RaceGame, cap: int):
        self.game, self.cap, self.total, self.turn, self._outcome = game, cap, 0, 1, None
        self._stack, self.move_stack = [], []

    @property
    def to_move(self) -> Side:
        return self.game.sides[(self.turn - 1) % len(self.game.sides)]

    def legal_moves(self) -> list[int]:
        return [] if self._outcome else [step for step in (1, 2) if self.total + step <= TARGET]

    def _apply(self, move: int) -> None:
        mover = self.to_move
        self.total += move
        self.turn += 1
        if self.total == TARGET:
            if move == 2:
                before = self.game.sides[(mover.seat - 1) % len(self.game.sides)]
                self._outcome = Outcome((before, mover), "points", ("shared",))
            else:
                self._outcome = Outcome(mover, "points", ("alone",))
        elif self.cap and self.turn > self.cap:
            self._outcome = Outcome(None, "turn-cap")

    def copy(self) -> "RaceState":
        other = RaceState(self.game, self.cap)
        other.total, other.turn, other._outcome = self.total, self.turn, self._outcome
        return other


GAME = RaceGame(info=GameInfo(title="Race to ten"))


def test_returns_are_one_value_per_seat_and_a_shared_win_gives_each_winner_one():
    state = GAME.new_initial_state()
    assert state.returns() == (0.0, 0.0, 0.0)
    for step in (2, 2, 2, 2, 1, 1):   # red, green, blue, red...: blue brings 9 to 10 by 1
        state.push(step)
    assert state.outcome().winners == (GAME.sides[2],) and state.returns() == (-1.0, -1.0, 1.0)
    state.pop()
    state.pop()
    state.push(2)                      # green brings 8 to 10 by 2: shared with red
    assert state.returns() == (1.0, 1.0, -1.0) and state.outcome().winner is None
    assert GAME.describe_outcome(state.outcome())[0] == "The Reds and the Greens win"


def test_mcts_takes_the_win_for_the_seat_to_move():
    """Per-seat backup: whichever seat moves, the search plays to its own win."""
    for total in (8, 9):
        state = GAME.new_initial_state()
        for step in [1] * total:
            state.push(step)
        move = MCTSPlayer(budget=30).choose(state, random.Random(0))
        assert state.total + move == TARGET


def test_simulate_plays_three_seats_and_reports_three_sides(tmp_path):
    players = tuple(PlayerSpec.parse(name) for name in ("random", "greedy", "mcts:12"))
    sim = simulate([Variant()], 18, players, seed=3, turn_cap=30, game=GAME, workers=1)
    summary = sim.summaries["default"]
    labels = [side.label for side in GAME.sides]
    assert [s["label"] for s in sim.settings["sides"]] == labels
    assert [s["player"] for s in sim.settings["sides"]] == ["random", "greedy", "mcts:12"]
    assert len(sim.records) == 18 and all(r["winners"] for r in sim.records)   # every race ends
    wins = sum(summary[label]["wins"] for label in labels)
    assert wins == sum(len(r["winners"]) for r in sim.records) >= 18
    assert abs(sum(summary[label]["advantage"] for label in labels)) < 1e-9
    again = simulate([Variant()], 18, players, seed=3, turn_cap=30, game=GAME, workers=1)
    assert [r["winners"] for r in again.records] == [r["winners"] for r in sim.records]
    text = format_summary(sim)
    assert all(f"  {label}" in text for label in labels) and "seat 3 advantage" in text
    out = write_report(sim, tmp_path / "race", png=False)
    page = PdfReader(out["pdf"]).pages[0].extract_text()
    assert all(f"{side.plural} win" in page for side in GAME.sides), page
