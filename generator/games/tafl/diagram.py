"""Tafl diagrams (docs/diagram-notation.md): an N x N grid of `. A D K` cells and state lines, read into a
`TaflState` and printed back (`TaflState.from_diagram` / `state.diagram()` round-trip).

Readers take `(line_number, text)` pairs so that every error names the line it is about. Two
extensions of the contract: the state line `this-turn` (the moves so far of a berserker turn in
progress, so that any position prints) and `winner: draw` (a game ended by the turn-cap option).
"""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING

from ..base import DiagramError, Grammar, default_game, Grid, ImpossiblePosition, Outcome, read_whole
from ..grid import Geometry, geometry, grid_lines
from ..grid import read_grid as read_cells
from .board import LETTERS, MAX_SIZE, MIN_SIZE, Move, Side, check_size
from .state import Options, TaflState

if TYPE_CHECKING:
    from .game import TaflGame

Lines = list[tuple[int, str]]
CELLS = frozenset(LETTERS)
STATE_KEYS = ("to-move", "last-attackers", "last-defenders", "turn-limit", "defender-turns",
              "this-turn", "winner")


def _cell(token: str) -> str:
    if token not in CELLS:
        raise ValueError(f"bad cell {token!r}: expected . A D or K")
    return token


def _board(n: int) -> Geometry:
    """The board whose top rank is `n`; raises ValueError for a size Tafl has not."""
    if not (MIN_SIZE <= n <= MAX_SIZE and n % 2):
        raise ValueError(f"the grid starts at rank {n}: a board is N x N with N odd from "
                         f"{MIN_SIZE} to {MAX_SIZE}, rank N first")
    return geometry(n, n)


def read_grid(lines: Lines, start: int) -> tuple[Grid, int]:
    """A grid from `lines[start]` (the frame is `grid.read_grid`'s): rank lines from rank N down to
    1, N odd, 7 to 19, read from the first. Returns the grid (one token per square, a1 first) and
    the index after it."""
    tokens, end = read_cells(lines, start, _cell, _board)
    return Grid(tuple(tokens), lines[start][0]), end


def numbered(text: str) -> Lines:
    """The text's lines with their numbers, blank and `#` lines left out."""
    return [(i + 1, t) for i, t in enumerate(text.splitlines()) if t.strip() and not t.lstrip().startswith("#")]


def read_setup(text: str) -> tuple[str, ...]:
    """A setup diagram (a grid alone, ruling 3) as tokens; raises DiagramError."""
    lines = numbered(text)
    grid, i = read_grid(lines, 0)
    if i < len(lines):
        raise DiagramError(lines[i][0], f"a setup diagram is a grid only; got {lines[i][1].strip()!r}")
    return grid.tokens


# ----------------------------------------------------------------------------- the grammar


