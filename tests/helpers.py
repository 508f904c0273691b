"""Test helpers: build positions from diagrams (never by poking private state)."""

from __future__ import annotations

from generator.games.siege import SiegeGame as Game
from generator.games.siege import END, State, parse_square

EMPTY_RANK = ". . . . . . . ."


def grid(river: int | None = 4, **cells: str) -> str:
    """A diagram grid with `cells` placed by square name (d5="I", c3="^"); a river on rank `river`."""
    rows = []
    for rank in range(8, 0, -1):
        tokens = ["~" if rank == river else "." for _ in range(8)]
        for name, token in cells.items():
            square = parse_square(name)
            if square // 8 + 1 == rank:
                tokens[square % 8] = token
        rows.append(f"{rank}  " + " ".join(tokens))
    return "\n".join(rows) + "\n"


def position(river: int | None = 4, lines: str = "", game: Game | None = None, rules: str | None = None,
             options: dict | None = None, **cells: str) -> State:
    """A State from a grid plus state lines (e.g. lines="to-move: irish\\nreserve: 1")."""
    return State.from_diagram(grid(river, **cells) + lines, game=game, rules=rules, options=options)


def turn(state: State, *moves: str) -> State:
    """Play one whole turn (one or two moves) and end it, as a `play:` line does."""
    side = state.to_move
    for move in moves:
        state.push_notation(move)
    if not state.is_game_over() and state.to_move is side:
        state.push(END)
    return state


def cell(state: State, name: str) -> str:
    """The diagram token of one square."""
    from generator.games.siege.diagram import state_cells
    return state_cells(state)[parse_square(name)].token()


# The example block of the diagram notation (docs/diagram-notation.md), verbatim: a Viking pushes an Irish troop into the river.
CONTRACT_BLOCK = """```armagh
title: A Viking pushes an Irish troop into the river
rules: final
   a b c d e f g h
8  . . . . . . . .
7  . . . . . . . .
6  . . . V . . . .
5  . . . I . . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . ^ . . . .
2  . . . . . . . .
1  . . . . . . . .
to-move: viking
play: d6-d5
expect:
   a b c d e f g h
8  . . . . . . . .
7  . . . . . . . .
6  . . . . . . . .
5  . . . V . . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . ^ . . . .
2  . . . . . . . .
1  . . . . . . . .
to-move: irish
tracker: 2
```
"""
