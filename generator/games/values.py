"""The values a game's `State` and `Grammar` hand the generic core: how a game ended, what a move
did, what a diagram draws on a square, an example block's grid, and what the browser table draws
beside the board (each side's score, the pieces off the board, pieces on the lines between squares).

They belong to the interface in `generator.games.base` and are imported from there; they live in
a module of their own, loaded when a state or a block first needs them, so that the kit (which
makes no states) does not create their classes at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CellArt", "EdgeArt", "Effect", "Grid", "Motion", "Outcome", "Removal", "ScoreTable", "Tally", "Zone",
           "TINTS"]

# The washes of `State.tint_groups` (a territory each), in the rulebook's diagrams and at the table:
# group n takes TINTS[n % 8], so neighbouring group numbers differ.
TINTS = ("#f0a868", "#7fb8e0", "#9fd394", "#d6a3e0", "#f2de7a", "#86dccf", "#ec97a5", "#b9bcc4")


@dataclass(frozen=True)
class Outcome:
    """How the game ended: the winners (package side values, with `.label`; none for a draw,
    several for a shared win), why (`termination`, e.g. "points", "no-moves", "turn-cap"), and the
    ways the winners won (a game's victory points, "king-escaped"...), sorted.

    A single side value (or None, a draw) may be given for `winners`: it is kept as a tuple of one
    (or none), so a game with one winner writes `Outcome(side, "points")`.

    >>> Outcome(None, "turn-cap").winners, Outcome(("a", "b"), "points").winner
    ((), None)
    """

    winners: Any
    termination: str
    ways: tuple[str, ...] = ()

    def __post_init__(self):
        if not isinstance(self.winners, tuple):
            object.__setattr__(self, "winners", () if self.winners is None else (self.winners,))

    @property
    def winner(self) -> Any:
        """The sole winner; None for a draw or a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        if not self.winners:
            return f"draw ({self.termination})"
        names = " and ".join(side.label for side in self.winners)
        return f"{names} win{'s' if len(self.winners) == 1 else ''} ({', '.join(self.ways) or self.termination})"


@dataclass(frozen=True)
class Motion:
    """A piece travelling in a move, for diagrams: from `frm` (None: from off the board at the
    side's home edge, a deployment) to `to`, a square or a (file, rank) pair off the board.
    `role`: "move" (the acting piece), "support" (a piece lending its strength without moving,
    as a backing troop does), "push" (a piece pushed along), "strike" (the acting piece hits the
    square `to` and stays where it is), "command" (a piece ordering the piece on `to` to move)."""

    frm: int | None
    to: int | tuple[float, float]
    side: str
    role: str = "move"


@dataclass(frozen=True)
class Removal:
    """A piece taken out of play by a move: it stood on `frm` and is drawn faded at `at` (a square,
    or a (file, rank) pair that may lie off the board) with the face `face`."""

    frm: int
    at: int | tuple[float, float]
    face: str


@dataclass
class Effect:
    """What one move did, for the rulebook's diagrams (python-chess has no such thing; OpenSpiel's
    action strings are the nearest): pieces that travelled, pieces removed, squares whose piece
    flipped to another face."""

    motions: list[Motion] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class CellArt:
    """What a diagram draws on one square: the ground's face (or None for plain ground), the
    piece's face, a letter badge (a hidden identity the reader is told), and small overlays: (face,
    corner) pairs drawn in the piece's bottom-right ("br") or bottom-left ("bl") corner, e.g. a
    marker it carries.

    `secret` (the browser table only): the face of the piece's hidden side in a view that knows it
    (the owner sees it as an inset). `turned`: a piece drawn upside down (a tile facing the far
    side), on the table and in the rulebook's diagrams."""

    ground: str | None = None
    piece: str | None = None
    badge: str = ""
    overlays: tuple[tuple[str, str], ...] = ()
    ground_inset: bool = True
    secret: str | None = None
    turned: bool = False


@dataclass(frozen=True)
class EdgeArt:
    """A piece standing on the line between two neighbouring squares `a` and `b` (a wall, a
    fence), drawn with the face `face` along that line."""

    a: int
    b: int
    face: str


@dataclass(frozen=True)
class Zone:
    """Pieces off the board that the table draws beside it: a reserve, a supply, a tray of
    captured pieces, a marker waiting at a home edge, or the spaces of a track card.

    `side` is the label of the side whose edge of the board it lies at ("" for neither); `pieces`
    are (face, place) pairs, where `place` names a space of the zone's `card` (a kit piece of kind
    tracker, whose spaces are "1", "2", ... and "Reserve") or is "" in a zone without a card."""

    name: str
    side: str = ""
    pieces: tuple[tuple[str, str], ...] = ()
    card: str = ""


@dataclass(frozen=True)
class Tally:
    """One side's score as the table shows it: the points it holds, the points that win (None:
    the game has no target), and each way of scoring as (words, held, progress), e.g.
    ("Leader taken", False, "") or ("Four pieces taken", False, "2 of 4")."""

    side: str
    points: float
    needed: float | None
    ways: tuple[tuple[str, bool, str], ...] = ()


@dataclass(frozen=True)
class Grid:
    """A board grid read from an example block: one token per square (index a1 = 0), the line it
    starts on, and the grammar's own parsed cells (so they are read once)."""

    tokens: tuple[str, ...]
    line: int | None = None
    cells: tuple = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class ScoreTable:
    """A finished game's result as a small table for a diagram: the column headings, and the rows,
    each (tint group or None, cells). A row's tint group (`State.tint_groups`) draws a swatch of
    that group's colour before it, so a reader finds the squares the row is about."""

    columns: tuple[str, ...]
    rows: tuple[tuple[int | None, tuple[str, ...]], ...]