class TaflGrammar(Grammar):
    """The grammar of ```tafl blocks (docs/diagram-notation.md). Bound to a game (for its options), or to
    the default 11 x 11 game; a grid of another size plays on that game resized."""

    state_keys = STATE_KEYS

    def __init__(self, game: "TaflGame | None" = None):
        self.game = game

    def _game(self, n: int) -> "TaflGame":
        return (self.game or default_game(__name__)).resized(n)

    def read_grid(self, lines: Lines, start: int) -> tuple[Grid, int]:
        return read_grid(lines, start)

    def parse_play(self, words: list[str]) -> tuple[Move, ...]:
        """The moves of one `play:` line: one move, or several with berserker (ruling 14; their
        count is judged when the turn is played)."""
        if not words:
            raise ValueError("a play line is one turn: expected a move like h2-h4")
        moves = tuple(Move.parse(word) for word in words)
        if any(move.is_end for move in moves):
            raise ValueError("a play line lists moves like h2-h4; 'end' is not written, "
                             "the turn ends after its last move")
        return moves

    def build_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                    options: dict[str, str]) -> TaflState:
        """The position of a grid and state lines, taken as given: not judged for a win or a lack
        of moves. Raises DiagramError naming the line."""
        n = isqrt(len(grid.tokens))
        try:
            if n * n != len(grid.tokens):
                raise ValueError(f"a grid of {len(grid.tokens)} squares is not square")
            check_size(n)
            state = TaflState(self._game(n), options)
        except ValueError as exc:
            raise DiagramError(grid.line, str(exc)) from None
        geo = state.geo
        for square, token in enumerate(grid.tokens):
            if token == ".":
                continue
            if token != "K" and geo.hostile[square]:
                where = "the throne" if square == geo.throne else "a corner"
                raise ImpossiblePosition(grid.line, f"{geo.name(square)} is {where}: only the king may "
                                                    f"stand there (ruling 5)")
            if token == "K" and state.king >= 0:
                raise ImpossiblePosition(grid.line, f"the grid has more than one king "
                                                    f"({geo.name(state.king)}, {geo.name(square)})")
            state.place(square, token)
        value = {key: self.normalize(key, text) for key, (_, text) in fields.items()}
        line = {key: number for key, (number, _) in fields.items()}
        rules_ = state.options
        to_move = value.get("to-move", "defenders" if rules_.skilled_play else "attackers")
        try:
            state.to_move = Side.from_label(to_move)
        except ValueError:
            raise DiagramError(line["to-move"], f"to-move must be attackers or defenders, got {to_move!r}") from None
        state.last = tuple(self._moves(value.get(key, ""), key, line.get(key), state)  # type: ignore[assignment]
                           for key in ("last-attackers", "last-defenders"))
        for key in ("turn-limit", "defender-turns"):
            if key in value and not rules_.skilled_play:
                raise DiagramError(line[key], f"{key} needs the skilled-play option (option: skilled-play)")
        if "turn-limit" in value:
            state.turn_limit = self._whole(value["turn-limit"], "turn-limit", line["turn-limit"], least=1)
        if "defender-turns" in value:
            state.defender_turns = self._whole(value["defender-turns"], "defender-turns", line["defender-turns"])
        chain = self._moves(value.get("this-turn", ""), "this-turn", line.get("this-turn"), state)
        if chain:
            if not rules_.berserker:
                raise DiagramError(line["this-turn"], "this-turn needs the berserker option (a turn of several moves)")
            at = chain[-1].squares(n)[1]
            piece = state.piece_at(at)
            if piece is None or piece.side is not state.to_move:
                raise ImpossiblePosition(line["this-turn"], f"this-turn ends on {geo.name(at)}, which "
                                                            f"holds no token of the {state.to_move.label}")
            state.chain = chain
        winner = value.get("winner")
        if winner is not None:
            if winner not in ("attackers", "defenders", "draw"):
                raise DiagramError(line["winner"], f"winner must be attackers or defenders (or draw), got {winner!r}")
            state._outcome = self._outcome(state, winner)
        return state

    @staticmethod
    def _whole(text: str, key: str, line: int, least: int = 0) -> int:
        try:
            return read_whole(text, key, least)
        except ValueError as exc:
            raise DiagramError(line, str(exc)) from None

    @staticmethod
    def _moves(text: str, key: str, line: int | None, state: TaflState) -> tuple[Move, ...]:
        """A turn's moves (`h4-g4`, or `d1-d5 d5-d7`): on the board, along a rank or file, each
        starting where the one before ended."""
        moves = []
        n, geo = state.n, state.geo
        for word in text.split():
            try:
                move = Move.parse(word)
            except ValueError as exc:
                raise DiagramError(line, f"{key}: {exc}") from None
            if move.is_end or not move.on_board(n):
                raise ImpossiblePosition(line, f"{key}: {word!r} is not a move on the {n} x {n} board")
            frm, to = move.squares(n)
            if frm == to or geo.line_between(frm, to) is None:
                raise ImpossiblePosition(line, f"{key}: {word!r} does not go along a rank or file")
            if moves and moves[-1].squares(n)[1] != frm:
                raise ImpossiblePosition(line, f"{key}: {word!r} does not start where {moves[-1].notation()} ended")
            moves.append(move)
        return tuple(moves)

    @staticmethod
    def _outcome(state: TaflState, winner: str) -> Outcome:
        """The outcome a written `winner:` stands for, its way read off the position."""
        if winner == "draw":
            return Outcome(None, "turn-cap")
        if winner == "defenders" and state.king in state.geo.corners:
            way = "king-escaped"
        elif winner == "attackers" and state.king < 0:
            way = "king-captured"
        elif winner == "attackers" and state.options.skilled_play and state.defender_turns >= state.turn_limit:
            way = "turn-limit"
        else:
            way = "no-moves"
        return Outcome(Side.from_label(winner), way, (way,))

    def tokens(self, state: TaflState) -> tuple[str, ...]:
        return tuple(LETTERS[v] for v in state.board)

    def fields(self, state: TaflState) -> dict[str, str]:
        """Every state line's value, defaults included ("" for none)."""
        skilled = state.options.skilled_play
        outcome = state.outcome()
        return {
            "to-move": state.to_move.label,
            "last-attackers": " ".join(m.notation() for m in state.last[0]),
            "last-defenders": " ".join(m.notation() for m in state.last[1]),
            "turn-limit": str(state.turn_limit) if skilled else "",
            "defender-turns": str(state.defender_turns) if skilled else "",
            "this-turn": " ".join(m.notation() for m in state.chain),
            "winner": (outcome.winner.label if outcome.winner is not None else "draw") if outcome else "",
        }

    def default_fields(self, grid: Grid, options: dict[str, str]) -> dict[str, str]:
        game = self._game(isqrt(len(grid.tokens)) or 11)
        return _defaults(Options(game.check_options({**dict(game.options), **options})))

    def diagram(self, state: TaflState) -> str:
        tokens = self.tokens(state)
        defaults = _defaults(state.options)
        lines = grid_lines(tokens, geometry(state.n, state.n))
        lines += [f"{key}: {value}" for key, value in self.fields(state).items() if value != defaults[key]]
        return "\n".join(lines) + "\n"


def _defaults(rules: Options) -> dict[str, str]:
    """The value each state line has, under these rules, when a diagram does not write it."""
    skilled = rules.skilled_play
    return {"to-move": "defenders" if skilled else "attackers", "last-attackers": "",
            "last-defenders": "", "turn-limit": str(rules.turn_limit) if skilled else "",
            "defender-turns": "0" if skilled else "", "this-turn": "", "winner": ""}
