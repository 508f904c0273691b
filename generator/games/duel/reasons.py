"""Why a duel move is refused, in words, citing the ruling (docs/rulings/duel.md): "the Pikeman's
jump from c3 to c5 passes through the Warden's defense on c4".

Called only for a move the engine has already refused (`DuelState._is_legal` decides); this module
finds the first rule the move breaks, in the order a player would check them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import COMMAND, DRAW, DRAWN, PLACE, SETUP, STEP, STRIKE, Move
from .state import DRAWING, NO_DRAW, PLAY_PHASE, SETUP_PHASE

if TYPE_CHECKING:
    from .state import DuelState

SYMBOL_NAMES = {"m": "move", "n": "non-capture move", "j": "jump", "N": "non-capture jump", "s": "slide",
                "J": "jump-slide", "x": "strike", "c": "command"}


class Words:
    """Names of squares, tiles and sides on one state."""

    def __init__(self, state: "DuelState"):
        self.state, self.t = state, state.t
        self.names = self.t.geo.names

    def sq(self, square: int) -> str:
        return self.names[square]

    def kind(self, code: int) -> str:
        return self.t.data.kinds[self.t.kind_of[code]].name

    def tile(self, square: int) -> str:
        """"the Warden on c4", or "Dusk's Warden on c4" for a tile of the side not to move."""
        code = self.state.board[square]
        owner = self.t.seat_of[code]
        whose = "the " if owner == self.state.mover else f"{self.side(owner)}'s "
        return f"{whose}{self.kind(code)} on {self.sq(square)}"

    def side(self, seat: int) -> str:
        return self.state.game.sides[seat].noun


def why_not(state: "DuelState", move: Move) -> tuple[str, int]:
    """The reason `move` is refused and the ruling's number."""
    w = Words(state)
    kind = move.kind
    if kind == SETUP:
        return _setup(state, w, move)
    if state.phase == SETUP_PHASE:
        return (f"the game is still being set up: {w.side(state.mover)} places its leader and start tiles "
                f"(setup SQUARE...)", 11)
    if kind == DRAW:
        if state.drawn != NO_DRAW:
            return "a tile has already been drawn this turn", 14
        return _no_draw(state, w), 14
    if kind == DRAWN:
        if state.drawn != DRAWING:
            return "no tile is being drawn: a draw comes first (+)", 14
        return f"there is no {state.t.data.kinds[move.a].key} in {w.side(state.mover)}'s bag", 14
    if state.drawn == DRAWING:
        return "a tile is being drawn from the bag: the draw decides it", 14
    if kind == PLACE:
        return _place(state, w, move)
    if state.drawn != NO_DRAW:
        return f"the {state.t.data.kinds[state.drawn].name} drawn must be placed first (@SQUARE)", 14
    return _activation(state, w, move)


def _no_draw(state: "DuelState", w: Words) -> str:
    if not any(state.bags[state.mover]):
        return f"{w.side(state.mover)}'s bag is empty"
    leader = state.leaders[state.mover]
    return f"no empty square shares a side with {w.side(state.mover)}'s leader on {w.sq(leader)}"


def _place(state: "DuelState", w: Words, move: Move) -> tuple[str, int]:
    t = state.t
    kind = t.data.kinds[state.drawn]
    leader = state.leaders[state.mover]
    if move.b and not kind.either:
        return (f"the {kind.name} enters play face 1 up: only a tile with two starting sides may show "
                f"face 2 (ruling 4)"), 14
    if move.a not in t.beside[leader]:
        return f"{w.sq(move.a)} does not share a side with the leader on {w.sq(leader)}", 14
    if state.board[move.a]:
        return f"{w.sq(move.a)} is taken by {w.tile(move.a)}", 14
    return _guard_reason(state, w, move), 28


