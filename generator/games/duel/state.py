"""The duel state: a position of a tile duel and its history, played by docs/rulings/duel.md
(the numbers in docstrings and refusals are its rulings).

The API is python-chess's and OpenSpiel's (`generator.games.base.State`): `legal_moves()` sorted,
`push`/`pop` over snapshots, `outcome()`. The draw from the bag is a chance node: a side chooses
to draw (`+`), the bag decides the tile (`+spear`, `chance_outcomes()`), the side places it
(`@c2`). The board is a flat list of tile codes (`tables.encode`); what a tile reaches from a
square comes precomputed from `Tables.reach`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import TYPE_CHECKING, Sequence

from ..base import CellArt, Effect, IllegalMoveError, Motion, Outcome, Removal, Snapshot, State
from .moves import COMMAND, DRAW, DRAW_MOVE, DRAWN, PLACE, SETUP, STEP, STRIKE, Move
from .art import FROZEN, defense_face
from .tables import Tables, encode

if TYPE_CHECKING:
    from .game import DuelGame

SETUP_PHASE, PLAY_PHASE = 0, 1
NO_DRAW, DRAWING = -1, -2        # `drawn`: nothing drawn; drawing (the chance node); else the kind drawn
OFF, GUARD, STRICT = 0, 1, 2     # ruling 28, option leader-safety
SAFETY = {"off": OFF, "guard": GUARD, "strict": STRICT}
FACE_MARK = ("I", "II")

SNAPSHOT = Snapshot("board", "mover", "phase", "bags", "drawn", "turns", "leaders", "frozen", "shields",
                    "_outcome", copied=("board",))


@dataclass(frozen=True)
class Tile:
    """What stands on a square: the kind's key, the side's key and the face up (1 or 2)."""

    kind: str
    side: str
    face: int


class DuelState(State):
    """A position with its history. Make one with `DuelGame.new_initial_state()` or
    `DuelState.from_diagram(text, game)`."""

    snapshot = SNAPSHOT

    def __init__(self, game: "DuelGame", options: dict[str, object] | None = None):
        self.game = game
        self.t: Tables = game.lookup
        resolved = game.check_options({**dict(game.options), **(options or {})})
        self.safety = SAFETY[resolved["leader-safety"]]
        self.cap = int(resolved["turn-cap"])
        data = self.t.data
        self.board = [0] * self.t.size
        self.mover = 0                      # the seat to move
        self.phase = SETUP_PHASE
        self.bags = (data.starting_bag(0), data.starting_bag(1))
        self.drawn = NO_DRAW
        self.turns = 0                      # turns of play (ruling 31)
        self.leaders = (-1, -1)             # each side's leader's square, -1 when off the board
        self.frozen: frozenset[int] = frozenset()          # ruling 24
        self.shields: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # ruling 26
        self._outcome: Outcome | None = None
        self._stack: list[tuple] = []
        self.move_stack: list[Move] = []

    # ----------------------------------------------------------------- the position
    @property
    def to_move(self):
        return self.game.sides[self.mover]

    @property
    def turn(self) -> int:
        """The number of the turn of play under way (turns played, plus one)."""
        return self.turns + 1

    def in_setup(self) -> bool:
        return self.phase == SETUP_PHASE

    def put(self, square: int, kind: int, seat: int, face: int) -> None:
        """Put a tile on a square (building positions); `derive` afterwards."""
        self.board[square] = encode(kind, seat, face)
        if kind == self.t.data.leader:
            leaders = list(self.leaders)
            leaders[seat] = square
            self.leaders = (leaders[0], leaders[1])

    def derive(self) -> None:
        """Rulings 24 and 26, from the position alone: the frozen tiles (on a square some tile's
        current face marks `d`, unless immune), and each side's shielded squares (marked `h` by
        its own tiles)."""
        t, board = self.t, self.board
        if not (t.has_dread or t.has_shield):
            return
        marked: set[int] = set()
        shields: tuple[set[int], set[int]] = (set(), set())
        for square, code in enumerate(board):
            if code:
                reach = t.reach(code, square)
                marked.update(reach.dread)
                shields[t.seat_of[code]].update(reach.shield)
        immune = t.immune
        self.frozen = frozenset(s for s in marked if board[s] and not immune[board[s]])
        self.shields = (frozenset(shields[0]), frozenset(shields[1]))

    def copy(self) -> "DuelState":
        other = DuelState.__new__(DuelState)
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other._stack, other.move_stack = [], []
        return other

    def piece_at(self, square: int) -> Tile | None:
        code = self.board[square]
        if not code:
            return None
        t = self.t
        return Tile(t.data.kinds[t.kind_of[code]].key, t.data.sides[t.seat_of[code]][0], t.face_of[code] + 1)

    def in_guard(self, seat: int) -> bool:
        """Ruling 27: whether the other side, were it to act now, could capture this side's leader."""
        leader = self.leaders[seat]
        return leader >= 0 and self._attacked(leader, 1 - seat)

    def __repr__(self) -> str:
        return f"<DuelState\n{self.diagram()}>"

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, ascending; empty once the game is over (ruling 32). At the chance
        node, the tiles the bag may give."""
        if self._outcome is not None:
            return []
        if self.drawn == DRAWING:
            return [move for move, _ in self.chance_outcomes()]
        if self.drawn >= 0:
            return self._placements()
        if self.phase == SETUP_PHASE:
            return self._setups()
        return self._actions()

    def is_chance_node(self) -> bool:
        return self.drawn == DRAWING and self._outcome is None

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """Ruling 14: each tile in the bag equally likely."""
        if not self.is_chance_node():
            return []
        bag = self.bags[self.mover]
        total = sum(bag)
        drawn = self.t.notation.drawn
        return [(drawn[kind], n / total) for kind, n in enumerate(bag) if n]

    def _can_draw(self) -> bool:
        """Ruling 14: the bag holds a tile and an empty square shares a side with the leader."""
        leader = self.leaders[self.mover]
        board = self.board
        return any(self.bags[self.mover]) and leader >= 0 and any(not board[s] for s in self.t.beside[leader])

    def _actions(self, first: bool = False) -> list[Move]:
        """Ruling 13: the draw when ruling 14 allows it, and every activation of a tile of the side
        to move that ruling 28 lets it make; with `first`, stop at the first one found."""
        moves = []
        if self._can_draw():
            moves.append(DRAW_MOVE)
            if first:
                return moves
        board, seat_of, frozen, side = self.board, self.t.seat_of, self.frozen, self.mover
        plan = self._safety_plan()
        for square in range(self.t.size):
            code = board[square]
            if not code or seat_of[code] != side or square in frozen:
                continue
            for move, vacated, captured, risky in self._tile_actions(square, code):
                if plan is None or self._keeps_safety(plan, move, square, vacated, captured, risky):
                    moves.append(move)
                    if first:
                        return moves
        moves.sort()
        return moves

    def _tile_actions(self, a: int, code: int, only: str = ""):
        """Every activation of the tile `code` on `a` that rulings 16-26 allow (leader safety aside),
        as (move, the square it leaves empty, the code it captures or 0, whether it moves or
        flips a tile with dread or shield). `only`: the moves of that one symbol."""
        t, board, frozen = self.t, self.board, self.frozen
        seat_of, sensitive, notation = t.seat_of, t.sensitive, t.notation
        side = seat_of[code]
        reach = t.reach(code, a)
        risky = sensitive[code]
        found: dict[int, int] = {}
        for target, routes, captures in reach.steps:                 # rulings 16, 20
            if only and only != ("m" if captures else "n"):
                continue
            held = board[target]
            if not held:
                if any(not any(board[c] for c in route) for route in routes):
                    found[target] = 0
            elif captures and seat_of[held] != side and self._takes(a, target, routes, True):
                found[target] = held
        for target, routes, captures in reach.jumps:                 # rulings 17, 20
            if only and only != ("j" if captures else "N"):
                continue
            held = board[target]
            if not held:
                found[target] = 0
            elif captures and seat_of[held] != side and self._takes(a, target, routes, False):
                found[target] = held
        for before, ray, jumping in reach.slides:                    # rulings 18, 19
            if only and only != ("J" if jumping else "s"):
                continue
            if not jumping and any(board[c] for c in before):
                continue
            for i, target in enumerate(ray):
                held = board[target]
                if not held:
                    found[target] = 0
                    continue
                if seat_of[held] != side and self._takes_along(a, target, before, ray[:i]):
                    found[target] = held
                break
        for target in sorted(found):
            held = found[target]
            yield notation.step(a, target, only), a, held, risky or sensitive[held]
        if only:
            return
        for target, routes in reach.strikes:                         # ruling 21
            held = board[target]
            if held and seat_of[held] != side and self._takes(a, target, routes, False):
                yield notation.strike(a, target), target, held, risky or sensitive[held]
        squares = reach.command                                      # ruling 22
        if squares:
            sources = [s for s in squares if board[s] and seat_of[board[s]] == side and s not in frozen]
            if sources:
                ends = [s for s in squares if not board[s] or (seat_of[board[s]] != side and s not in frozen)]
                for source in sources:
                    for end in ends:
                        held = board[end]
                        yield (notation.command(a, source, end), source, held,
                               risky or sensitive[board[source]] or sensitive[held])

    # --- captures (rulings 23, 25, 26)
    def defense(self, square: int) -> frozenset[int]:
        """Rulings 25-26: the defense squares of the tile on `square`: its face's `D` squares, and
        all eight around it when a tile of its own side shields it."""
        t = self.t
        code = self.board[square]
        squares = t.reach(code, square).defense
        if t.has_shield and square in self.shields[t.seat_of[code]]:
            squares = squares.union(t.around[square])
        return squares

    def _takes(self, a: int, target: int, routes, clear: bool) -> bool:
        """Rulings 23 and 25: whether the enemy on `target` can be captured from `a` along one of
        `routes` (with `clear`, a route crossing only empty squares: a move): it is not frozen
        and some route meets none of its defense squares, `a` included."""
        if target in self.frozen:
            return False
        defense = self.defense(target)
        if a in defense:
            return False
        board = self.board
        for route in routes:
            if clear and any(board[c] for c in route):
                continue
            if defense.isdisjoint(route):
                return True
        return False

    def _takes_along(self, a: int, target: int, before: tuple[int, ...], between: tuple[int, ...]) -> bool:
        """Ruling 25 for a slide or jump-slide: its route is its line from `a`."""
        if target in self.frozen:
            return False
        defense = self.defense(target)
        return a not in defense and defense.isdisjoint(before) and defense.isdisjoint(between)

    def _attacked(self, square: int, by: int) -> bool:
        """Ruling 27: whether side `by` has an activation capturing the tile on `square` (its own
        leader's safety ignored; frozen tiles cannot act)."""
        return bool(self.attackers(square, by, every=False))

    def attackers(self, square: int, by: int, every: bool = True) -> list[int]:
        """The squares of the tiles of side `by` that could capture the tile on `square` now, by
        a symbol or by a command (ruling 27); without `every`, the first found."""
        t, board, frozen = self.t, self.board, self.frozen
        if square in frozen:
            return []
        seat_of = t.seat_of
        defense = None
        found = []
        for a in range(t.size):
            code = board[a]
            if not code or seat_of[code] != by or a in frozen:
                continue
            reach = t.reach(code, a)
            ways = reach.hits.get(square)
            if ways:
                if defense is None:
                    defense = self.defense(square)
                if a not in defense and any(self._way_open(way, defense) for way in ways):
                    found.append(a)
                    if not every:
                        return found
                    continue
            command = reach.command
            if command and square in command:
                if any(s != square and board[s] and seat_of[board[s]] == by and s not in frozen for s in command):
                    found.append(a)
                    if not every:
                        return found
        return found

    def _way_open(self, way: tuple, defense: frozenset[int]) -> bool:
        """One way of `Reach.hits` to capture a tile, judged on the board (rulings 16-19, 21, 25)."""
        board = self.board
        symbol = way[0]
        if symbol == "m":
            return any(not any(board[c] for c in route) and defense.isdisjoint(route) for route in way[1])
        if symbol in "jx":
            return any(defense.isdisjoint(route) for route in way[1])
        before, between = way[1], way[2]
        if any(board[c] for c in between) or (symbol == "s" and any(board[c] for c in before)):
            return False
        return defense.isdisjoint(before) and defense.isdisjoint(between)

    # --- leader safety (ruling 28)
    def _safety_plan(self):
        """How the side to move's actions are judged under ruling 28: None, all allowed; else
        (its leader's square, `lines`): with `lines` None every action is tried out; else the
        leader is not in guard now and only an action that empties one of `lines` (squares an
        enemy's capture of the leader would have to pass), moves or flips the leader, or moves,
        flips or captures a tile with dread or shield can put it in guard, so only those are."""
        side = self.mover
        leader = self.leaders[side]
        if self.safety == OFF or leader < 0:
            return None
        guarded = self._attacked(leader, 1 - side)
        if not guarded:
            if self.safety == GUARD:
                return None
            return leader, self._lines_to(leader, 1 - side)
        return leader, None

    def _lines_to(self, square: int, by: int) -> set[int]:
        """The squares that, emptied, could open a way for a tile of `by` to capture on `square`."""
        t, board = self.t, self.board
        lines: set[int] = set()
        for a in range(t.size):
            code = board[a]
            if not code or t.seat_of[code] != by:
                continue
            for way in t.reach(code, a).hits.get(square, ()):
                if way[0] == "m":
                    for route in way[1]:
                        lines.update(route)
                elif way[0] == "s":
                    lines.update(way[1])
                    lines.update(way[2])
                elif way[0] == "J":
                    lines.update(way[2])
        return lines

    def _keeps_safety(self, plan, move: Move, a: int, vacated: int, captured: int, risky: bool) -> bool:
        leader, lines = plan
        if captured in self.t.leader_codes:
            return True        # taking the enemy leader is always allowed
        if lines is not None and not risky and vacated not in lines and a != leader and vacated != leader:
            return True
        return not self._guarded_after(move)

    def _guarded_after(self, move: Move) -> bool:
        """Whether `move` (an action of the side to move) ends with that side's leader in guard."""
        side = self.mover
        saved = self.board, self.leaders, self.frozen, self.shields
        self.board = self.board[:]
        self._do(move)
        self.derive()
        leader = self.leaders[side]
        guarded = leader >= 0 and self._attacked(leader, 1 - side)
        self.board, self.leaders, self.frozen, self.shields = saved
        return guarded

    # --- draws and setup
    def _placements(self) -> list[Move]:
        """Ruling 14 with ruling 28: the empty squares beside the leader, with each starting face;
        when leader safety binds, those that keep it, if any does."""
        t, board, side = self.t, self.board, self.mover
        kind = t.data.kinds[self.drawn]
        leader = self.leaders[side]
        moves = [t.notation.place(s, face) for s in t.beside[leader] if not board[s] for face in kind.start_faces()]
        moves.sort()
        plan = self._safety_plan()
        if plan is not None:
            code = encode(kind.index, side, 0)
            risky = t.sensitive[code]
            safe = [m for m in moves if self._keeps_safety(plan, m, m.a, -1, 0, risky)]
            if safe:
                return safe
        return moves

    def _setups(self) -> list[Move]:
        """Ruling 11: the leader on a middle square of the home rank, the start tiles on empty
        squares orthogonally next to it, on a starting face."""
        t, board, side = self.t, self.board, self.mover
        data = t.data
        leader_faces = data.kinds[data.leader].start_faces()
        start_faces = data.kinds[data.start].start_faces()
        moves = []
        for square in t.home_squares[side]:
            if board[square]:
                continue
            empty = [s for s in t.beside[square] if not board[s]]
            for chosen in combinations(empty, data.start_tiles):
                for face in leader_faces:
                    for faces in product(start_faces, repeat=data.start_tiles):
                        moves.append(t.notation.setup(square, face, tuple(zip(chosen, faces))))
        moves.sort()
        return moves

    # ----------------------------------------------------------------- playing
    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == DRAW:
            self.drawn = DRAWING
            return
        if kind == DRAWN:
            bag = list(self.bags[self.mover])
            bag[move.a] -= 1
            self.bags = (tuple(bag), self.bags[1]) if self.mover == 0 else (self.bags[0], tuple(bag))
            self.drawn = move.a
            return
        if kind == SETUP:
            self._do(move)
            self.derive()
            side = self.mover
            self.mover = 1 - side
            if side == 1:
                self.phase = PLAY_PHASE
            if not self._has_action():
                self._outcome = Outcome(self.game.sides[side], "no-actions", ("no-actions",))  # ruling 30
            return
        captured = self._do(move)
        self.drawn = NO_DRAW
        self.derive()
        self.turns += 1
        side = self.mover
        self.mover = 1 - side
        winner = self.game.sides[side]
        if captured in self.t.leader_codes:
            self._outcome = Outcome(winner, "leader-captured", ("leader-captured",))   # ruling 29
        elif not self._has_action():
            self._outcome = Outcome(winner, "no-actions", ("no-actions",))             # ruling 30
        elif self.cap and self.turns >= self.cap:
            self._outcome = Outcome(None, "turn-cap")                                   # ruling 31

    def _do(self, move: Move) -> int:
        """Change the board as `move` does (rulings 11, 14-23); returns the code captured, or 0."""
        t, board = self.t, self.board
        kind, side = move.kind, self.mover
        leaders = self.leaders
        captured = 0
        if kind == STEP:
            code = board[move.a]
            captured = board[move.b]
            board[move.a] = 0
            board[move.b] = code + 1 - 2 * t.face_of[code]        # ruling 15: flips on arrival
            if code in t.leader_codes:
                leaders = (move.b, leaders[1]) if side == 0 else (leaders[0], move.b)
        elif kind == STRIKE:
            captured = board[move.b]
            board[move.b] = 0
            code = board[move.a]
            board[move.a] = code + 1 - 2 * t.face_of[code]
        elif kind == COMMAND:
            code = board[move.b]
            captured = board[move.c]
            board[move.b] = 0
            board[move.c] = code                                 # the commanded tile does not flip
            commander = board[move.a]
            board[move.a] = commander + 1 - 2 * t.face_of[commander]
            if code in t.leader_codes:
                leaders = (move.c, leaders[1]) if side == 0 else (leaders[0], move.c)
        elif kind == PLACE:
            board[move.a] = encode(self.drawn, side, move.b)
        elif kind == SETUP:
            data = t.data
            board[move.a] = encode(data.leader, side, move.b)
            for square, face in move.starts:
                board[square] = encode(data.start, side, face)
            leaders = (move.a, leaders[1]) if side == 0 else (leaders[0], move.a)
        if captured in t.leader_codes:
            leaders = (leaders[0], -1) if side == 0 else (-1, leaders[1])
        self.leaders = leaders
        return captured

    def _has_action(self) -> bool:
        """Ruling 30: whether the side to move has a legal action (a possible draw is one)."""
        if self.phase == SETUP_PHASE:
            return bool(self._setups())
        return bool(self._actions(first=True))

    def play_turn(self, moves: Sequence[Move]) -> None:
        """One whole turn, as a `play:` line: an activation, a draw with its tile and placement,
        or a setup. Raises IllegalMoveError with `index`, the refused move's place in `moves`."""
        for index, move in enumerate(moves):
            error = self.why_illegal(move)
            if error is not None:
                error.index = index
                raise error
            self.push(move)
        if self._outcome is None and self.drawn != NO_DRAW:
            raise IllegalMoveError(moves[-1].notation(), "the turn is not over: the drawn tile must be placed", 14,
                                   len(moves) - 1)

    # ----------------------------------------------------------------- why not
    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """None when `move` is legal, else the error saying why, citing the ruling."""
        if self._outcome is not None:
            return IllegalMoveError(move.notation(), f"the game is over: {self._outcome}", 32)
        if self._is_legal(move):
            return None
        from .reasons import why_not
        reason, ruling = why_not(self, move)
        return IllegalMoveError(move.notation(), reason, ruling)

    def _is_legal(self, move: Move) -> bool:
        kind = move.kind
        if kind == DRAW:
            return self.drawn == NO_DRAW and self.phase == PLAY_PHASE and self._can_draw()
        if kind == DRAWN:
            return self.drawn == DRAWING and self.bags[self.mover][move.a] > 0
        if kind == PLACE:
            return self.drawn >= 0 and move in self._placements()
        if kind == SETUP:
            return self.phase == SETUP_PHASE and move in self._setups()
        if self.phase != PLAY_PHASE or self.drawn != NO_DRAW:
            return False
        code = self.board[move.a]
        if not code or self.t.seat_of[code] != self.mover or move.a in self.frozen:
            return False
        plan = self._safety_plan()
        for found, vacated, captured, risky in self._tile_actions(move.a, code, move.symbol):
            if found == move:
                return plan is None or self._keeps_safety(plan, move, move.a, vacated, captured, risky)
        return False

    # ----------------------------------------------------------------- pictures
    def effect(self, move: Move) -> Effect:
        """What `move` (legal here) does: the travel, the tile captured, the tile that flips."""
        effect = Effect(motions=self.motions(move))
        board = self.board
        target = {STEP: move.b, STRIKE: move.b, COMMAND: move.c}.get(move.kind)
        if target is not None and board[target]:
            effect.removals.append(Removal(frm=target, at=target, face=self.game.face_name(board[target])))
        if move.kind in (STEP, STRIKE, COMMAND):
            effect.flipped.append(move.b if move.kind == STEP else move.a)
        return effect

    def motions(self, move: Move) -> list[Motion]:
        """The acting tiles' travel, legal or not: a move's path, a strike's blow, a command's order
        and the commanded tile's path, a placement or a setup from the home edge."""
        side = self.game.sides[self.mover].label
        kind, size = move.kind, self.t.size
        if kind in (STEP, STRIKE, COMMAND) and not all(0 <= s < size for s in (move.a, move.b)):
            return []
        if kind == STEP:
            return [Motion(move.a, move.b, side, "move")]
        if kind == STRIKE:
            return [Motion(move.a, move.b, side, "strike")]
        if kind == COMMAND:
            return [Motion(move.b, move.c, side, "move"), Motion(move.a, move.b, side, "command")]
        if kind == PLACE:
            return [Motion(None, move.a, side, "move")]
        if kind == SETUP:
            return [Motion(None, s, side, "move") for s in (move.a, *(s for s, _ in move.starts))]
        return []

    def cell_art(self, square: int) -> CellArt:
        """The tile as the kit prints it, turned toward its owner (a side-2 tile upside down, ruling
        8); a frozen tile carries the frost mark; a defense square of some tile shows the shield
        mark of the side it defends."""
        code = self.board[square]
        game = self.game
        overlays = ((FROZEN, "bl"),) if square in self.frozen else ()
        guarding = self._defended_by(square)
        ground = defense_face(tuple(game.sides[s].label for s in guarding)) if guarding else None
        if not code:
            return CellArt(ground=ground)
        return CellArt(ground=ground, piece=game.face_name(code), overlays=overlays,
                       turned=self.t.seat_of[code] == 1)

    def _defended_by(self, square: int) -> tuple[int, ...]:
        """The sides with a tile whose defense squares include `square`."""
        board, seat_of = self.board, self.t.seat_of
        sides = {seat_of[code] for s, code in enumerate(board) if code and square in self.defense(s)}
        return tuple(sorted(sides))

    def notes(self) -> str:
        """Frozen tiles, leaders in guard and a drawn tile, in words."""
        t, names = self.t, self.t.geo.names
        parts = []
        if self.frozen:
            parts.append("Frozen: " + ", ".join(names[s] for s in sorted(self.frozen)) + ".")
        guarded = [self.game.sides[s].noun for s in (0, 1) if self.in_guard(s)]
        if guarded and self._outcome is None:
            parts.append(f"In guard: {' and '.join(guarded)}'s leader.")
        if self.drawn >= 0:
            parts.append(f"Drawn: the {t.data.kinds[self.drawn].name}, to be placed.")
        return " ".join(parts)
