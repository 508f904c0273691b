"""Playing a move: the turn's start (ruling 15: the tracker), steps and pushes (rulings 6-10),
stuns (ruling 11), flips and eliminations (rulings 12-13, 15), looting (ruling 14), deployments
(ruling 16), the treasure (rulings 17-20), victory points and winning (rulings 21-22), the turn's
end (rulings 5, 11, 23: the turn cap) and a side left without moves (ruling 5, option).

`Play` is a part of `State` (generator/games/siege/state.py): its methods work on the state's fields.
"""

from __future__ import annotations

from ..base import IllegalMoveError
from .actions import _ELIM_P, _ELIM_Q, _MOVE_Q
from .board import DIRECTION_TO, STEP, rank_of
from .enums import (CARRIED, IRISH, IRISH_POINTS, IRISH_SIDE, LOOTED, REVEALED, SIDE_OF, STRENGTH, VIKING,
                    VIKING_POINTS, VIKING_SIDE, VILLAGE, Kind, Point, Side, Termination, outcome_of)
from .moves import DEPLOY_KIND, END, END_KIND, Move


class Play:
    """What a move does to a `State` in play."""

    __slots__ = ()

    def point_flags(self) -> tuple[bool, bool, bool, bool, bool]:
        """Ruling 21 as flags, in the order of IRISH_POINTS then VIKING_POINTS."""
        treasure = self.treasure
        carried = SIDE_OF[self.kind[self.carrier]] if treasure is CARRIED else None
        return (treasure is IRISH_SIDE or carried is IRISH,
                self.defeated >= self.numbers.defeats_for_point,
                self.chief_defeated,
                treasure is VIKING_SIDE or carried is VIKING,
                self.looted >= self.counts.villages)

    def points(self, side: Side) -> frozenset[Point]:
        """Ruling 21: the victory points `side` holds now."""
        flags = self.point_flags()
        if side is IRISH:
            return frozenset(p for p, held in zip(IRISH_POINTS, flags[:3]) if held)
        return frozenset(p for p, held in zip(VIKING_POINTS, flags[3:]) if held)

    def play_turn(self, moves) -> None:
        """One `play:` line: one or two actions by the side to move, then the turn ends (an `end`
        is added when the turn is still open). A move after the turn ended is refused (ruling 5)."""
        side = self.to_move
        for index, move in enumerate(moves):
            if index and self.to_move is not side and not self.is_game_over():
                raise _at(IllegalMoveError(move.notation(), f"the turn ended after "
                                                            f"{moves[index - 1].notation()}", 5), index)
            error = self.why_illegal(move)
            if error is not None:
                raise _at(error, index)
            self.push(move)
        if not self.is_game_over() and self.to_move is side:
            self.push(END)

    def _begin_turn(self) -> None:
        """Ruling 15: at the start of an Irish turn (option: every turn) the tracker moves down one
        space; a troop leaving space 1 goes to Reserve."""
        self.started = True
        if self.tracker and self._advances_tracker():
            ready = self.tracker.count(1)
            self.tracker = [space - 1 for space in self.tracker if space > 1]
            self.reserve += ready

    def _play(self, move: Move) -> None:
        if not self.started:
            self._begin_turn()
        kind = move.kind
        if kind is END_KIND:
            self._end_turn()
            return
        self.actions += 1
        if kind is DEPLOY_KIND:
            self._deploy(move.to)
        else:
            self._act(move)
        self._check_winner()
        if self._outcome is not None or self.actions >= 2:
            self._end_turn()  # a winning action ends the turn too (docs/diagram-notation.md: the turn has ended)

    def _deploy(self, square: int) -> None:
        """Ruling 16: a Reserve troop onto an empty, unlooted village; it has acted."""
        self.reserve -= 1
        for piece, kind in enumerate(self.kind):
            if kind == Kind.IRISH and self.pos[piece] < 0:
                self.pos[piece], self.board[square], self.stun[piece] = square, piece, 0
                break
        else:
            piece = self.add_piece(Kind.IRISH, square)
        self.acted.append(piece)

    def _act(self, move: Move) -> None:
        """A step or push (rulings 6-14), then the treasure (17-20)."""
        board, side = self.board, self.to_move
        frm, t = move.frm, move.to
        d = DIRECTION_TO[frm][t]
        mover = board[frm]
        helper = board[move.back] if move.back >= 0 else 0  # a two-troop push's backing troop
        self.acted.append(mover)
        if helper:
            self.acted.append(helper)
        arrivals: list[tuple[int, int]] = []  # (piece, square it came from), actors first
        pushed = board[t]
        if pushed:
            strength = 2 if helper else STRENGTH[self.kind[mover]]
            result, square = self._plan_push(t, d, strength)
            if result == _ELIM_P:
                if self._eliminate(pushed, t, mover):
                    return  # ruling 12: a flip stops the push; the pushers stay
            else:
                if result == _ELIM_Q:
                    if self._eliminate(board[square], square, mover):
                        if SIDE_OF[self.kind[pushed]] is not side:
                            self._stun(pushed)
                        return
                elif result == _MOVE_Q:
                    u = STEP[t][d]
                    self._move(board[u], u, square, arrivals)
                self._move(pushed, t, STEP[t][d], arrivals)
                if SIDE_OF[self.kind[pushed]] is not side:  # ruling 10
                    self._stun(pushed)
        actors: list[tuple[int, int]] = []
        self._move(mover, frm, t, actors)
        if helper:
            self._move(helper, move.back, frm, actors)
        if side is VIKING:  # ruling 14: an unstunned Viking entering a village loots it
            for piece in (mover, helper):
                if piece and self.terrain[self.pos[piece]] == VILLAGE:
                    self.terrain[self.pos[piece]] = LOOTED
                    self.looted += 1
        if self.options.pickup_own_move_only:
            arrivals = actors
        else:
            arrivals = actors + arrivals
        self._settle_treasure(arrivals)

    def _move(self, piece: int, a: int, b: int, arrivals: list) -> None:
        self.board[a], self.board[b], self.pos[piece] = 0, piece, b
        if SIDE_OF[self.kind[piece]] is VIKING:
            arrivals.append((piece, a))

    def _stun(self, piece: int) -> None:
        """Ruling 11: until the end of the owner's next turn that starts after now; the later end wins."""
        until = self.turn + (2 if SIDE_OF[self.kind[piece]] is self.to_move else 1)
        if self.stun[piece] < until:
            self.stun[piece] = until

    def _eliminate(self, piece: int, square: int, actor: int) -> bool:
        """Rulings 12, 13, 15, 19: eliminate a pushed piece. Returns True when a hidden Berserker or
        Chief flips and survives (it stays, revealed and stunned, and the push stops)."""
        kind = self.kind[piece]
        if kind == Kind.IRISH:
            self.board[square], self.pos[piece], self.stun[piece] = 0, -1, 0
            self.tracker.append(1 + self.unlooted())  # ruling 15
            self.tracker.sort()
            if self.carrier == piece:  # ruling 19: an Irish carrier eliminated
                self.treasure, self.carrier = IRISH_SIDE, 0
            return False
        if kind in REVEALED:
            self.kind[piece] = REVEALED[kind]
            self._stun(piece)
            return True
        if kind == Kind.UNKNOWN:
            raise ValueError("a piece whose reverse is unknown cannot be resolved; determinise the view first")
        self.board[square], self.pos[piece], self.stun[piece] = 0, -1, 0
        self.defeated += 1  # ruling 13
        if kind == Kind.CHIEF:
            self.chief_defeated = True
        elif kind == Kind.BERSERKER:
            self.berserkers_defeated += 1
        if self.carrier == piece:  # ruling 19
            if self.to_move is IRISH:
                self.carrier = actor
            else:
                self.treasure, self.carrier = IRISH_SIDE, 0
        return False

    def _settle_treasure(self, arrivals: list[tuple[int, int]]) -> None:
        """Rulings 18-20, when an action ends."""
        if self.treasure is CARRIED:
            rank = rank_of(self.pos[self.carrier])
            if SIDE_OF[self.kind[self.carrier]] is IRISH:
                if rank == 1:
                    self.treasure, self.carrier = IRISH_SIDE, 0
            elif rank == 8:
                self.treasure, self.carrier = VIKING_SIDE, 0
        if self.treasure is IRISH_SIDE:
            for piece, came_from in arrivals:
                square = self.pos[piece]
                if square >= 0 and square < 8 and came_from >= 8:
                    self.treasure, self.carrier = CARRIED, piece
                    break

    def _check_winner(self) -> None:
        """Ruling 22: the first side to hold enough points wins; on a tie the side that acted."""
        need = self.numbers.points_to_win
        flags = self.point_flags()
        irish, vikings = flags[0] + flags[1] + flags[2], flags[3] + flags[4]
        if irish < need and vikings < need:
            return
        mover = self.to_move
        mine = irish if mover is IRISH else vikings
        winner = mover if mine >= need else mover.other
        self._outcome = outcome_of(winner, Termination.POINTS, self.points(winner))

    def _end_turn(self) -> None:
        """Stuns placed for this turn end; the other side's turn begins (ruling 11)."""
        now = self.turn
        stun = self.stun
        if any(stun):  # most turns end with no troop stunned
            for piece, until in enumerate(stun):
                if until and until <= now:
                    stun[piece] = 0
        self.to_move = self.to_move.other
        self.turn += 1
        self.actions, self.acted, self.started = 0, [], False
        if self._outcome is not None:
            return  # the game is over: no further turn begins
        if self.options.turn_cap and self.turn > self.options.turn_cap:
            self._outcome = outcome_of(None, Termination.TURN_CAP)
            return
        self._check_no_moves()

    def _check_no_moves(self) -> None:
        """Ruling 5, option no-moves=lose: a side with no legal action at the start of its turn loses."""
        if self.options.no_moves_loses and self._outcome is None and not self._actions():
            winner = self.to_move.other
            self._outcome = outcome_of(winner, Termination.NO_MOVES, self.points(winner))


def _at(error: IllegalMoveError, index: int) -> IllegalMoveError:
    error.index = index
    return error
