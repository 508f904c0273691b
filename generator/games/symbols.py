"""The movement-grid vocabulary of tile games (Jarl / The Duke style tiles, whose faces are grids
of symbols around the piece's own square): each symbol's key, name, legend text, and what it does
as a rules engine reads it. Plain data, no drawing: the kit draws each symbol by its key
(`generator.kit.kinds.symbol`); docs/components.md lists them for designers.
"""

from __future__ import annotations

from dataclasses import dataclass

ACTIONS = ("move", "jump", "slide", "jump-slide", "strike", "command")


@dataclass(frozen=True)
class Symbol:
    """One grid symbol. `action` is one of `ACTIONS`, None for the own square; `captures`: an enemy
    on the square it reaches is taken."""

    key: str            # the character in a grid
    name: str           # the legend's name
    action: str | None
    captures: bool
    meaning: str        # the legend's text


SYMBOLS: dict[str, Symbol] = {s.key: s for s in (
    Symbol("O", "Own square", None, False,
           "The piece stands here: the grid shows what it can do from this square."),
    Symbol("m", "Step", "move", True,
           "Move to this square if the path to it is clear; take an enemy standing there."),
    Symbol("j", "Jump", "jump", True,
           "Leap straight to this square over anything between; take an enemy there."),
    Symbol("s", "Slide", "slide", True,
           "Move any number of squares in this direction until blocked; take the first enemy met."),
    Symbol("J", "Jump-slide", "jump-slide", True,
           "Leap to this square, then slide on in the same direction as far as you like."),
    Symbol("x", "Strike", "strike", True,
           "Take an enemy on this square without moving."),
    Symbol("c", "Command", "command", False,
           "Move one of your pieces standing on a command square to another command square."),
)}
NOTHING = "."           # an empty grid square
GRID_CHARS = set(SYMBOLS) | {NOTHING}
