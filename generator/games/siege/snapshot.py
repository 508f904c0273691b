"""A position's mutable fields as one object, on the model of python-chess's `_BoardState`: what a
new `State` starts with, captured (`push` keeps one per move, `copy` takes one) and restored
(`pop`, `copy`). The fields are listed here and nowhere else: `State.__slots__` takes them from
`Snapshot.__slots__`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .enums import Phase, Side, Treasure

if TYPE_CHECKING:
    from .state import State


class Snapshot:
    """The mutable fields of a `State`: captured from one (its lists copied), restored onto one.
    Written out field by field, not looped over the slots: `push` takes one every move.

    >>> from generator.games.siege.state import State
    >>> state, other = State.new_game(), State.__new__(State)
    >>> Snapshot(state).restore(other)
    >>> [name for name in Snapshot.__slots__ if not hasattr(other, name)]  # restore sets them all
    []
    """

    __slots__ = ("board", "terrain", "kind", "pos", "stun", "tracker", "acted", "supply",  # lists
                 "reserve", "defeated", "chief_defeated", "berserkers_defeated", "treasure", "carrier",
                 "to_move", "phase", "turn", "actions", "started", "setup_count", "river_rank", "_outcome")

    def __init__(self, state: State) -> None:
        """Capture `state`'s fields, its lists copied."""
        self.board = state.board[:]
        self.terrain = state.terrain[:]
        self.kind = state.kind[:]
        self.pos = state.pos[:]
        self.stun = state.stun[:]
        self.tracker = state.tracker[:]
        self.acted = state.acted[:]
        self.supply = state.supply[:]
        self.reserve = state.reserve
        self.defeated = state.defeated
        self.chief_defeated = state.chief_defeated
        self.berserkers_defeated = state.berserkers_defeated
        self.treasure = state.treasure
        self.carrier = state.carrier
        self.to_move = state.to_move
        self.phase = state.phase
        self.turn = state.turn
        self.actions = state.actions
        self.started = state.started
        self.setup_count = state.setup_count
        self.river_rank = state.river_rank
        self._outcome = state._outcome

    def restore(self, state: State) -> None:
        """Put the fields back (the lists themselves: restore a snapshot once, or copy it first)."""
        state.board = self.board
        state.terrain = self.terrain
        state.kind = self.kind
        state.pos = self.pos
        state.stun = self.stun
        state.tracker = self.tracker
        state.acted = self.acted
        state.supply = self.supply
        state.reserve = self.reserve
        state.defeated = self.defeated
        state.chief_defeated = self.chief_defeated
        state.berserkers_defeated = self.berserkers_defeated
        state.treasure = self.treasure
        state.carrier = self.carrier
        state.to_move = self.to_move
        state.phase = self.phase
        state.turn = self.turn
        state.actions = self.actions
        state.started = self.started
        state.setup_count = self.setup_count
        state.river_rank = self.river_rank
        state._outcome = self._outcome

    @classmethod
    def start(cls) -> Snapshot:
        """The fields of a state with nothing on the board yet, in play, the Vikings to move."""
        start = cls.__new__(cls)
        start.board = [0] * 64    # piece ids by square, 0 for empty
        start.terrain = [0] * 64  # Terrain values as plain ints
        start.kind = [0]          # Kind values as plain ints, by piece id; id 0 is "no piece"
        start.pos = [-1]          # squares by piece id; -1: off the board
        start.stun = [0]          # by piece id: the turn at whose end the stun ends; 0: not stunned
        start.tracker = []        # ruling 15: the tracker spaces of knocked-out Irish troops
        start.acted = []          # ruling 5: the pieces that acted this turn
        start.supply = [0, 0, 0, 0, 0]  # [irish, -, plain, berserker, chief] troops not yet placed
        start.reserve, start.defeated, start.chief_defeated, start.berserkers_defeated = 0, 0, False, 0
        start.treasure, start.carrier = Treasure.IRISH_SIDE, 0  # carrier: the carrying piece's id
        start.to_move, start.phase, start.turn, start.actions = Side.VIKING, Phase.PLAY, 1, 0
        start.started = False     # whether this turn has begun (ruling 15: the tracker moved)
        start.setup_count = 0     # rulings 2-3: river tiles shifted, villages placed
        start.river_rank = 5      # ruling 2
        start._outcome = None
        return start
