"""Tafl test helpers: positions from diagrams (never by poking private state), turns in notation,
and a small replayer of ```tafl blocks (docs/diagram-notation.md) on the game's grammar."""

from __future__ import annotations

from pathlib import Path

from generator.games.base import IllegalMoveError
from generator.games.tafl import Move, TaflGame, TaflState, parse_square
from generator.games.grid import geometry, grid_lines
from generator.games.tafl.diagram import read_setup

SETUPS = Path(__file__).parent / "tafl_setups"


def grid(n: int = 11, **cells: str) -> str:
    """An `n` x `n` grid with `cells` placed by square name (f4="D", e4="A")."""
    tokens = ["."] * (n * n)
    for name, token in cells.items():
        tokens[parse_square(name, n)] = token
    return "\n".join(grid_lines(tokens, geometry(n, n))) + "\n"


def position(lines: str = "", n: int = 11, options: dict | None = None, game: TaflGame | None = None,
             **cells: str) -> TaflState:
    """A state from a grid plus state lines (lines="to-move: defenders\\nlast-attackers: h4-g4")."""
    return TaflState.from_diagram(grid(n, **cells) + lines, game=game, options=options)


def turn(state: TaflState, *moves: str) -> TaflState:
    """Play one whole turn, as a `play:` line does."""
    state.play_turn([Move.parse(m) for m in moves])
    return state


def occupied(state: TaflState) -> dict[str, str]:
    """The tokens on the board by square name."""
    geo = state.geo
    return {geo.name(s): "ADK"[v - 1] for s, v in enumerate(state.board) if v}


def moves_of(state: TaflState) -> set[str]:
    return {m.notation() for m in state.legal_moves()}


def refusal(state: TaflState, *moves: str) -> IllegalMoveError:
    """The error a turn is refused with (it must be refused)."""
    try:
        turn(state, *moves)
    except IllegalMoveError as exc:
        return exc
    raise AssertionError(f"{' '.join(moves)} was not refused")


def game_of_size(n: int) -> TaflGame:
    """A game on an `n` x `n` board with the test setup diagram for it (7, 9 or 11)."""
    if n == 11:
        return TaflGame()
    return TaflGame(size=n, layout=read_setup((SETUPS / f"setup-{n}.txt").read_text(encoding="utf-8")))


def replay_block(block: str, game: TaflGame | None = None) -> tuple[TaflState, str]:
    """Replay a ```tafl block's body (docs/diagram-notation.md) on the grammar, as the example checker
    does: returns the final state and "passed", "illegal" or a description of the mismatch."""
    game = game or TaflGame()
    grammar = game.grammar
    lines = [(i + 1, t) for i, t in enumerate(block.splitlines())
             if t.strip() and not t.lstrip().startswith("#") and not t.startswith("```")]
    options: dict[str, str] = {}
    i = 0
    while lines[i][1].split(":")[0] in ("title", "option"):
        key, _, value = lines[i][1].partition(":")
        if key == "option":
            name, _, val = value.strip().partition("=")
            options[name.strip()] = val.strip() or "on"
        i += 1
    before, i = grammar.read_grid(lines, i)
    fields = {}
    while lines[i][1].split(":")[0] not in ("play", "expect"):
        key, _, value = lines[i][1].partition(":")
        fields[key.strip()] = (lines[i][0], value.strip())
        i += 1
    state = grammar.build_state(before, fields, None, options)
    plays = []
    while lines[i][1].startswith("play:"):
        plays.append(grammar.parse_play(lines[i][1][5:].split()))
        i += 1
    expect = lines[i][1].partition(":")[2].strip()
    for moves in plays:
        try:
            state.play_turn(moves)
        except IllegalMoveError:
            return state, "illegal" if expect == "illegal" else "refused"
    if expect.startswith("winner"):
        outcome = state.outcome()
        return state, "passed" if outcome and outcome.winner is not None and outcome.winner.label == expect.split()[1] else "no such winner"
    after, j = grammar.read_grid(lines, i + 1)
    if grammar.tokens(state) != after.tokens:
        return state, "grid differs"
    written = {}
    for number, text in lines[j:]:
        key, _, value = text.partition(":")
        written[key.strip()] = grammar.normalize(key.strip(), value)
    expected = {**grammar.default_fields(after, options), **written}
    actual = grammar.fields(state)
    if actual != expected:
        return state, f"fields differ: {actual} != {expected}"
    return state, "passed"
