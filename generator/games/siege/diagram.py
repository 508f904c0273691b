"""Diagrams: the board grid and state lines of ```armagh blocks (docs/diagram-notation.md), parsed
into a `State` and printed back (`State.from_diagram` / `State.diagram` round-trip), and the
grammar the generic example checker uses (`SiegeGrammar`).

Parsers take `(line_number, text)` pairs so that every error names the line it is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..base import DiagramError, Grammar, Grid, ImpossiblePosition, read_whole
from ..grid import grid_lines, read_grid
from .board import BOARD
from .enums import KIND_OF_LETTER, LETTER, SIDE_OF, Kind, Phase, Side, Termination, Terrain, Treasure, outcome_of
from .moves import Move
from .state import State

TERRAIN_MARK = {Terrain.OPEN: "", Terrain.RIVER: "~", Terrain.VILLAGE: "^", Terrain.LOOTED: "x"}
MARK_TERRAIN = {mark: terrain for terrain, mark in TERRAIN_MARK.items() if mark}
STATE_KEYS = ("to-move", "treasure", "reserve", "tracker", "defeated", "chief", "winner", "setup")
_CELL = re.compile(r"^([IVBCbc?])?([~^x])?([*$]*)$")


Lines = list[tuple[int, str]]


@dataclass(frozen=True)
class Cell:
    piece: Kind | None = None
    terrain: Terrain = Terrain.OPEN
    stunned: bool = False
    treasure: bool = False

    def token(self) -> str:
        """The cell as a grid token; markers written `*` before `$`."""
        text = (LETTER[self.piece] if self.piece else "") + TERRAIN_MARK[self.terrain]
        text += ("*" if self.stunned else "") + ("$" if self.treasure else "")
        return text or "."


@lru_cache(maxsize=None)  # a handful of distinct tokens make every grid
def parse_cell(token: str) -> Cell:
    """One grid token (docs/diagram-notation.md); raises ValueError saying what was expected."""
    if token == ".":
        return Cell()
    match = _CELL.match(token)
    if not match or not token:
        raise ValueError(f"bad cell {token!r}: expected a piece (I V B C b c), a terrain (~ ^ x) "
                         f"and markers (* $), or . for empty ground")
    letter, mark, markers = match.groups()
    if markers and not letter:
        raise ValueError(f"bad cell {token!r}: markers * and $ belong to a piece")
    if len(set(markers)) != len(markers):
        raise ValueError(f"bad cell {token!r}: a marker is repeated")
    piece = KIND_OF_LETTER[letter] if letter else None
    terrain = MARK_TERRAIN.get(mark, Terrain.OPEN)
    if piece and terrain is Terrain.RIVER:
        raise ImpossiblePosition(None, f"bad cell {token!r}: a river tile never holds a piece")
    if piece and SIDE_OF[piece] is Side.VIKING and terrain is Terrain.VILLAGE:
        raise ImpossiblePosition(None, f"bad cell {token!r}: a Viking on a village loots it; write {letter}x")
    return Cell(piece, terrain, "*" in markers, "$" in markers)


def _whole(value: str, key: str, line: int) -> int:
    try:
        return read_whole(value, key)
    except ValueError as exc:
        raise DiagramError(line, str(exc)) from None


def build_state(cells: list[Cell], fields: dict[str, tuple[int, str]], game,
                rules: str | None, options: dict | None, grid_line: int | None = None) -> State:
    """A position in play (at the start of a turn) from parsed cells and state lines."""
    state = State(game, rules, options)
    get = {key: value for key, (_, value) in fields.items()}
    line = {key: number for key, (number, _) in fields.items()}
    to_move = get.get("to-move", "viking")
    if to_move not in ("viking", "irish"):
        raise DiagramError(line["to-move"], f"to-move must be viking or irish, got {to_move!r}")
    state.to_move = Side.VIKING if to_move == "viking" else Side.IRISH
    state.phase, state.turn, state.started = Phase.PLAY, 1, False
    carriers = []
    for square, cell in enumerate(cells):
        state.terrain[square] = int(cell.terrain)
        if cell.piece is None:
            continue
        piece = state.add_piece(cell.piece, square)
        if cell.stunned:  # docs/diagram-notation.md: a stun that ends at the end of its owner's next turn
            mine = SIDE_OF[cell.piece] is state.to_move
            state.stun[piece] = state.turn if mine else state.turn + 1
        if cell.treasure:
            carriers.append(piece)
    state.looted = state.terrain.count(Terrain.LOOTED)
    if len(carriers) > 1:
        raise ImpossiblePosition(grid_line, "the treasure ($) is on more than one piece")
    treasure = get.get("treasure", "carried" if carriers else "irish-side")
    if treasure == "carried":
        if not carriers:
            raise ImpossiblePosition(line.get("treasure"), "treasure: carried needs a piece marked $ on the grid")
        state.treasure, state.carrier = Treasure.CARRIED, carriers[0]
    elif treasure in ("irish-side", "viking-side"):
        if carriers:
            raise ImpossiblePosition(line.get("treasure"), f"treasure: {treasure} but a piece on the grid carries it ($)")
        state.treasure = Treasure.IRISH_SIDE if treasure == "irish-side" else Treasure.VIKING_SIDE
    else:
        raise DiagramError(line.get("treasure"), f"treasure must be irish-side, viking-side or carried, got {treasure!r}")
    state.reserve = _whole(get.get("reserve", "0"), "reserve", line.get("reserve"))
    state.defeated = _whole(get.get("defeated", "0"), "defeated", line.get("defeated"))
    spaces = state.counts.tracker_spaces
    tracker = []
    for token in get.get("tracker", "").split():
        space = _whole(token, "tracker", line["tracker"])
        if not 1 <= space <= spaces:
            raise ImpossiblePosition(line["tracker"], f"tracker spaces run from 1 to {spaces}, got {space}")
        tracker.append(space)
    if tracker != sorted(tracker):
        raise DiagramError(line["tracker"], f"tracker spaces must be ascending, got {get['tracker']!r}")
    state.tracker = tracker
    chief = get.get("chief")
    if chief is not None:
        if chief != "defeated":
            raise DiagramError(line["chief"], f"chief can only be 'defeated', got {chief!r}")
        if state.defeated < 1:
            raise ImpossiblePosition(line["chief"], "chief: defeated also counts as a defeat: defeated must be at least 1")
        state.chief_defeated = True
    winner = get.get("winner")
    if winner is not None:
        if winner == "draw":  # extension: a game stopped by the turn-cap option
            state._outcome = outcome_of(None, Termination.TURN_CAP)
        elif winner in ("viking", "irish"):
            side = Side.VIKING if winner == "viking" else Side.IRISH
            state._outcome = outcome_of(side, Termination.POINTS, state.points(side))
        else:
            raise DiagramError(line["winner"], f"winner must be viking or irish (or draw), got {winner!r}")
    if "setup" in get:
        return _from_setup(state, cells, get["setup"], line["setup"], game, rules, options)
    state._check_no_moves()
    return state


def _from_setup(state: State, cells: list[Cell], value: str, line: int, game, rules, options) -> State:
    """`setup: done` under a starting grid: the board is where a legal set-up ends (rulings 1-4),
    and the engine proves it by playing the set-up steps that lead there; the game starts from it."""
    if value != "done":
        raise DiagramError(line, f"setup can only be 'done', got {value!r}")
    try:
        start = State.from_setup(game, rules, options, [int(cell.terrain) for cell in cells],
                                 {square: cell.piece for square, cell in enumerate(cells) if cell.piece},
                                 state.reserve)
    except ValueError as exc:
        raise ImpossiblePosition(line, f"not a legal set-up: {exc}") from None
    if state_cells(start) != cells or state_fields(start) != state_fields(state):
        raise ImpossiblePosition(line, "not a legal set-up: the game starts with the treasure on the Irish "
                                       "side, the Vikings to move and no stun, tracker or defeat")
    return start


_EMPTY = {int(terrain): Cell(terrain=terrain) for terrain in Terrain}  # an empty square of each terrain


def state_cells(state: State) -> list[Cell]:
    cells = []
    for square in range(BOARD.size):
        piece = state.board[square]
        if not piece:
            cells.append(_EMPTY[state.terrain[square]])
            continue
        cells.append(Cell(Kind(state.kind[piece]), Terrain(state.terrain[square]), bool(state.stun[piece]),
                          state.treasure is Treasure.CARRIED and state.carrier == piece))
    return cells


def state_fields(state: State) -> dict[str, str]:
    """Every state line's value, defaults included (docs/diagram-notation.md)."""
    outcome = state.outcome()
    return {
        "to-move": state.to_move.label,
        "treasure": ("irish-side", "carried", "viking-side")[state.treasure],
        "reserve": str(state.reserve),
        "tracker": " ".join(map(str, sorted(state.tracker))),
        "defeated": str(state.defeated),
        "chief": "defeated" if state.chief_defeated else "",
        "winner": (outcome.winner.label if outcome.winner is not None else "draw") if outcome else "",
    }


