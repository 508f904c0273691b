"""Territory games of the Armadora family for 2 to 4 players (Hoardfall): hidden warriors,
palisades on the lines between squares, and each territory's gold to its strongest side
(docs/rulings/territory.md).

    >>> from generator.games.territory import TerritoryGame
    >>> state = TerritoryGame.default().with_players(3).new_initial_state()
    >>> while state.is_chance_node():
    ...     state.push(state.chance_outcomes()[0][0])
    >>> state.push(state.game.parse_move("place S5 c3")); state.to_move.label
    'ember'
"""

FENCES = ("territory",)  # the info string of its example blocks (read by generator/games/__init__.py)

from .game import TerritoryGame
from .grammar import TerritoryGrammar
from .moves import Move
from .state import TerritoryState

GAME = TerritoryGame

__all__ = ["GAME", "Move", "TerritoryGame", "TerritoryGrammar", "TerritoryState"]
