"""A game played at the table as an example block, ready to paste into rules.md: the position at
the start of the current turn, or every turn since the setup ended, in the game's own block
notation (docs/diagram-notation.md). `pnp check` replays what this writes.

Only whole turns in play can be written: a block's `play:` line is one turn, and its grid shows a
position between turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.base import Game, State


@dataclass(frozen=True)
class Turn:
    """A turn of the game as played: the moves' notation and where it ends in the move list."""

    moves: tuple[str, ...]
    end: int     # index after the last move in the game's move list


def game_title(game: Game) -> str:
    """The game's title as a player reads it: its rules' title, else its package name."""
    return game.info.title or game.name


def turns(start: State, moves: list) -> tuple[int | None, list[Turn], int]:
    """Split a game into turns. Returns the index of the first move after the setup (None while
    the game is still in setup), the complete turns in play, and the index where the turn in
    progress began (== len(moves) between turns)."""
    state = start.copy()
    first = None if state.in_setup() else 0
    done: list[Turn] = []
    begin = first
    for index, move in enumerate(moves):
        seat, turn = state.game.seat(state.to_move), state.turn
        state.push(move)
        if first is None:
            if not state.in_setup():
                first = begin = index + 1
            continue
        if state.is_game_over() or state.game.seat(state.to_move) != seat or state.turn != turn:
            done.append(Turn(tuple(m.notation() for m in moves[begin:index + 1]), index + 1))
            begin = index + 1
    return first, done, begin if begin is not None else len(moves)


def _header(game: Game, title: str) -> list[str]:
    lines = [f"title: {title}"]
    if game.rule_sets and game.rule_set and game.rule_set != game.rule_sets[0]:
        lines.append(f"rules: {game.rule_set}")
    defaults = {spec.name: spec.default for spec in game.option_specs}
    for name, value in game.options:
        if str(value) != defaults.get(name):
            lines.append(f"option: {name}={value}")
    return lines


def _at(start: State, moves: list, index: int) -> State:
    state = start.copy()
    for move in moves[:index]:
        state.push(move)
    return state


def position_block(game: Game, start: State, moves: list, title: str = "") -> str:
    """The position at the start of the current turn as a block whose expectation is itself."""
    first, _, begin = turns(start, moves)
    if first is None:
        raise ValueError("the game is still in its setup; a block shows a position in play")
    diagram = _at(start, moves, begin).diagram().rstrip()
    lines = _header(game, title or f"{game_title(game)}: a position from play")
    return _fence(game, lines + [diagram, "expect:", diagram])


def game_block(game: Game, start: State, moves: list, title: str = "") -> str:
    """Every complete turn since the setup ended as `play:` lines, from the position at the end
    of the setup to the position after the last complete turn."""
    first, done, _ = turns(start, moves)
    if first is None:
        raise ValueError("the game is still in its setup; a block starts from a position in play")
    if not done:
        raise ValueError("no turn has been completed since the setup; play a turn first")
    before = _at(start, moves, first).diagram().rstrip()
    final = _at(start, moves, done[-1].end)
    lines = _header(game, title or f"{game_title(game)}: the game so far ({len(done)} turns)")
    lines.append(before)
    lines += ["play: " + " ".join(turn.moves) for turn in done]
    lines += ["expect:", final.diagram().rstrip()]
    return _fence(game, lines)


def _fence(game: Game, lines: list[str]) -> str:
    fence = game.fences[0] if game.fences else game.name
    return "```" + fence + "\n" + "\n".join(lines) + "\n```\n"
