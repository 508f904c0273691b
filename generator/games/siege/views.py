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
        """Whether a reverse is unknown here (the Irish player's view): one on the board, or
        one in the supply the Vikings are placing (the Irish view shows that supply empty)."""
        placing = self.phase is Phase.VIKING_TROOPS
        return _UNKNOWN in self.kind or (placing and not any(self.supply[2:]))

    def will_hide(self) -> bool:
        """Whether the Vikings' placements are still to come in the Irish player's view (ruling
        4: which reverse each one puts down is secret)."""
        return self.phase < Phase.VIKING_TROOPS and not any(self.supply[2:])

    def view(self, side: Side) -> "State":
        """What `side` sees: for the Irish, every hidden Viking reverse becomes `UNKNOWN`."""
        seen = self.copy()
        if side is Side.IRISH:
            seen.kind, seen.supply = self._seen_by_irish()
        return seen

    def _seen_by_irish(self) -> tuple[list[int], list[int]]:
        """The kinds and the supply as the Irish see them: a hidden reverse on the board is
        `UNKNOWN` (a removed plain troop was seen); until the Vikings have placed their troops,
        their supply shows only the Irish count: which reverse each placement puts down is
        secret, so placements of different reverses make one position to the Irish."""
        kind = [_UNKNOWN if k in HIDDEN_KINDS and self.pos[i] >= 0 else k for i, k in enumerate(self.kind)]
        supply = [self.supply[0], 0, 0, 0, 0] if self.phase <= Phase.VIKING_TROOPS else self.supply[:]
        return kind, supply

    def key(self, observer: Side | None = None) -> tuple:
        """The position as `observer` sees it (`State.key`), without a copy: the turn number left
        out and each stun counted from the current turn (ruling 11), so a position repeated on a
        later turn has the same key; the pieces that acted as a set (two actions in either order
        make one position); the Irish key masks the hidden reverses as `view` does."""
        kind, supply = self._seen_by_irish() if observer is Side.IRISH else (self.kind, self.supply)
        turn = self.turn
        return (tuple(self.board), tuple(self.terrain), tuple(kind), tuple(s - turn if s else 0 for s in self.stun),
                tuple(self.tracker), tuple(sorted(self.acted)), tuple(supply), self.reserve, self.defeated,
                self.chief_defeated, self.berserkers_defeated, self.treasure, self.carrier, self.to_move,
                self.phase, self.actions, self.started, self.setup_count, self.river_rank, self._outcome)

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

