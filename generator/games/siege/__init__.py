"""Siege of Armagh: the rules engine (pure Python, no rendering), its example grammar, its art
and its AI evaluation, as a game package (`GAME`)."""

from ..base import IllegalMoveError, InvalidMoveError, Outcome
from .board import parse_square, square_name
from .diagram import DiagramError
from .game import Counts, RuleNumbers, SiegeGame, with_counts
from .options import SPECS as OPTION_SPECS
from .state import (END, Kind, Move, MoveKind, Phase, Piece, Point, Side, State, Termination, Terrain,
                    Treasure)

GAME = SiegeGame

__all__ = ["END", "GAME", "OPTION_SPECS", "Counts", "DiagramError", "IllegalMoveError", "InvalidMoveError",
           "Kind", "Move", "MoveKind", "Outcome", "Phase", "Piece", "Point", "RuleNumbers", "Side",
           "SiegeGame", "State", "Termination", "Terrain", "Treasure", "parse_square", "square_name",
           "with_counts"]
