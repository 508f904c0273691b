"""What the browser table (`pnp play`) shows of a `State` besides the grid: the pieces off the board
(the supplies of setup, the reinforcement tracker and its Reserve, ruling 15; the treasure waiting at
a home edge, ruling 17; the defeated Vikings, ruling 13), each side's victory points and how they
were earned (ruling 21), the actions left in a turn (ruling 5), what the side to move is asked to
do in each setup step (rulings 2-4), and every move in words.

Each is asked of a side's view (`State.view`), so the Irish are told only what they may know:
their view's Viking supply is the public count, and a hidden reverse is never named.

`TableView` is a part of `State` (generator/games/siege/state.py).
"""

from __future__ import annotations

from ..base import Tally, Zone
from .board import square_name
from .cells import SECRET_FACE
from .enums import LOOTED, SIDE_OF, Kind, Phase, Side, Treasure
from .moves import Move, MoveKind

ACTIONS = 2  # ruling 5: a turn is one or two actions
REVERSE = {Kind.VIKING: "Raider", Kind.HIDDEN_BERSERKER: "Berserker", Kind.HIDDEN_CHIEF: "Chief"}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class TableView:
    """The table's words and off-board pieces of a `State`."""

    __slots__ = ()

    def zones(self) -> tuple[Zone, ...]:
        zones = []
        if self.phase <= Phase.VIKING_TROOPS:
            zones.append(Zone("Viking troops to place", "viking", self._viking_supply()))
        if self.phase <= Phase.IRISH_TROOPS:
            zones.append(Zone("Irish troops to place", "irish", (("irish", ""),) * self.supply[0]))
        pieces = tuple(("irish", str(space)) for space in sorted(self.tracker)) + (("irish", "Reserve"),) * self.reserve
        zones.append(Zone("Reinforcements", "irish", pieces, card="tracker"))
        if self.treasure is Treasure.IRISH_SIDE:
            zones.append(Zone("Treasure, on the Irish side", "irish", (("treasure", ""),)))
        elif self.treasure is Treasure.VIKING_SIDE:
            zones.append(Zone("Treasure, banked by the Vikings", "viking", (("treasure", ""),)))
        chiefs, berserkers = int(self.chief_defeated), self.berserkers_defeated
        raiders = self.defeated - chiefs - berserkers
        defeated = (("viking-chief", ""),) * chiefs + (("viking-berserker", ""),) * berserkers + \
            (("viking-raider", ""),) * raiders
        zones.append(Zone("Vikings defeated", "irish", defeated))
        return tuple(zones)

    def _viking_supply(self) -> tuple[tuple[str, str], ...]:
        """The Viking troops not yet placed: their reverses for the Vikings, fronts for the Irish
        (whose view keeps only the public count: ruling 4)."""
        if self.is_hidden() or self.phase < Phase.VIKING_TROOPS:
            placed = sum(1 for i, k in enumerate(self.kind) if self.pos[i] >= 0 and SIDE_OF[k] is Side.VIKING)
            return (("viking-front", ""),) * (self.counts.viking_troops - placed)
        return tuple((SECRET_FACE[kind], "") for kind in (Kind.HIDDEN_CHIEF, Kind.HIDDEN_BERSERKER, Kind.VIKING)
                     for _ in range(self.supply[kind]))

    def scoreboard(self) -> tuple[Tally, ...]:
        """Ruling 21: the points each side holds, and how far it is from the others."""
        irish_treasure, defeats, chief, viking_treasure, villages = self.point_flags()
        need = self.numbers.points_to_win
        for_point = self.numbers.defeats_for_point
        looted = self.terrain.count(LOOTED)
        carried = self.treasure is Treasure.CARRIED
        vikings = Tally("viking", viking_treasure + villages, need, (
            ("The treasure", viking_treasure, "carried" if viking_treasure and carried else
             "banked" if viking_treasure else ""),
            (f"All {self.counts.villages} villages looted", villages, f"{looted} of {self.counts.villages}")))
        irish = Tally("irish", irish_treasure + defeats + chief, need, (
            ("The treasure", irish_treasure, "carried" if irish_treasure and carried else
             "at home" if irish_treasure else ""),
            (f"{for_point} Vikings defeated", defeats, f"{min(self.defeated, for_point)} of {for_point}"),
            ("The Chief defeated", chief, "")))
        return (vikings, irish)

    def turn_actions(self) -> tuple[int, int] | None:
        return (self.actions, ACTIONS) if self.phase is Phase.PLAY else None

    def prompt(self) -> str:
        """The setup step in words (rulings 2-4) with what remains, or the actions left (ruling 5)."""
        phase = self.phase
        if phase is Phase.RIVER_LAY:
            return "Lay the river: choose rank 4 or rank 5 for its tiles."
        if phase is Phase.RIVER_SHIFT:
            low, high = self.rules.shifts
            other = 4 if self.river_rank == 5 else 5
            done = self.setup_count
            tiles = f"{low}" if low == high else f"{low} to {high}"
            left = f"{low - done} to go" if done < low else f"up to {high - done} more, or stop"
            return (f"Slide {tiles} river tiles one square from rank {self.river_rank} to rank {other}, "
                    f"each on its own file: {done} moved, {left}.")
        if phase is Phase.RIVER_REMOVE:
            return "You may take away one river tile, or keep them all."
        if phase is Phase.VILLAGES:
            return (f"Place a village on an empty square of ranks 3 to 5 without river: "
                    f"{self.setup_count} of {self.counts.villages} placed, the sides taking turns.")
        if phase is Phase.VIKING_TROOPS:
            placed = self.counts.viking_troops - sum(self.supply[2:])
            left = ", ".join(_count(self.supply[kind], REVERSE[Kind(kind)], REVERSE[Kind(kind)] + "s")
                             for kind in (Kind.HIDDEN_CHIEF, Kind.HIDDEN_BERSERKER, Kind.VIKING) if self.supply[kind])
            return (f"Place your troops front up on rank 8, choosing the hidden reverse of each: "
                    f"{placed} of {self.counts.viking_troops} placed; left: {left}.")
        if phase is Phase.IRISH_TROOPS:
            ranks = "rank 1" if self.rules.irish_rows == 1 else f"ranks 1 to {self.rules.irish_rows}"
            placed = self.counts.irish_troops - self.supply[0]
            return (f"Place troops on {ranks}: {placed} placed, {self.supply[0]} left. "
                    f"Stop when you like: the rest wait in the Reserve.")
        action = self.actions + 1
        deploy = " or deploy a troop from the Reserve onto an intact village" if self.reserve and \
            self.to_move is Side.IRISH else ""
        stop = "; or end your turn now" if self.actions else ""
        return f"Action {action} of {ACTIONS}: step or push with a troop that has not acted{deploy}{stop}."

    def move_words(self, move: Move) -> str:
        k = move.kind
        to = square_name(move.to) if move.to >= 0 and k is not MoveKind.LAY_RIVER else ""
        if k is MoveKind.STEP:
            target = self.board[move.to]
            step = f"{square_name(move.frm)} \u2192 {to}"
            if not target:
                return f"Step {step}"
            return f"Push {step}, into the {self.game.side_of(SIDE_OF[self.kind[target]]).noun} troop"
        if k is MoveKind.TWO_PUSH:
            return f"Push {square_name(move.frm)} \u2192 {to}, backed by {square_name(move.back)}"
        if k is MoveKind.DEPLOY:
            return f"Deploy a troop from the Reserve onto {to}"
        if k is MoveKind.LAY_RIVER:
            return f"Lay the river on rank {move.to}"
        if k is MoveKind.SHIFT_RIVER:
            return f"Slide the river tile {square_name(move.frm)} \u2192 {to}"
        if k is MoveKind.REMOVE_RIVER:
            return f"Take away the river tile on {to}"
        if k is MoveKind.VILLAGE:
            return f"Place a village on {to}"
        if k is MoveKind.PLACE_VIKING:
            return f"Place a {REVERSE[Kind(move.piece)]} on {to}"
        if k is MoveKind.PLACE_IRISH:
            return f"Place a troop on {to}"
        return {Phase.RIVER_SHIFT: "Stop sliding river tiles", Phase.RIVER_REMOVE: "Keep every river tile",
                Phase.IRISH_TROOPS: "Done: the rest wait in the Reserve"}.get(self.phase, "End the turn")
