"""Moves and their notation: `Move` (one action or setup step, ordered as `legal_moves` lists
them), `MoveKind`, `END` (ruling 5: end the turn, or pass), parsing and printing (rulings 2-4 for
the setup steps, 6-9 for steps and pushes, 16 for deployments), and every play move built once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ..base import InvalidMoveError
from .board import BOARD, DIRECTION_TO, NEIGHBOURS, OPPOSITE, STEP, parse_square, square_name
from .enums import HIDDEN_KINDS, KIND_OF_LETTER, LETTER, Kind


class MoveKind(IntEnum):
    STEP = 1
    TWO_PUSH = 2
    DEPLOY = 3
    LAY_RIVER = 4
    SHIFT_RIVER = 5
    REMOVE_RIVER = 6
    VILLAGE = 7
    PLACE_VIKING = 8
    PLACE_IRISH = 9
    END = 10



@dataclass(frozen=True, order=True)
class Move:
    """One action or setup step. Sorts by kind, then squares (the order of `legal_moves`).

    Notation: `d6-d5` step (or push), `d7+d6-d5` two-troop push, `@c3` deploy, `end` end the turn
    or the setup step (a pass when no action was taken); setup: `~5`/`~4` lay the river on a rank
    (draft), `~d5-d4` shift a river tile, `x~d4` remove one, `^c3` place a village, `V@a8` `B@a8`
    `C@a8` place a Viking troop with a plain/Berserker/Chief reverse, `I@a1` place an Irish troop.
    """

    kind: MoveKind
    frm: int = -1
    to: int = -1
    back: int = -1
    piece: int = 0

    def __post_init__(self) -> None:
        # Searches hash moves millions of times: compute the hash once (frozen, so it never changes).
        object.__setattr__(self, "_hash", hash((self.kind, self.frm, self.to, self.back, self.piece)))

    def __hash__(self) -> int:
        return self._hash

    def notation(self) -> str:
        k = self.kind
        if k is MoveKind.STEP:
            return f"{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.TWO_PUSH:
            return f"{square_name(self.back)}+{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.DEPLOY:
            return f"@{square_name(self.to)}"
        if k is MoveKind.END:
            return "end"
        if k is MoveKind.LAY_RIVER:
            return f"~{self.to}"
        if k is MoveKind.SHIFT_RIVER:
            return f"~{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.REMOVE_RIVER:
            return f"x~{square_name(self.to)}"
        if k is MoveKind.VILLAGE:
            return f"^{square_name(self.to)}"
        if k is MoveKind.PLACE_VIKING:
            return f"{LETTER[Kind(self.piece)]}@{square_name(self.to)}"
        return f"I@{square_name(self.to)}"

    __str__ = notation

    @classmethod
    def from_notation(cls, text: str) -> "Move":
        """Parse our notation (see the class docstring); `pass` is accepted for `end`."""
        t = text.strip()
        try:
            if t in ("end", "pass"):
                return END
            if t in ("~4", "~5"):
                return cls(MoveKind.LAY_RIVER, to=int(t[1]))
            if t.startswith("x~"):
                return cls(MoveKind.REMOVE_RIVER, to=parse_square(t[2:]))
            if t.startswith("~"):
                a, b = t[1:].split("-")
                return cls(MoveKind.SHIFT_RIVER, frm=parse_square(a), to=parse_square(b))
            if t.startswith("^"):
                return cls(MoveKind.VILLAGE, to=parse_square(t[1:]))
            if t.startswith("@"):
                return cls(MoveKind.DEPLOY, to=parse_square(t[1:]))
            if len(t) == 4 and t[1] == "@":
                if t[0] == "I":
                    return cls(MoveKind.PLACE_IRISH, to=parse_square(t[2:]))
                if t[0] in "VBC":
                    return cls(MoveKind.PLACE_VIKING, to=parse_square(t[2:]), piece=KIND_OF_LETTER[t[0]])
            if "-" in t:
                head, to = t.split("-")
                if "+" in head:
                    back, frm = head.split("+")
                    move = cls(MoveKind.TWO_PUSH, frm=parse_square(frm), to=parse_square(to),
                               back=parse_square(back))
                    if DIRECTION_TO[move.back][move.frm] < 0 or \
                            DIRECTION_TO[move.back][move.frm] != DIRECTION_TO[move.frm][move.to]:
                        raise ValueError("the backing troop must stand directly behind the pusher")
                    return move
                move = cls(MoveKind.STEP, frm=parse_square(head), to=parse_square(to))
                if DIRECTION_TO[move.frm][move.to] < 0:
                    raise ValueError("a step goes to one of the 8 neighbouring squares")
                return move
        except ValueError as exc:
            raise InvalidMoveError(f"bad move {text!r}: {exc}") from None
        raise InvalidMoveError(
            f"bad move {text!r}: expected d6-d5, d7+d6-d5, @c3 or end (setup: ~5, ~d5-d4, x~d4, ^c3, V@a8, I@a1)")


END = Move(MoveKind.END)
# The kinds every move played is tested for, by module name (as enums.py does for the sides).
END_KIND, DEPLOY_KIND = MoveKind.END, MoveKind.DEPLOY

# Every play move is built once and reused (STEP_MOVES[square][direction], ...).
STEP_MOVES = tuple(tuple(Move(MoveKind.STEP, frm=s, to=STEP[s][d]) if STEP[s][d] >= 0 else None
                         for d in range(8)) for s in range(BOARD.size))
TWO_PUSH_MOVES = tuple(tuple(Move(MoveKind.TWO_PUSH, frm=s, to=STEP[s][d], back=STEP[s][OPPOSITE[d]])
                             if STEP[s][d] >= 0 and STEP[s][OPPOSITE[d]] >= 0 else None
                             for d in range(8)) for s in range(BOARD.size))
DEPLOY_MOVES = tuple(Move(MoveKind.DEPLOY, to=s) for s in range(BOARD.size))
# NEIGHBOUR_STEPS[square]: (neighbour, the step there, direction), neighbours ascending (the
# move generator's inner loop).
NEIGHBOUR_STEPS = tuple(tuple((t, STEP_MOVES[s][d], d) for d, t in NEIGHBOURS[s]) for s in range(BOARD.size))
# The setup steps, the same way (`Setup._setup_moves` lists them at every step): REMOVE_RIVER_MOVES[square],
# VILLAGE_MOVES[square], PLACE_IRISH_MOVES[square], PLACE_VIKING_MOVES[square][kind] for the hidden
# kinds (None for the others), and SHIFT_RIVER_MOVES[frm, to] between ranks 4 and 5 (ruling 2).
SHIFT_RIVER_MOVES = {(a, b): Move(MoveKind.SHIFT_RIVER, frm=a, to=b)
                     for ranks in ((4, 5), (5, 4))
                     for a, b in zip(BOARD.rank_squares(ranks[0]), BOARD.rank_squares(ranks[1]))}
REMOVE_RIVER_MOVES = tuple(Move(MoveKind.REMOVE_RIVER, to=s) for s in range(BOARD.size))
VILLAGE_MOVES = tuple(Move(MoveKind.VILLAGE, to=s) for s in range(BOARD.size))
PLACE_IRISH_MOVES = tuple(Move(MoveKind.PLACE_IRISH, to=s) for s in range(BOARD.size))
PLACE_VIKING_MOVES = tuple(tuple(Move(MoveKind.PLACE_VIKING, to=s, piece=Kind(k)) if k in HIDDEN_KINDS else None
                                 for k in range(len(Kind) + 1)) for s in range(BOARD.size))
