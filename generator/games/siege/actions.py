"""Which moves are legal now, and why a move is not: steps and pushes (rulings 5-9, 14: a stunned
Viking cannot loot), two-troop pushes (ruling 9), deployments from the Reserve (rulings 15-16),
the turn's end or a pass (ruling 5); during setup, the setup steps (`Setup`).

`Actions` is a part of `State` (generator/games/siege/state.py); `_actions` and `_plan_push` are
the engine's hot path.
"""

from __future__ import annotations

from ..base import IllegalMoveError
from .board import DIRECTION_TO, OPPOSITE, STEP, square_name
from .enums import IRISH, PLAY, RIVER, SIDE_OF, STRENGTH, VIKING, VILLAGE, Terrain
from .moves import DEPLOY_MOVES, END, NEIGHBOUR_STEPS, TWO_PUSH_MOVES, Move, MoveKind

# What a push does (`Actions._plan_push`): the pushed piece P is eliminated or moves, or the piece Q
# behind it in a chain is.
_ELIM_P, _MOVE_P, _ELIM_Q, _MOVE_Q = range(4)


class Actions:
    """The legal moves of a `State`."""

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """All legal moves, ascending; empty once the game is over."""
        if self._outcome is not None:
            return []
        if self.phase is not PLAY:
            return self._setup_moves()
        moves = self._actions()
        if self.actions or not moves:
            moves.append(END)  # ruling 5: end after one action, or pass with none
        return moves

    def _reserve_at_start(self) -> int:
        """Reserve once this turn has started (ruling 15: the tracker may feed it at turn start)."""
        if self.started or not self._advances_tracker():
            return self.reserve
        return self.reserve + self.tracker.count(1)

    def _advances_tracker(self) -> bool:
        return self.to_move is IRISH or self.options.tracker_every_turn

    def _actions(self) -> list[Move]:
        """Steps and pushes (rulings 5-9), then two-troop pushes, then deployments (ruling 16)."""
        if self.actions >= 2:
            return []
        board, kind, terrain, stun, acted = self.board, self.kind, self.terrain, self.stun, self.acted
        side = self.to_move
        viking = side is VIKING
        steps, pairs = [], []
        # The side's pieces on the board by square (ascending, the order of the moves), from the
        # position index `pos` rather than a scan of all 64 squares.
        for frm in sorted([square for piece, square in enumerate(self.pos)
                           if square >= 0 and SIDE_OF[kind[piece]] is side and piece not in acted]):
            piece = board[frm]
            if stun[piece]:  # ruling 7: a stunned troop only steps; ruling 14: a stunned Viking cannot loot
                steps.extend([move for t, move, _ in NEIGHBOUR_STEPS[frm] if not board[t] and terrain[t] != RIVER
                              and not (viking and terrain[t] == VILLAGE)])
                continue
            strength = STRENGTH[kind[piece]]
            for t, move, d in NEIGHBOUR_STEPS[frm]:
                if not board[t]:
                    if terrain[t] != RIVER:  # ruling 6: never onto a river tile (an occupied square never is one)
                        steps.append(move)
                    continue
                # One plan at strength 2 answers both questions: a push that moves or eliminates
                # the piece behind (_ELIM_Q, _MOVE_Q) is a chain, which needs strength 2 (ruling 8).
                plan = self._plan_push(t, d, 2)
                if plan is None:
                    continue  # a third piece in line
                chain = plan[0] >= _ELIM_Q
                if strength == 2 or not chain:
                    steps.append(move)
                # Ruling 9: a two-troop push is legal when the target is backed by its own piece
                # (a chain); its strength is 2 even behind a revealed Berserker or Chief.
                if chain:
                    back = STEP[frm][OPPOSITE[d]]
                    if back >= 0:
                        helper = board[back]
                        if helper and SIDE_OF[kind[helper]] is side and helper not in acted and not stun[helper]:
                            pairs.append(TWO_PUSH_MOVES[frm][d])
        steps.extend(pairs)
        if not viking and self._reserve_at_start() > 0:
            steps.extend([DEPLOY_MOVES[square] for square, ground in enumerate(terrain)
                          if ground == VILLAGE and not board[square]])
        return steps

    def _plan_push(self, t: int, d: int, strength: int) -> tuple[int, int] | None:
        """Ruling 8: what a push of strength `strength` into square `t`, direction `d`, does.
        Returns (_ELIM_P | _MOVE_P | _ELIM_Q | _MOVE_Q, square) or None when illegal."""
        board, kind, terrain = self.board, self.kind, self.terrain
        pushed = board[t]
        side = SIDE_OF[kind[pushed]]
        u = STEP[t][d]
        if u < 0 or terrain[u] == RIVER or (terrain[u] == VILLAGE and side is VIKING):
            return _ELIM_P, t
        beyond = board[u]
        if not beyond:
            return _MOVE_P, u
        if SIDE_OF[kind[beyond]] is not side:
            return _ELIM_P, t  # pushed into an opposing piece
        if strength < 2:
            return None  # a chain needs strength 2
        w = STEP[u][d]
        if w < 0 or terrain[w] == RIVER or (terrain[w] == VILLAGE and side is VIKING):
            return _ELIM_Q, u
        third = board[w]
        if not third:
            return _MOVE_Q, w
        if SIDE_OF[kind[third]] is not side:
            return _ELIM_Q, u
        return None  # a third piece in line

    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """None if `move` is legal, else the error saying why, citing the ruling."""
        text = move.notation()

        def refuse(reason: str, ruling: int | None = None) -> IllegalMoveError:
            return IllegalMoveError(text, reason, ruling)

        if self._outcome is not None:
            return refuse(f"the game is over: {self._outcome}")
        if move in self.legal_moves():
            return None
        if self.phase is not PLAY:
            return refuse(f"not a legal setup step now (setup step: {self.phase.name.lower().replace('_', ' ')})")
        side = self.to_move
        if move.kind is MoveKind.END:
            return refuse("a player who can act must take at least one action", 5)
        if move.kind is MoveKind.DEPLOY:
            if side is not IRISH:
                return refuse("only the Irish deploy troops", 16)
            if self._reserve_at_start() == 0:
                return refuse("there is no Irish troop in Reserve", 16)
            if self.terrain[move.to] != Terrain.VILLAGE:
                return refuse(f"{square_name(move.to)} is not an unlooted village", 16)
            return refuse(f"the village on {square_name(move.to)} is not empty", 16)
        if move.kind not in (MoveKind.STEP, MoveKind.TWO_PUSH):
            return refuse("that is a setup step; the game is in play")
        if self.actions >= 2:
            return refuse("a turn has at most two actions", 5)
        piece = self.board[move.frm]
        where = square_name(move.frm)
        if not piece:
            return refuse(f"there is no troop on {where}")
        if self.side_of(piece) is not side:
            return refuse(f"the troop on {where} belongs to the {self.game.side_of(side.other).plural}; "
                          f"the {self.game.side_of(side).plural} are to move", 5)
        if piece in self.acted:
            return refuse(f"the troop on {where} has already acted this turn", 5)
        d = DIRECTION_TO[move.frm][move.to]
        if self.terrain[move.to] == Terrain.RIVER:
            return refuse(f"{square_name(move.to)} is a river tile", 6)
        stunned = self.is_stunned(piece)
        target = self.board[move.to]
        if not target:
            if move.kind is MoveKind.TWO_PUSH:
                return refuse(f"{square_name(move.to)} is empty, there is nothing to push", 9)
            return refuse(f"the troop on {where} is stunned and cannot loot a village", 14)
        if stunned:
            return refuse(f"the troop on {where} is stunned and cannot push", 7)
        if move.kind is MoveKind.TWO_PUSH:
            helper = self.board[move.back]
            back = square_name(move.back)
            if not helper or self.side_of(helper) is not side:
                return refuse(f"no {side.label} troop on {back} to back the push", 9)
            if helper in self.acted:
                return refuse(f"the troop on {back} has already acted this turn", 5)
            if self.is_stunned(helper):
                return refuse(f"the troop on {back} is stunned and cannot back a push", 7)
            if self._plan_push(move.to, d, 1) is not None:
                return refuse("a two-troop push is only legal when strength 2 is needed", 9)
            return refuse("a third piece in line makes the push illegal", 8)
        if self._plan_push(move.to, d, 2) is None:
            return refuse("a third piece in line makes the push illegal", 8)
        return refuse("the pushed piece is backed by its own piece; that needs strength 2", 8)