def _setup(state: "DuelState", w: Words, move: Move) -> tuple[str, int]:
    t = state.t
    data = t.data
    if state.phase != SETUP_PHASE:
        return "the setup is over: the game is in play", 11
    homes = t.home_squares[state.mover]
    side = w.side(state.mover)
    if move.a not in homes:
        return (f"{side}'s leader sets up on a middle square of its home rank: "
                f"{' or '.join(w.sq(s) for s in homes)}, not {w.sq(move.a)}"), 11
    squares = [s for s, _ in move.starts]
    if len(squares) != data.start_tiles:
        return f"the setup places the leader and {data.start_tiles} start tiles, not {len(squares)}", 11
    if len(set(squares) | {move.a}) != len(squares) + 1:
        return "the setup names a square twice", 11
    for square in [move.a, *squares]:
        if state.board[square]:
            return f"{w.sq(square)} is taken by {w.tile(square)}", 11
    for square in squares:
        if square not in t.beside[move.a]:
            return f"a start tile goes on a square sharing a side with the leader; {w.sq(square)} does not", 11
    if move.b and not data.kinds[data.leader].either:
        return f"the {data.kinds[data.leader].name} sets up face 1 up (ruling 4)", 11
    if any(face for _, face in move.starts) and not data.kinds[data.start].either:
        return f"the {data.kinds[data.start].name} sets up face 1 up (ruling 4)", 11
    return "this setup is not possible", 11


def _activation(state: "DuelState", w: Words, move: Move) -> tuple[str, int]:
    t, board = state.t, state.board
    a = move.a
    code = board[a]
    if not code:
        return f"there is no tile on {w.sq(a)}", 13
    if t.seat_of[code] != state.mover:
        return f"{w.tile(a)} is not {w.side(state.mover)}'s to move", 13
    if a in state.frozen:
        return f"{w.tile(a)} is frozen: {_freezer(state, w, a)}", 24
    reach = t.reach(code, a)
    face = f"{w.kind(code)} on {w.sq(a)} (face {('I', 'II')[t.face_of[code]]})"
    if move.kind == COMMAND:
        reason = _command(state, w, move, reach, face)
    elif move.kind == STRIKE:
        reason = _strike(state, w, move, reach, face)
    else:
        reason = _step(state, w, move, reach, face)
    return reason if reason is not None else (_guard_reason(state, w, move), 28)


def _freezer(state: "DuelState", w: Words, square: int) -> str:
    t = state.t
    for s, code in enumerate(state.board):
        if code and square in t.reach(code, s).dread:
            return f"{w.tile(s)} marks its square with dread"
    return "a dread mark covers its square"


def _target_reason(state: "DuelState", w: Words, target: int) -> tuple[str, int] | None:
    """Why the tile on `target` cannot be taken at all (rulings 23, 24)."""
    code = state.board[target]
    if code and state.t.seat_of[code] == state.mover:
        return f"{w.sq(target)} holds {w.side(state.mover)}'s own {w.kind(code)}: a tile never ends on a friendly tile", 23
    if code and target in state.frozen:
        return f"{w.tile(target)} is frozen: a frozen tile cannot be captured", 24
    return None


def _defense_reason(state: "DuelState", w: Words, mover: str, symbol: str, a: int, target: int,
                    met: list[tuple[int, ...]]) -> tuple[str, int]:
    """Ruling 25 or 26: every route (its met squares, `a` first) passes a defense square."""
    t = state.t
    code = state.board[target]
    own = t.reach(code, target).defense
    shielded = t.has_shield and target in state.shields[t.seat_of[code]]
    square = next((s for s in met[0] if s in own), None)
    if square is None and shielded:
        by = next(s for s, c in enumerate(state.board) if c and t.seat_of[c] == t.seat_of[code]
                  and target in t.reach(c, s).shield)
        return (f"{w.tile(target)} is shielded by {w.tile(by)} (shield defense): only a command can "
                f"take it"), 26
    route = "" if len(met) == 1 else "every shortest route "
    verb = "stands on" if square == a else "passes through"
    name = SYMBOL_NAMES[symbol]
    return (f"the {mover}'s {name} from {w.sq(a)} to {w.sq(target)} {route}{'is blocked by' if route else verb} "
            f"the {w.kind(code)}'s defense on {w.sq(square if square is not None else a)}"), 25


