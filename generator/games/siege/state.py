"""The Siege of Armagh game state, by docs/rulings/siege.md (numbers in docstrings are its rulings),
assembled from its parts, one job each:

- enums.py: sides, piece kinds, terrain, phases, treasure, points, terminations
- moves.py: `Move`, `MoveKind`, `END` and the notation
- snapshot.py: the position's mutable fields, captured and restored as one (`push`/`pop`, `copy`)
- setup_steps.py: the setup steps (rulings 1-4)
- actions.py: the legal moves and why a move is illegal (rulings 5-9, 14-16)
- play.py: what a move does: pushes, stuns, flips, the treasure, the turn's end, winning (rulings 5-23)
- views.py: hidden information: a side's view, determinized samples (rulings 4, 12)
- cells.py: what a diagram shows: the cells' art, the notes, a move's effect
- table_view.py: what the browser table shows besides: pieces off the board, points, prompts, words

The API follows python-chess: a mutable `State` with `push(move)` / `pop()` over a stack of
snapshots, `legal_moves()` in ascending order (`Move` sorts by kind, then squares), `outcome()`
once the game is over. Pieces have ids (the board holds ids, 0 for empty) so that "a troop that has
acted" survives being pushed about. No rendering code lives here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import base
from ..base import Outcome
from .actions import Actions
from .board import parse_square, square_name
from .cells import Cells
from .enums import PLAY, SIDE_OF, Kind, Phase, Piece, Side, Terrain, Treasure
from .moves import Move
from .numbers import RULE_SETS, Counts, RuleNumbers
from .options import Options, check_options
from .play import Play
from .setup_steps import Setup
from .table_view import TableView
from .snapshot import SNAPSHOT, start
from .views import Views

if TYPE_CHECKING:
    from .game import SiegeGame

__all__ = ["State"]


_save, _restore = SNAPSHOT.save, SNAPSHOT.restore


class State(Setup, Actions, Play, Views, Cells, TableView, base.State):
    """A position of Siege of Armagh with its history. Build one with `State.new_game(game)` (setup
    from the start) or `State.from_diagram(text)` (a position in play, docs/diagram-notation.md).

    >>> rows = ["8 . . . . . . . .", "7 . . . . . . . .", "6 . . . V . . . .", "5 . . . I . . . .",
    ...         "4 ~ ~ ~ ~ ~ ~ ~ ~", "3 . . . . . . . .", "2 . . . . . . . .", "1 . . . . . . . ."]
    >>> state = State.from_diagram(chr(10).join(rows))
    >>> move = Move.from_notation("d6-d5")
    >>> state.is_legal(move), str(state.piece_at(parse_square("d5")))
    (True, 'I')
    >>> state.push(move)  # ruling 8: pushed into the river, the Irish troop goes to the tracker
    >>> str(state.piece_at(parse_square("d5"))), state.tracker, state.to_move.label
    ('V', [1], 'viking')
    >>> state.pop().notation(), str(state.piece_at(parse_square("d5")))
    ('d6-d5', 'I')
    """

    __slots__ = ("game", "counts", "numbers", "rules", "options", *SNAPSHOT.fields, "_stack", "move_stack")

    def __init__(self, game: SiegeGame | None = None, rules: str | None = None,
                 options: dict[str, object] | None = None):
        """A state with nothing placed yet (`new_game` starts the setup)."""
        self.game = game if game is not None else base.default_game(__name__)
        self.counts: Counts = self.game.counts
        self.numbers: RuleNumbers = self.game.numbers
        name = rules or self.game.rule_set
        if name not in RULE_SETS:
            raise ValueError(f"rules must be 'final' or 'draft', not {name!r}")
        self.rules = RULE_SETS[name]
        merged = dict(self.game.options)
        merged.update(options or {})
        self.options: Options = check_options(merged)
        _restore(self, start())
        self._stack: list[tuple] = []
        self.move_stack: list[Move] = []

    def copy(self, stack: bool = False) -> "State":
        """An independent copy; with `stack`, the history too."""
        other = State.__new__(State)
        other.game, other.counts, other.numbers = self.game, self.counts, self.numbers
        other.rules, other.options = self.rules, self.options
        _restore(other, _save(self))
        other._stack = self._stack[:] if stack else []
        other.move_stack = self.move_stack[:] if stack else []
        return other

    def add_piece(self, kind: Kind, square: int) -> int:
        """Put a new piece on an empty square; returns its id."""
        if self.board[square]:
            raise ValueError(f"{square_name(square)} is occupied")
        self.kind.append(int(kind))  # plain ints in the hot lists: faster than enum members
        self.pos.append(square)
        self.stun.append(0)
        self.board[square] = len(self.kind) - 1
        return self.board[square]

    # ----------------------------------------------------------------- queries
    def side_of(self, piece: int) -> Side:
        return SIDE_OF[self.kind[piece]]

    def is_stunned(self, piece: int) -> bool:
        return self.stun[piece] > 0

    def unlooted(self) -> int:
        return self.terrain.count(Terrain.VILLAGE)

    def piece_at(self, square: int) -> Piece | None:
        """The piece on `square`, or None."""
        piece = self.board[square]
        if not piece:
            return None
        carries = self.treasure is Treasure.CARRIED and self.carrier == piece
        return Piece(SIDE_OF[self.kind[piece]], Kind(self.kind[piece]), self.stun[piece] > 0, carries)

    def __repr__(self) -> str:
        return f"<State turn {self.turn}, {self.to_move.label} to move\n{self.diagram()}>"

    def in_setup(self) -> bool:
        return self.phase is not Phase.PLAY

    # ----------------------------------------------------------------- push / pop
    snapshot = SNAPSHOT

    def _apply(self, move: Move) -> None:
        if self.phase is PLAY:
            self._play(move)
        else:
            self._setup(move)
