"""The engine's vocabulary: sides, piece kinds (ruling 4: hidden Viking reverses; 12: revealed
ones), terrain (rulings 2, 3, 14), setup phases (rulings 2-4), the treasure's places (ruling 17),
victory points (ruling 21) and the ways a game ends (rulings 5, 22, 23), with the tables the hot
paths index by kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from ..base import Outcome


class Side(IntEnum):
    VIKING = 0
    IRISH = 1

    @property
    def other(self) -> "Side":
        return IRISH if self is VIKING else VIKING  # the module names (below) for speed

    @property
    def label(self) -> str:
        return self.name.lower()


class Kind(IntEnum):
    """What a piece is. Hidden Viking kinds show the same face; `UNKNOWN` only appears in the
    Irish player's view, where the reverse is hidden."""

    IRISH = 1
    VIKING = 2            # face up, hidden reverse: plain troop
    HIDDEN_BERSERKER = 3  # face up, hidden reverse: Berserker
    HIDDEN_CHIEF = 4      # face up, hidden reverse: Chief
    BERSERKER = 5         # revealed
    CHIEF = 6             # revealed
    UNKNOWN = 7           # face up, reverse unknown to the viewer


LETTER = {Kind.IRISH: "I", Kind.VIKING: "V", Kind.HIDDEN_BERSERKER: "B", Kind.HIDDEN_CHIEF: "C",
          Kind.BERSERKER: "b", Kind.CHIEF: "c", Kind.UNKNOWN: "?"}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTER.items()}
HIDDEN_KINDS = (Kind.VIKING, Kind.HIDDEN_BERSERKER, Kind.HIDDEN_CHIEF)
SIDE_OF = (None, Side.IRISH) + (Side.VIKING,) * 6  # indexed by Kind
STRENGTH = (0, 1, 1, 1, 1, 2, 2, 1)  # ruling 9: a revealed Berserker or Chief pushes with strength 2
HIDDEN_OR_UNKNOWN = frozenset(int(k) for k in (*HIDDEN_KINDS, Kind.UNKNOWN))
REVEALED = {int(Kind.HIDDEN_BERSERKER): int(Kind.BERSERKER), int(Kind.HIDDEN_CHIEF): int(Kind.CHIEF)}


class Terrain(IntEnum):
    OPEN = 0
    RIVER = 1
    VILLAGE = 2  # unlooted
    LOOTED = 3


# Terrain values as plain ints, for the hot paths (the lists hold ints, not enum members).
OPEN, RIVER, VILLAGE, LOOTED = (int(t) for t in Terrain)


class Phase(IntEnum):
    """Setup steps of rulings 2-4, then play."""

    RIVER_LAY = 0     # draft: the Vikings choose rank 4 or 5
    RIVER_SHIFT = 1   # the Irish shift tiles to the other rank
    RIVER_REMOVE = 2  # the Vikings may remove one tile
    VILLAGES = 3      # alternately, Irish first
    VIKING_TROOPS = 4
    IRISH_TROOPS = 5
    PLAY = 6


class Treasure(IntEnum):
    """Ruling 17: where the Monastery's Treasure is."""

    IRISH_SIDE = 0
    CARRIED = 1
    VIKING_SIDE = 2



class Point(Enum):
    """Ruling 21: the victory points."""

    TREASURE = "treasure"
    DEFEATS = "defeats"
    CHIEF = "chief"
    VILLAGES = "villages"


IRISH_POINTS = (Point.TREASURE, Point.DEFEATS, Point.CHIEF)
VIKING_POINTS = (Point.TREASURE, Point.VILLAGES)


class Termination(str, Enum):
    POINTS = "points"        # ruling 22
    NO_MOVES = "no-moves"    # ruling 5, option no-moves=lose
    TURN_CAP = "turn-cap"    # ruling 23, option turn-cap=N


def outcome_of(winner: Side | None, termination: Termination, points=frozenset()) -> Outcome:
    """The generic `Outcome`: the ways are the winner's victory points (ruling 21), sorted."""
    return Outcome(winner, termination.value, tuple(sorted(p.value for p in points)))


@dataclass(frozen=True)
class Piece:
    """What stands on a square (`State.piece_at`): its side, its kind, a stun, the treasure."""

    side: Side
    kind: Kind
    stunned: bool = False
    carries_treasure: bool = False

    def __str__(self) -> str:
        return LETTER[self.kind] + ("*" if self.stunned else "") + ("$" if self.carries_treasure else "")


# The members the engine's hot paths compare with, as module names: on CPython 3.11 reading a
# member from its Enum class (`Side.VIKING`) costs about 100 ns (the enum metaclass's attribute
# hook), a module name about 10 ns, and a random playout reads dozens per action.
VIKING, IRISH = Side.VIKING, Side.IRISH
IRISH_SIDE, CARRIED, VIKING_SIDE = Treasure.IRISH_SIDE, Treasure.CARRIED, Treasure.VIKING_SIDE
PLAY = Phase.PLAY