def default_fields(cells: list[Cell]) -> dict[str, str]:
    carried = any(cell.treasure for cell in cells)
    return {"to-move": "viking", "treasure": "carried" if carried else "irish-side", "reserve": "0",
            "tracker": "", "defeated": "0", "chief": "", "winner": ""}





class SiegeGrammar(Grammar):
    """The grammar of ```armagh blocks for the generic checker (`generator.examples`)."""

    state_keys = STATE_KEYS

    def read_grid(self, lines: Lines, start: int) -> tuple[Grid, int]:
        cells, end = read_grid(lines, start, parse_cell, BOARD)
        return Grid(tuple(cell.token() for cell in cells), lines[start][0], tuple(cells)), end

    def parse_play(self, words: list[str]) -> tuple[Move, ...]:
        """A play line is one turn: one or two actions (ruling 5)."""
        if not 1 <= len(words) <= 2:
            raise ValueError(f"a play line is one turn: one or two moves, got {len(words)}")
        return tuple(Move.from_notation(word) for word in words)

    def build_state(self, grid: Grid, fields, rules, options) -> State:
        return build_state(list(grid.cells), fields, self.game, rules, options, grid.line)

    def tokens(self, state: State) -> tuple[str, ...]:
        return tuple(cell.token() for cell in state_cells(state))

    def fields(self, state: State) -> dict[str, str]:
        return state_fields(state)

    def default_fields(self, grid: Grid, options) -> dict[str, str]:
        return default_fields(list(grid.cells))

    def diagram(self, state: State) -> str:
        cells = state_cells(state)
        defaults = default_fields(cells)
        lines = grid_lines([cell.token() for cell in cells], BOARD, gap=2)
        lines += [f"{key}: {value}" for key, value in state_fields(state).items() if value != defaults[key]]
        return "\n".join(lines) + "\n"