def _step(state: "DuelState", w: Words, move: Move, reach, face: str) -> tuple[str, int] | None:
    board = state.board
    a, target, only = move.a, move.b, move.symbol
    mover = w.kind(board[a])
    candidates = []
    for t_, routes, _, symbol in (*reach.steps, *reach.jumps):
        if t_ == target:
            candidates.append((symbol, routes, None))
    for before, ray, jumping in reach.slides:
        if target in ray:
            candidates.append(("J" if jumping else "s", before, ray[:ray.index(target)]))
    if only:
        candidates = [c for c in candidates if c[0] == only]
    if not candidates:
        what = f"'{only}' ({SYMBOL_NAMES[only]})" if only else "move symbol"
        ruling = {"m": 16, "n": 20, "j": 17, "N": 20, "s": 18, "J": 19}.get(only, 16)
        return f"the {face} has no {what} that reaches {w.sq(target)}", ruling
    blocked = _target_reason(state, w, target)
    if blocked:
        return blocked
    held = board[target]
    reasons = []
    for symbol, first, second in candidates:
        name = SYMBOL_NAMES[symbol]
        if symbol in "nN" and held:
            reasons.append((f"a {name} ends only on an empty square, and {w.tile(target)} stands there", 20))
            continue
        if symbol in "mn":
            routes = [r for r in first if not any(board[c] for c in r)]
            if not routes:
                blocker = next(c for c in first[0] if board[c])
                every = "every shortest way" if len(first) > 1 else "the way"
                reasons.append((f"{every} from {w.sq(a)} to {w.sq(target)} is blocked (by {w.tile(blocker)})",
                                16 if symbol == "m" else 20))
                continue
            met = [(a, *r) for r in routes]
        elif symbol in "jN":
            met = [(a, *r) for r in first]
        else:
            before, between = first, second
            stop = next((c for c in (between if symbol == "J" else before + between) if board[c]), None)
            if stop is not None:
                reasons.append((f"the {mover}'s {name} from {w.sq(a)} is stopped by {w.tile(stop)} before "
                                f"{w.sq(target)}", 18 if symbol == "s" else 19))
                continue
            met = [(a, *before, *between)]
        if not held:
            return None
        defense = state.defense(target)
        if any(defense.isdisjoint(route) for route in met):
            return None
        reasons.append(_defense_reason(state, w, mover, symbol, a, target, met))
    return reasons[0]


def _strike(state: "DuelState", w: Words, move: Move, reach, face: str) -> tuple[str, int] | None:
    a, target = move.a, move.b
    routes = next((r for t_, r in reach.strikes if t_ == target), None)
    if routes is None:
        return f"the {face} has no strike symbol on {w.sq(target)}", 21
    code = state.board[target]
    if not code:
        return f"a strike needs an enemy tile: {w.sq(target)} is empty", 21
    blocked = _target_reason(state, w, target)
    if blocked:
        return (blocked[0].replace(": a tile never ends on a friendly tile", ": a strike takes only an enemy"),
                21 if blocked[1] == 23 else blocked[1])
    met = [(a, *r) for r in routes]
    if any(state.defense(target).isdisjoint(route) for route in met):
        return None
    return _defense_reason(state, w, w.kind(state.board[a]), "x", a, target, met)


def _command(state: "DuelState", w: Words, move: Move, reach, face: str) -> tuple[str, int] | None:
    t, board = state.t, state.board
    a, source, end = move.a, move.b, move.c
    squares = reach.command
    if not squares:
        return f"the {face} has no command squares", 22
    for square in (source, end):
        if square not in squares:
            return f"{w.sq(square)} is not a command square of the {face}", 22
    if source == end:
        return "a command moves a tile from one command square to another", 22
    code = board[source]
    if not code or t.seat_of[code] != state.mover:
        what = "is empty" if not code else f"holds {w.tile(source)}"
        return f"a command moves one of {w.side(state.mover)}'s own tiles: {w.sq(source)} {what}", 22
    if source in state.frozen:
        return f"{w.tile(source)} is frozen and cannot be commanded", 24
    return _target_reason(state, w, end)


def _guard_reason(state: "DuelState", w: Words, move: Move) -> str:
    """Ruling 28: which enemy tile could take the leader after `move`."""
    side = state.mover
    after = state.copy()
    after._do(move)
    after.derive()
    after._legal = None
    leader = after.leaders[side]
    rule = {2: "no action may leave one's own leader in guard",
            1: "the leader is in guard, so this turn must end with it out of guard"}[state.safety]
    by = after.attackers(leader, 1 - side)
    threat = f": {Words(after).tile(by[0])} could take it" if by else ""
    return (f"{rule}; after {move.notation()} "
            f"{Words(after).tile(leader)} would be in guard{threat}")
