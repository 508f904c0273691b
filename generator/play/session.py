"""One game at the browser table: the true state, who sits where, the AI's replies, and what each
seat may be told. No web code here (the server is `generator.play.server`).

Seats: each side played by a person has its own secret key (its link); with `vs="human"` there
is also the hot-seat key, one screen shared by every side, which shows the side to move its view
only after a "pass the device" screen. Everything a seat receives is built by `Table.payload`
from `state.view(side)` - the cell art, the legal moves, the notes - and the move list is masked
where the seat could not tell the move from others (e.g. which hidden reverse was placed), so a
browser never holds what its side may not see.

    >>> from generator.config import load_game
    >>> game = load_game(None)
    >>> table = Table(game, vs="human")
    >>> sorted(table.keys.values()) == sorted([side.label for side in game.sides] + ["table"])
    True
"""

from __future__ import annotations

import random
import re
import secrets
import threading
import time
from dataclasses import dataclass

from ..games.base import Game, InvalidMoveError, State
from .blocks import game_title

SQUARE = re.compile(r"[a-z]\d{1,2}")
TABLE = "table"  # the hot-seat seat
WORLDS = 24     # samples of what the other sides may hold, to find the moves a seat cannot tell apart
AI_BUDGET = 300  # MCTS playouts per decision at the table (mcts:N overrides): well under a second


class PlayError(ValueError):
    """A request the table refuses: `reason` in words, `ruling` when the engine cites one."""

    def __init__(self, reason: str, ruling: int | None = None, move: str = ""):
        self.reason, self.ruling, self.move = reason, ruling, move
        super().__init__(reason)


class UnknownSeat(PlayError):
    """A key that names no seat of the table (the message never repeats it)."""


