"""What `push` saves and `pop` puts back: a position's mutable fields, listed here once
(`State.__slots__` takes them from `SNAPSHOT.fields`), and the values a new state starts with."""

from __future__ import annotations

from ..base import Snapshot
from .enums import Phase, Side, Treasure

SNAPSHOT = Snapshot("board", "terrain", "kind", "pos", "stun", "tracker", "acted", "supply",
                    "reserve", "defeated", "chief_defeated", "berserkers_defeated", "looted", "treasure", "carrier",
                    "to_move", "phase", "turn", "actions", "started", "setup_count", "river_rank", "_outcome",
                    copied=("board", "terrain", "kind", "pos", "stun", "tracker", "acted", "supply"))


def start() -> tuple:
    """The fields of a state with nothing on the board yet, in play, the Vikings to move, in the
    order of `SNAPSHOT.fields`.

    >>> len(start()) == len(SNAPSHOT.fields)
    True
    """
    return ([0] * 64,         # board: piece ids by square, 0 for empty
            [0] * 64,         # terrain: Terrain values as plain ints
            [0],              # kind: Kind values as plain ints, by piece id; id 0 is "no piece"
            [-1],             # pos: squares by piece id; -1: off the board
            [0],              # stun: by piece id, the turn at whose end the stun ends; 0: not stunned
            [],               # tracker: ruling 15, the spaces of knocked-out Irish troops
            [],               # acted: ruling 5, the pieces that acted this turn
            [0, 0, 0, 0, 0],  # supply: [irish, -, plain, berserker, chief] troops not yet placed
            0, 0, False, 0,   # reserve, defeated, chief_defeated, berserkers_defeated
            0,                # looted: villages looted (ruling 14), the LOOTED squares of terrain counted
            Treasure.IRISH_SIDE, 0,  # treasure, carrier (the carrying piece's id)
            Side.VIKING, Phase.PLAY, 1, 0,  # to_move, phase, turn, actions
            False,            # started: whether this turn has begun (ruling 15: the tracker moved)
            0,                # setup_count: rulings 2-3, river tiles shifted, villages placed
            5,                # river_rank: ruling 2
            None)             # _outcome
