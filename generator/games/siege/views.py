"""Hidden information (ruling 4: only the Vikings know the reverses; ruling 12: a flip reveals one):
what a side sees (`view`), the reverses the Irish have not seen (`unseen_reverses`), and a full
state consistent with a view (`determinize`), for players that search.

`Views` is a part of `State` (generator/games/siege/state.py).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .enums import HIDDEN_KINDS, HIDDEN_OR_UNKNOWN, Kind, Phase, Side

if TYPE_CHECKING:
    from .state import State

_UNKNOWN = int(Kind.UNKNOWN)


class Views:
    """What each side of a `State` may see."""

    __slots__ = ()

    def is_hidden(self) -> bool:
        """Whether a reverse is unknown here (the Irish player's view)."""
        return _UNKNOWN in self.kind

    def view(self, side: Side) -> "State":
        """What `side` sees: for the Irish, every hidden Viking reverse becomes `UNKNOWN`."""
        seen = self.copy()
        if side is Side.IRISH:
            seen.kind = [int(Kind.UNKNOWN) if k in HIDDEN_KINDS and self.pos[i] >= 0 else k
                         for i, k in enumerate(self.kind)]  # a removed plain troop was seen
            if self.phase is Phase.VIKING_TROOPS:  # before placement it is the public counts
                seen.supply = [self.supply[0], 0, 0, 0, 0]
        return seen

    def unseen_reverses(self) -> dict[Kind, int]:
        """The reverses the Irish have not seen, on the board or still to be placed: the counts
        minus the revealed pieces and the removed ones. Used to sample a view."""
        c = self.counts
        face_up = [k for i, k in enumerate(self.kind) if self.pos[i] >= 0]
        chiefs = c.chiefs - face_up.count(Kind.CHIEF) - int(self.chief_defeated)
        berserkers = c.berserkers - face_up.count(Kind.BERSERKER) - self.berserkers_defeated
        plain = c.plain_vikings - (self.defeated - int(self.chief_defeated) - self.berserkers_defeated)
        return {Kind.VIKING: max(0, plain), Kind.HIDDEN_BERSERKER: max(0, berserkers),
                Kind.HIDDEN_CHIEF: max(0, chiefs)}

    def determinize(self, rng: random.Random) -> "State":
        """A full state consistent with this view: the unseen reverses are shuffled and dealt to
        the hidden pieces on the board; during setup the rest are the Vikings' supply."""
        sample = self.copy()
        pool = [int(kind) for kind, n in self.unseen_reverses().items() for _ in range(n)]
        rng.shuffle(pool)
        for piece, kind in enumerate(self.kind):
            if self.pos[piece] >= 0 and kind in HIDDEN_OR_UNKNOWN:
                sample.kind[piece] = pool.pop() if pool else int(Kind.VIKING)
        if sample.phase <= Phase.VIKING_TROOPS:
            for kind in HIDDEN_KINDS:
                sample.supply[kind] = pool.count(kind)
        return sample

