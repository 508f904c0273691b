"""What the browser table (`pnp play`, docs/play.md) shows of a territory position besides the grid
and its palisades (`State.edges`): each side's warriors in hand (its own face up, the others' as
backs: ruling 25), the palisades of a turn under way (ruling 15), what the side to move may do,
every move in words, and the count once every side has passed (rulings 21-24).

Each is asked of a side's view, so a side is told only what it may know. `TableView` is a part of
`TerritoryState` (generator/games/territory/state.py).
"""

from __future__ import annotations

from ..values import Tally, Zone
from .moves import DEAL, END, PALISADE, PASS, PLACE, Move


class TableView:
    """The table's words and off-board pieces of a `TerritoryState`."""

    __slots__ = ()

    def zones(self) -> tuple[Zone, ...]:
        """Each side's warriors in hand, at its own edge: values it may see, backs otherwise."""
        zones = []
        faces = self.game.faces.draw
        for seat, side in enumerate(self.game.sides):
            key = self.game.rules.clans[self.clans[seat]].key
            back = self.game.warrior_face(key, "back")
            pairs = self.supply[seat]
            if pairs is None:
                pieces = ((back, ""),) * self.left[seat]
            else:
                pieces = tuple((face if (face := self.game.warrior_face(key, str(value))) in faces else back, "")
                               for value, count in pairs for _ in range(count))
            zones.append(Zone(f"{side.noun}: warriors in hand", side.label, pieces))
        return tuple(zones)

    def scoreboard(self) -> tuple[Tally, ...]:
        """Once every side has passed, each side's gold and its piles (rulings 22-23); before the
        count nobody may know the scores."""
        result = self.result
        if result is None:
            return ()
        return tuple(Tally(side.label, result.scores[seat], None,
                           (("Piles", bool(result.piles[seat]), " + ".join(map(str, result.piles[seat])) or "none"),))
                     for seat, side in enumerate(self.game.sides))

    def turn_actions(self) -> tuple[int, int] | None:
        """The palisades of a palisade turn under way, out of N (ruling 15)."""
        return (len(self.this_turn), self.rules.most) if self.this_turn and self._outcome is None else None

    def prompt(self) -> str:
        """What the side to move may do (rulings 13-18)."""
        if self._outcome is not None or self.undealt:
            return ""
        most = self.rules.most
        if self.this_turn:
            return (f"Place another palisade ({len(self.this_turn)} of {most} placed), or end your turn.")
        actions = []
        if self.values_of(self.mover) and self.free_squares():
            actions.append("place a warrior face down on a free square")
        if self.palisades and self.legal_lines():
            actions.append(f"raise up to {min(most, self.palisades)} palisade{'s' if most > 1 else ''} on the "
                           f"lines between squares (no new territory under {self.rules.least} squares)")
        actions.append("pass for the rest of the game")
        text = ", ".join(actions[:-1]) + (", or " if len(actions) > 1 else "") + actions[-1]
        return text[0].upper() + text[1:] + "."

    def move_words(self, move: Move) -> str:
        square = self.lines.geo.names[move.at] if move.kind in (PLACE, DEAL) else ""
        if move.kind == PLACE:
            return f"Place a {move.value} face down on {square}"
        if move.kind == PALISADE:
            return f"Palisade on {self.lines.name(move.at)}"
        if move.kind == END:
            return "End the turn: no more palisades"
        if move.kind == PASS:
            return "Pass for the rest of the game"
        return f"Deal {move.value} gold onto {square}"
