"""What a diagram shows of a `State`, in the kit's faces: each square's art (`cell_art`: ground,
piece, a hidden reverse's badge letter, the stun and treasure markers of rulings 11 and 17), the
state lines beside the grid (`notes`: tracker, Reserve, treasure, defeats; rulings 13, 15, 21),
and a move's drawn effect (`motions`, `effect`: pushes, removals and flips, rulings 8-14).

`Cells` is a part of `State` (generator/games/siege/state.py).
"""

from __future__ import annotations

from functools import lru_cache

from ..base import CellArt, Effect, Motion, Removal
from .board import BOARD, DIRECTION_TO, DIRECTIONS
from .enums import RIVER, SIDE_OF, Kind, Terrain, Treasure
from .moves import Move, MoveKind

# The kit's faces for what a diagram shows.
FACE_OF_KIND = {Kind.IRISH: "irish", Kind.VIKING: "viking-front", Kind.HIDDEN_BERSERKER: "viking-front",
                Kind.HIDDEN_CHIEF: "viking-front", Kind.BERSERKER: "viking-berserker",
                Kind.CHIEF: "viking-chief", Kind.UNKNOWN: "viking-front"}
HIDDEN_HINT = {Kind.HIDDEN_BERSERKER: "B", Kind.HIDDEN_CHIEF: "C"}
SECRET_FACE = {Kind.VIKING: "viking-raider", Kind.HIDDEN_BERSERKER: "viking-berserker",
               Kind.HIDDEN_CHIEF: "viking-chief"}  # a hidden reverse, in a view that knows it
FACE_OF_TERRAIN = {int(Terrain.RIVER): "river", int(Terrain.VILLAGE): "village", int(Terrain.LOOTED): "village-looted"}


class Cells:
    """The diagram art of a `State`."""

    __slots__ = ()

    def motions(self, move: Move) -> list[Motion]:
        """The acting troops' travel: a step or push, a two-troop push's backing troop, a deployment
        (from off the board at the Irish edge)."""
        side = self.to_move.label
        if move.kind is MoveKind.DEPLOY:
            return [Motion(None, move.to, side, "move")]
        if move.kind is MoveKind.TWO_PUSH:
            return [Motion(move.back, move.frm, side, "support"), Motion(move.frm, move.to, side, "move")]
        if move.kind is MoveKind.STEP:
            return [Motion(move.frm, move.to, side, "move")]
        return []

    def effect(self, move: Move) -> Effect:
        """What `move` does (rulings 8-14): the pushed pieces' paths, the pieces removed (drawn one
        square beyond, where they were pushed to) and the flips."""
        result = Effect(self.motions(move))
        state = self.copy()
        pos, kind = self.pos, self.kind
        actors = set()
        if move.kind in (MoveKind.STEP, MoveKind.TWO_PUSH):
            actors.add(self.board[move.frm])
        if move.kind is MoveKind.TWO_PUSH:
            actors.add(self.board[move.back])
        d = DIRECTION_TO[move.frm][move.to] if move.kind in (MoveKind.STEP, MoveKind.TWO_PUSH) else -1
        state.push(move)
        for piece in range(1, len(pos)):
            if piece in actors or pos[piece] < 0:
                continue
            now = state.pos[piece]
            if now == pos[piece]:
                if state.kind[piece] != kind[piece]:
                    result.flipped.append(now)
                continue
            side = SIDE_OF[kind[piece]].label
            if now >= 0:
                result.motions.append(Motion(pos[piece], now, side, "push"))
            else:
                df, dr = DIRECTIONS[d] if d >= 0 else (0, 0)
                f, r = BOARD.file_rank(pos[piece])
                beyond = (f + df, r + dr)
                result.motions.append(Motion(pos[piece], beyond, side, "push"))
                result.removals.append(Removal(pos[piece], beyond, FACE_OF_KIND[Kind(kind[piece])]))
        return result

    def cell_art(self, square: int) -> CellArt:
        """The kit's faces on `square`: its ground, the piece (a hidden reverse shown as a badge
        letter, and as its face for the table), and the stun and treasure markers."""
        terrain = self.terrain[square]
        piece = self.board[square]
        if not piece:
            return _empty_art(terrain)
        return _piece_art(terrain, self.kind[piece], self.stun[piece] > 0,
                          self.treasure is Treasure.CARRIED and self.carrier == piece)

    def notes(self) -> str:
        """The state lines a reader needs beside the grid, in words."""
        parts = []
        if self.tracker:
            parts.append("tracker: " + ", ".join(map(str, sorted(self.tracker))))
        if self.reserve:
            parts.append(f"reserve: {self.reserve}")
        if self.treasure is Treasure.VIKING_SIDE:
            parts.append("treasure: Viking side")
        if self.defeated:
            parts.append(f"Vikings defeated: {self.defeated}")
        if self.chief_defeated:
            parts.append("Chief defeated")
        return " \u00b7 ".join(parts)


@lru_cache(maxsize=None)
def _piece_art(terrain: int, kind: int, stunned: bool, carries: bool) -> CellArt:
    """An occupied square's art, one per combination (the table compares thousands of views)."""
    kind = Kind(kind)
    overlays = ((("stun-badge", "br"),) if stunned else ()) + ((("treasure", "bl"),) if carries else ())
    return CellArt(FACE_OF_TERRAIN.get(terrain), FACE_OF_KIND[kind], HIDDEN_HINT.get(kind, ""), overlays,
                   terrain != RIVER, SECRET_FACE.get(kind))


@lru_cache(maxsize=None)
def _empty_art(terrain: int) -> CellArt:
    """An empty square's art, one per terrain (most squares of a diagram are empty)."""
    return CellArt(FACE_OF_TERRAIN.get(terrain), ground_inset=terrain != RIVER)
