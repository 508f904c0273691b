"""The Siege of Armagh rules engine (pure Python, no rendering)."""

from .board import parse_square, square_name
from .diagram import DiagramError
from .options import SPECS as OPTION_SPECS
from .state import (END, IllegalMoveError, InvalidMoveError, Kind, Move, MoveKind, Outcome, Phase,
                    Point, Side, State, Termination, Terrain, Treasure)

__all__ = ["END", "OPTION_SPECS", "DiagramError", "IllegalMoveError", "InvalidMoveError", "Kind", "Move",
           "MoveKind", "Outcome", "Phase", "Point", "Side", "State", "Termination", "Terrain", "Treasure",
           "parse_square", "square_name"]
