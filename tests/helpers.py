"""Test helpers: build positions from diagrams (never by poking private state)."""

from __future__ import annotations

import json
import re

from generator.games.siege import SiegeGame as Game
from generator.games.siege import END, Kind, State, parse_square

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


# What the browser table may send the Irish (tests/test_play.py, tests/test_play_browser.py).
SECRET_FACES = ("viking-raider", "viking-berserker", "viking-chief")
TRAY = "Vikings defeated"   # ruling 12: a defeated Viking was turned over first, so its reverse is known
REVEALED = {"viking-berserker": Kind.BERSERKER, "viking-chief": Kind.CHIEF}


def assert_irish_payload_is_clean(payload: dict, state: State | None = None) -> None:
    """What the Irish may be sent: no hidden reverse anywhere, as a face, a badge, a letter or an
    inset; a revealed face only on a troop that has truly been revealed (or in the tray of
    defeated Vikings, which were turned over before they left)."""
    if payload.get("outcome"):
        return  # the game is over: every piece is shown
    text = json.dumps({k: v for k, v in payload.items() if k not in ("zones", "steps")})
    assert not re.search(r"[VBC]@", text), "a placement's hidden letter reached the Irish"
    for cells in [payload.get("cells", [])] + [step["frame"]["cells"] for step in payload.get("steps", [])]:
        for cell in cells:
            assert cell["badge"] == "" and cell["secret"] is None, cell
            if cell["piece"] in REVEALED and state is not None:   # a revealed face on a revealed troop only
                piece = state.piece_at(parse_square(cell["square"]))
                assert piece is None or piece.kind is REVEALED[cell["piece"]], cell
            assert cell["piece"] != "viking-raider", cell
    for zone in payload.get("zones", []):
        if zone["name"] != TRAY:
            assert not any(face in SECRET_FACES for face, _ in zone["pieces"]), zone
    for step in payload.get("steps", []):
        assert all(face not in SECRET_FACES for zone in step["frame"]["zones"] if zone["name"] != TRAY
                   for face, _ in zone["pieces"])
