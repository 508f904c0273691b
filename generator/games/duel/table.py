"""What the browser table (`pnp play`, docs/play.md) shows of a duel besides the board: each side's
bag, open to both players (ruling 12), the tiles each side has lost, the tile just drawn, what the
side to move may do (rulings 11, 13-14), and every move in words.

The board's own cells come from `DuelState.cell_art`: each tile's face up, turned toward its
owner, frozen tiles and defense squares marked. `TableView` is a part of `DuelState`
(generator/games/duel/state.py).
"""

from __future__ import annotations

from ..values import Zone
from .moves import COMMAND, DRAW, DRAWN, PLACE, SETUP, STEP, STRIKE, Move
from .tables import encode

SYMBOL_WORDS = {"m": "move", "j": "jump", "s": "slide", "J": "jump-slide", "n": "move, no capture",
                "N": "jump, no capture"}


class TableView:
    """The table's words and off-board tiles of a `DuelState`."""

    __slots__ = ()

    def zones(self) -> tuple[Zone, ...]:
        """Each side's bag (face 1 of every tile in it) and the tiles it has lost, at its own edge."""
        zones = []
        data, game = self.t.data, self.game
        for seat, side in enumerate(game.sides):
            bag = tuple((self._face(kind, seat, 0), "") for kind, n in enumerate(self.bags[seat]) for _ in range(n))
            zones.append(Zone(f"{side.noun}'s bag: {len(bag)} tile{'' if len(bag) == 1 else 's'}", side.label, bag))
            lost = tuple((self._face(kind.index, seat, 0), "") for kind in data.kinds
                         for _ in range(self.lost(seat, kind.index)))
            if lost:
                zones.append(Zone(f"{side.noun}: tiles lost", side.label, lost))
        if self.drawn >= 0:
            side = game.sides[self.mover]
            zones.append(Zone(f"{side.noun}: drawn, to be placed", side.label,
                              ((self._face(self.drawn, self.mover, 0), ""),)))
        return tuple(zones)

    def _face(self, kind: int, seat: int, face: int) -> str:
        return self.game.face_name(encode(kind, seat, face))

    def lost(self, seat: int, kind: int) -> int:
        """How many tiles of `kind` side `seat` no longer has: neither on the board, in its bag nor
        just drawn (ruling 23: a captured tile leaves the game)."""
        if self.in_setup():   # nothing is lost yet; the start tiles are on their way (ruling 11)
            return 0
        t = self.t
        on_board = sum(1 for square in self.pieces[seat] if t.kind_of[self.board[square]] == kind)
        drawn = 1 if self.drawn == kind and self.mover == seat else 0
        return max(0, t.data.kinds[kind].counts[seat] - on_board - self.bags[seat][kind] - drawn)

    def prompt(self) -> str:
        """What the side to move may do: set up (ruling 11), place the tile drawn (ruling 14), or
        activate a tile or draw (ruling 13)."""
        if self._outcome is not None:
            return ""
        data = self.t.data
        if self.in_setup():
            leader = data.kinds[data.leader].name
            starts = data.kinds[data.start].name
            return (f"Set up: your {leader} on a middle square of your home rank, then {data.start_tiles} "
                    f"{starts} tile{'s' if data.start_tiles != 1 else ''} on empty squares beside it.")
        if self.drawn >= 0:
            kind = data.kinds[self.drawn]
            faces = " (either face up)" if kind.either else ""
            return f"Place the {kind.name} you drew on an empty square beside your {data.kinds[data.leader].name}{faces}."
        guard = " Your leader is in guard." if self.in_guard(self.mover) else ""
        draw = " or draw a tile from your bag" if any(self.bags[self.mover]) else ""
        return f"Activate a tile (it turns over after it acts){draw}.{guard}"

    def move_words(self, move: Move) -> str:
        t = self.t
        names, data, board = t.geo.names, t.data, self.board

        def tile(square: int) -> str:
            code = board[square]
            return data.kinds[t.kind_of[code]].name if code else "tile"

        def taking(square: int) -> str:
            return f", taking the {tile(square)}" if board[square] else ""

        if move.kind == STEP:
            how = f" ({SYMBOL_WORDS[move.symbol]})" if move.symbol else ""
            return f"{tile(move.a)} {names[move.a]} \u2192 {names[move.b]}{how}{taking(move.b)}"
        if move.kind == STRIKE:
            return f"{tile(move.a)} on {names[move.a]} strikes the {tile(move.b)} on {names[move.b]}"
        if move.kind == COMMAND:
            return (f"{tile(move.a)} on {names[move.a]} commands: {tile(move.b)} {names[move.b]} \u2192 "
                    f"{names[move.c]}{taking(move.c)}")
        if move.kind == DRAW:
            left = sum(self.bags[self.mover])
            return f"Draw a tile from your bag ({left} in it)"
        if move.kind == DRAWN:
            return f"The bag gives a {data.kinds[move.a].name}"
        if move.kind == PLACE:
            kind = data.kinds[self.drawn] if self.drawn >= 0 else None
            face = " face 2 up" if move.b else ""
            return f"Place the {kind.name if kind else 'tile'} on {names[move.a]}{face}"
        if move.kind == SETUP:
            leader = data.kinds[data.leader].name
            starts = " and ".join(names[s] + (" (face 2)" if f else "") for s, f in move.starts)
            return f"{leader} on {names[move.a]}, start tiles on {starts}"
        return ""