def clip(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters, for repeating a visitor's words back to them."""
    return text if len(text) <= limit else text[:limit] + "\u2026"


@dataclass
class Played:
    """A move of the game: its text, the side that made it, and how each seat sees its text."""

    move: object
    side: str
    seen: dict[str, str]


class Table:
    """A game between the seats; every method is safe to call from several threads."""

    def __init__(self, game: Game, vs: str = "mcts", side: str | None = None, seed: int | None = None,
                 ai_pause: float = 0.25, start: State | None = None):
        if not game.engine:
            raise ValueError(f"{game_title(game)} has no rules engine (game package {game.name!r}): "
                             f"there is nothing to play")
        if game.not_at_table:
            raise ValueError(f"{game_title(game)} cannot be played at the browser table yet: {game.not_at_table}")
        labels = [s.label for s in game.sides]
        if side is not None and side not in labels:
            raise ValueError(f"unknown side {side!r}; sides: {', '.join(labels)}")
        self.game, self.vs = game, vs
        self.human = side or labels[0]
        self.ai = None
        self.ai_sides: tuple[str, ...] = ()   # the sides the AI plays: every side but the person's
        if vs != "human":
            from ..lab.players import PlayerSpec
            self.ai = PlayerSpec.parse(vs, budget=AI_BUDGET).build()
            self.ai_sides = tuple(label for label in labels if label != self.human)
        self.rng = random.Random(seed)
        self.ai_pause = ai_pause
        self.lock = threading.RLock()
        self.start = start.copy() if start is not None else game.new_initial_state()
        self.state = self.start.copy()
        self.played: list[Played] = []
        self.version = 0
        self.thinking = False
        self.handover = False   # hot-seat: the device is being passed to the side to move
        self.error: str = ""    # the AI's last failure, if any
        seats = labels if vs == "human" else [self.human]
        self.keys = {secrets.token_urlsafe(9): seat for seat in seats}
        if vs == "human":
            self.keys[secrets.token_urlsafe(9)] = TABLE
        self._ai_turn()

    # ------------------------------------------------------------------ seats
    def seat(self, key: str | None) -> str:
        seat = self.keys.get(key or "")
        if seat is None:
            raise UnknownSeat("unknown or missing key: use the link `pnp play` printed")
        return seat

    def key_of(self, seat: str) -> str:
        return next(key for key, s in self.keys.items() if s == seat)

    def side_of_seat(self, seat: str) -> str:
        """The side a seat sees the board as: its own, or (hot seat) the side to move's, or the
        side that just moved while the device is passed on."""
        if seat != TABLE:
            return seat
        if self.handover and self.played:
            return self.played[-1].side
        return self.mover(self.state)

    def mover(self, state: State) -> str:
        """The label of the side to move in `state`."""
        return self.game.side_of(state.to_move).label

    # ------------------------------------------------------------------ moves
    def play(self, key: str, text: str) -> None:
        """Play `text` for the seat of `key`; raises PlayError (the engine's reason and ruling)."""
        with self.lock:
            seat = self.seat(key)
            if self.state.is_game_over():
                raise PlayError(f"the game is over: {self.state.outcome()}")
            mover = self.mover(self.state)
            if seat == TABLE:
                if self.handover:
                    raise PlayError(f"pass the device to the {self.plural(mover)} first")
            elif seat != mover:
                raise PlayError(f"not your turn: the {self.plural(mover)} are to move")
            try:
                move = self.game.parse_move(text.strip())
            except InvalidMoveError as exc:
                raise PlayError(str(exc), move=text) from None
            error = self.state.view(self.state.to_move).why_illegal(move) or self.state.why_illegal(move)
            if error is not None:
                raise PlayError(error.reason, error.ruling, move.notation())
            self._push(move)
            self._ai_turn()

    def undo(self, key: str) -> None:
        """Take back the seat's last move; against the AI, with the AI's moves after it."""
        with self.lock:
            seat = self.seat(key)
            if self.thinking:
                raise PlayError("wait for the AI to finish its move")
            if not self.played:
                raise PlayError("there is no move to take back")
            if not self.ai_sides:
                if seat != TABLE and self.played[-1].side != seat:
                    raise PlayError("only the player who made the last move can take it back")
                self._pop()
            else:
                if not any(p.side == self.human for p in self.played):
                    raise PlayError("you have made no move to take back")
                while self.played and self.played[-1].side != self.human:
                    self._pop()
                self._pop()
            self.handover = False
            self.version += 1

    def restart(self, key: str) -> None:
        """A new game at the same table (same links): against the AI at any time, between two
        people once the game is over."""
        with self.lock:
            self.seat(key)
            if not self.ai_sides and not self.state.is_game_over():
                raise PlayError("a new game can start once this one is over (or take moves back)")
            if self.thinking:
                raise PlayError("wait for the AI to finish its move")
            self.state = self.start.copy()
            self.played.clear()
            self.handover = False
            self.error = ""
            self.version += 1
            self._ai_turn()

    def reveal(self, key: str) -> None:
        """Hot seat: the next player has the device; show their view."""
        with self.lock:
            if self.seat(key) != TABLE:
                raise PlayError("only the hot-seat screen is passed around")
            self.handover = False
            self.version += 1

    def _push(self, move) -> None:
        before = self.state
        mover = self.mover(before)
        seen = {side.label: self._seen_by(before, move, side.label) for side in self.game.sides}
        before.push(move)
        self.played.append(Played(move, mover, seen))
        if self.vs == "human" and not before.is_game_over() and self.mover(before) != mover \
                and self._hides(before):
            self.handover = True
        self.version += 1

    def _pop(self) -> None:
        self.state.pop()
        self.played.pop()

    def _hides(self, state: State) -> bool:
        """Whether some side's view of `state` hides something (so a shared screen must be passed)."""
        return any(state.view(self.game.side(side.label)).is_hidden() for side in self.game.sides)

    def plural(self, label: str) -> str:
        """The plural name of the side `label` (its players, as the table addresses them)."""
        return next(s.plural for s in self.game.sides if s.label == label)

    # ------------------------------------------------------------------ what a seat may read of a move
    def _seen_by(self, state: State, move, viewer: str) -> str:
        """The move's notation as `viewer` may read it: positions where moves `viewer` could not
        tell apart (the same view after them) write differently are masked with `?`."""
        text = move.notation()
        if self.mover(state) == viewer:
            return text
        side = self.game.side(viewer)
        before_view = state.view(side)
        after = state.copy()
        after.push(move)
        target = after.view(side)
        if not before_view.is_hidden() and not target.is_hidden():
            return text
        goal = target.diagram()
        rng = random.Random(len(self.played))
        worlds = [state] + [before_view.determinize(rng) for _ in range(WORLDS)]
        candidates: dict[str, tuple[State, object]] = {}  # each other text once, in a world where it is legal
        for world in worlds:
            for other in world.legal_moves():
                other_text = other.notation()
                if other_text != text and len(other_text) == len(text):
                    candidates.setdefault(other_text, (world, other))
        mask = list(text)
        for other_text, (world, other) in candidates.items():
            world.push(other)
            same = world.view(side).diagram() == goal
            world.pop()
            if same:
                mask = [a if a == b else "?" for a, b in zip(mask, other_text)]
        return "".join(mask)

    # ------------------------------------------------------------------ the AI
    def _ai_turn(self) -> None:
        if not self.ai_sides or self.thinking:
            return
        if self.state.is_game_over() or self.mover(self.state) not in self.ai_sides:
            return
        self.thinking = True
        self.version += 1
        threading.Thread(target=self._ai_loop, args=(self.version,), daemon=True).start()

    def _ai_loop(self, version: int) -> None:
        try:
            while True:
                with self.lock:
                    state = self.state
                    if state.is_game_over() or self.mover(state) not in self.ai_sides or self.version != version:
                        break
                    view = state.view(state.to_move)
                    rng = random.Random(self.rng.random())
                started = time.monotonic()
                move = self.ai.choose(view, rng)
                time.sleep(max(0.0, self.ai_pause - (time.monotonic() - started)))
                with self.lock:
                    if self.version != version:
                        break
                    error = self.state.why_illegal(move)
                    if error is not None:  # the reason only: the move's text may hold a secret
                        self.error = f"the AI chose a move the engine refused: {error.reason}"
                        break
                    self._push(move)
                    version = self.version
        except Exception as exc:  # the page must learn that the AI failed, not wait forever
            import traceback
            traceback.print_exc()
            self.error = f"the AI failed ({type(exc).__name__}); see the server's output"
        finally:
            with self.lock:
                self.thinking = False
                self.version += 1

    # ------------------------------------------------------------------ what a seat is sent
    def payload(self, key: str) -> dict:
        """Everything the seat's page shows, from its side's view only."""
        with self.lock:
            seat = self.seat(key)
            state = self.state
            side_label = self.side_of_seat(seat)
            side = self.game.side(side_label)
            view = state.view(side)
            board = self.game.board
            cells = []
            for square in range(board.size):
                art = view.cell_art(square)
                if art.ground or art.piece or art.overlays:
                    cells.append({"square": board.square_name(square), "ground": art.ground, "piece": art.piece,
                                  "badge": art.badge, "overlays": [list(o) for o in art.overlays],
                                  "inset": art.ground_inset})
            mover = self.mover(state)
            yours = (not state.is_game_over() and not self.thinking and mover not in self.ai_sides
                     and (seat == mover or (seat == TABLE and not self.handover)))
            moves = [self._move_info(view, move) for move in view.legal_moves()] if yours else []
            outcome = state.outcome()
            return {
                "version": self.version,
                "title": game_title(self.game),
                "files": board.files, "ranks": board.ranks, "flip": board.home_edge(side_label) == "top",
                "sides": [{"label": s.label, "plural": s.plural, "colour": s.colour} for s in self.game.sides],
                "seat": seat, "side": side_label, "mode": "hot-seat" if seat == TABLE else self.vs,
                "ai": list(self.ai_sides), "to_move": mover, "turn": state.turn, "setup": state.in_setup(),
                "your_turn": yours, "thinking": self.thinking, "handover": seat == TABLE and self.handover,
                "cells": cells, "notes": view.notes(), "moves": moves,
                "history": [{"side": p.side, "move": p.seen[side_label]} for p in self.played],
                "can_undo": bool(self.played) and not self.thinking,
                "outcome": str(outcome) if outcome else None,
                "outcome_words": ": ".join(w for w in self.game.describe_outcome(outcome) if w) if outcome else None,
                "error": self.error,
            }

    def _move_info(self, view: State, move) -> dict:
        """A legal move for the page: its notation, the squares it names, and where its acting piece
        goes (from the engine's motions) for highlighting."""
        text = move.notation()
        board = self.game.board
        squares = []
        for name in SQUARE.findall(text):
            try:
                board.parse_square(name)
            except ValueError:
                continue
            squares.append(name)
        frm = to = None
        words = []
        for motion in view.motions(move):
            there = board.square_name(motion.to) if isinstance(motion.to, int) else None
            if motion.role == "move":
                frm = board.square_name(motion.frm) if motion.frm is not None else None
                to = there
                words.insert(0, f"{frm} \u2192 {there}" if frm else f"enters at {there}")
            elif motion.role == "support" and motion.frm is not None:
                words.append(f"backed by {board.square_name(motion.frm)}")
        if to is None and squares:
            to = squares[-1]
        info = {"move": text, "squares": squares, "from": frm, "to": to, "says": ", ".join(words)}
        if not words and squares:  # a setup step: show what it leaves on its square(s)
            after = view.copy()
            after.push(move)
            info["after"] = {name: self._cell(after, board.parse_square(name)) for name in squares}
        return info

    @staticmethod
    def _cell(state: State, square: int) -> dict:
        art = state.cell_art(square)
        return {"ground": art.ground, "piece": art.piece, "badge": art.badge}

    # ------------------------------------------------------------------ export
    def export(self, key: str, what: str = "game") -> str:
        """The game as an example block; refused while it would show the seat what it may not see."""
        from .blocks import game_block, position_block

        with self.lock:
            seat = self.seat(key)
            if seat != TABLE and not self.state.is_game_over() and \
                    self.state.view(self.game.side(seat)).is_hidden():
                raise PlayError("an example block shows every hidden piece; it can be exported by the side "
                                "that sees them, or once the game is over")
            if seat == TABLE and self.handover:
                raise PlayError("pass the device first")
            moves = [p.move for p in self.played]
            who = self.vs if self.ai_sides else "a person"
            try:
                if what == "position":
                    return position_block(self.game, self.start, moves)
                if what == "game":
                    return game_block(self.game, self.start, moves,
                                      f"{game_title(self.game)}: as played at the table "
                                      f"against {who}")
            except ValueError as exc:
                raise PlayError(str(exc)) from None
            raise PlayError(f"export what? 'position' or 'game', not {clip(what)!r}")
