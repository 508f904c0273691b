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
from operator import attrgetter
from typing import TYPE_CHECKING, Sequence

from ..base import CellArt, Effect, IllegalMoveError, Motion, Outcome, Removal, Snapshot, State
from .moves import COMMAND, DRAW, DRAW_MOVE, DRAWN, PLACE, SETUP, STEP, STRIKE, Move
from .art import FROZEN, defense_face, guarded_face
from .table import TableView
from .tables import Tables, encode

if TYPE_CHECKING:
    from .game import DuelGame

SETUP_PHASE, PLAY_PHASE = 0, 1
NO_DRAW, DRAWING = -1, -2        # `drawn`: nothing drawn; drawing (the chance node); else the kind drawn
OFF, GUARD, STRICT = 0, 1, 2     # ruling 28, option leader-safety
ORDER = attrgetter("key")        # legal moves in ascending order
SAFETY = {"off": OFF, "guard": GUARD, "strict": STRICT}
FACE_MARK = ("I", "II")

SNAPSHOT = Snapshot("board", "pieces", "mover", "phase", "bags", "drawn", "turns", "leaders", "frozen",
                    "dreaded", "shields", "_outcome", "_legal", copied=("board",))


@dataclass(frozen=True)
class Tile:
    """What stands on a square: the kind's key, the side's key and the face up (1 or 2)."""

    kind: str
    side: str
    face: int


class DuelState(TableView, State):
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
        self.pieces: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())   # each side's squares
        self.mover = 0                      # the seat to move
        self.phase = SETUP_PHASE
        self.bags = (data.starting_bag(0), data.starting_bag(1))
        self.drawn = NO_DRAW
        self.turns = 0                      # turns of play (ruling 31)
        self.leaders = (-1, -1)             # each side's leader's square, -1 when off the board
        self.frozen: frozenset[int] = frozenset()          # ruling 24
        self.dreaded: frozenset[int] = frozenset()         # the squares marked with dread
        self.shields: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # ruling 26
        self._outcome: Outcome | None = None
        self._legal: list[Move] | None = None   # the legal moves, once found at the end of a turn
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

    def set_board(self, codes: Sequence[int]) -> None:
        """Put tiles on the board (building a position; `derive` afterwards): a code per square."""
        t = self.t
        self.board = list(codes)
        self.pieces = tuple(tuple(s for s, c in enumerate(codes) if c and t.seat_of[c] == seat)
                            for seat in (0, 1))
        self.leaders = tuple(next((s for s in self.pieces[seat] if t.kind_of[codes[s]] == t.data.leader), -1)
                             for seat in (0, 1))

    def derive(self) -> None:
        """Rulings 24 and 26, from the position alone: the squares marked with dread, the frozen
        tiles (on a square some tile's current face marks `d`, unless immune), and each side's
        shielded squares (marked `h` by its own tiles)."""
        t, board = self.t, self.board
        if not (t.has_dread or t.has_shield):
            return
        marking, reaches, seat_of = t.marking, t.reaches, t.seat_of
        marked: set[int] = set()
        shields: tuple[set[int], set[int]] = (set(), set())
        for square, code in enumerate(board):
            if marking[code]:
                reach = reaches[code][square] or t.reach(code, square)
                marked.update(reach.dread)
                shields[seat_of[code]].update(reach.shield)
        immune = t.immune
        self.dreaded = frozenset(marked)
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
        if self._legal is not None:
            return self._legal[:]
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
        if leader < 0 or not any(self.bags[self.mover]):
            return False
        board = self.board
        for square in self.t.beside[leader]:
            if not board[square]:
                return True
        return False

    def _actions(self) -> list[Move]:
        """Ruling 13: the draw when ruling 14 allows it, and every activation of a tile of the side
        to move that ruling 28 lets it make."""
        moves = [DRAW_MOVE] if self._can_draw() else []
        board, frozen = self.board, self.frozen
        plan = self._safety_plan()
        for square in self.pieces[self.mover]:
            if square not in frozen:
                self._tile_moves(square, board[square], plan, moves)
        moves.sort(key=ORDER)
        return moves

    def _tile_moves(self, a: int, code: int, plan, moves: list[Move], only: str = "") -> None:
        """Add to `moves` the activations of the tile `code` on `a` that rulings 16-26 allow and
        the safety `plan` keeps (ruling 28); `only`: the moves by that one symbol."""
        actions = self._tile_actions(a, code, only, plan[4] if plan is not None else self.t.sensitive)
        if plan is None:
            moves += [action[0] for action in actions]
            return
        leader, lines, keeps = plan[0], plan[3], self._keeps_safety
        # An action that does not flip the leader, empties no square of `lines` and touches no tile
        # with dread or shield keeps the rule when the leader is not in guard (`_safety_plan`).
        quick = lines is not None and a != leader
        for move, vacated, captured, risky in actions:
            if (quick and not risky and not lines >> vacated & 1 and vacated != leader) or \
                    keeps(plan, a, move, vacated, captured, risky):
                moves.append(move)

    def _tile_actions(self, a: int, code: int, only: str, sensitive: list[bool]) -> list[tuple[Move, int, int, bool]]:
        """Every activation of the tile `code` on `a` that rulings 16-26 allow (leader safety aside),
        as (move, the square it leaves empty, the code it captures or 0, whether it moves, flips
        or captures a tile `sensitive` flags). `only`: the moves by that one symbol, nothing else."""
        t, board, frozen = self.t, self.board, self.frozen
        seat_of, notation = t.seat_of, t.notation
        side = seat_of[code]
        reach = t.reaches[code][a] or t.reach(code, a)
        risky = sensitive[code]
        found: dict[int, int] = {}
        for target, routes, captures, symbol in reach.steps:         # rulings 16, 20
            if only and only != symbol:
                continue
            held = board[target]
            if not held:
                for route in routes:
                    for c in route:
                        if board[c]:
                            break
                    else:
                        found[target] = 0
                        break
            elif captures and seat_of[held] != side and self._takes(a, target, routes, True):
                found[target] = held
        for target, routes, captures, symbol in reach.jumps:         # rulings 17, 20
            if only and only != symbol:
                continue
            held = board[target]
            if not held:
                found[target] = 0
            elif captures and seat_of[held] != side and self._takes(a, target, routes, False):
                found[target] = held
        for before, ray, jumping in reach.slides:                    # rulings 18, 19
            if only and only != ("J" if jumping else "s"):
                continue
            if not jumping and any(map(board.__getitem__, before)):
                continue
            for i, target in enumerate(ray):
                held = board[target]
                if not held:
                    found[target] = 0
                    continue
                if seat_of[held] != side and self._takes_along(a, target, before, ray[:i]):
                    found[target] = held
                break
        if only:
            return [(notation.step(a, target, only), a, held, risky or sensitive[held])
                    for target, held in found.items()]
        interned, base = notation.steps, a * t.size
        actions = [(interned[base + target] or notation.step(a, target), a, held, risky or sensitive[held])
                   for target, held in found.items()]
        for target, routes in reach.strikes:                         # ruling 21
            held = board[target]
            if held and seat_of[held] != side and self._takes(a, target, routes, False):
                actions.append((notation.strike(a, target), target, held, risky or sensitive[held]))
        squares = reach.command                                      # ruling 22
        if squares:
            sources = [s for s in squares if board[s] and seat_of[board[s]] == side and s not in frozen]
            if sources:
                ends = [s for s in squares if not board[s] or (seat_of[board[s]] != side and s not in frozen)]
                for source in sources:
                    for end in ends:
                        held = board[end]
                        actions.append((notation.command(a, source, end), source, held,
                                        risky or sensitive[board[source]] or sensitive[held]))
        return actions

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
            if clear and any(map(board.__getitem__, route)):
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

    def tiles_of(self, seat: int) -> list[tuple[int, int]]:
        """(square, code) of every tile of a side."""
        board = self.board
        return [(a, board[a]) for a in self.pieces[seat]]

    def attackers(self, square: int, by: int, every: bool = True,
                  tiles: list[tuple[int, int]] | None = None) -> list[int]:
        """The squares of the tiles of side `by` that could capture the tile on `square` now, by
        a symbol or by a command (ruling 27); without `every`, the first found. `tiles`: where
        side `by`'s tiles stood when listed (a tile no longer there is passed over)."""
        t, board, frozen = self.t, self.board, self.frozen
        if square in frozen:
            return []
        defense = None
        found = []
        reaches = t.reaches
        for a, code in self.tiles_of(by) if tiles is None else tiles:
            if board[a] != code or a in frozen:
                continue
            reach = reaches[code][a] or t.reach(code, a)
            if not reach.touches >> square & 1:
                continue
            ways = reach.hits.get(square)
            hit = False
            if ways:
                if defense is None:
                    defense = self.defense(square)
                hit = a not in defense and self._ways_open(ways, defense)
            if not hit and square in reach.command:
                seat_of = t.seat_of
                hit = any(s != square and board[s] and seat_of[board[s]] == by and s not in frozen
                          for s in reach.command)
            if hit:
                found.append(a)
                if not every:
                    return found
        return found

    def _ways_open(self, ways: list[tuple], defense: frozenset[int]) -> bool:
        """Whether one of the ways of `Reach.hits` to capture a tile is open on the board (rulings
        16-19, 21, 25; the attacker's own square is checked by the caller)."""
        occupied = self.board.__getitem__
        for way in ways:
            symbol = way[0]
            if symbol == "m":
                for route in way[1]:
                    if not any(map(occupied, route)) and defense.isdisjoint(route):
                        return True
            elif symbol in "jx":
                for route in way[1]:
                    if defense.isdisjoint(route):
                        return True
            else:
                before, between = way[1], way[2]
                if any(map(occupied, between)) or (symbol == "s" and any(map(occupied, before))):
                    continue
                if defense.isdisjoint(before) and defense.isdisjoint(between):
                    return True
        return False

    # --- leader safety (ruling 28)
    def _safety_plan(self):
        """How the side to move's actions are judged under ruling 28: None, all allowed; else
        (its leader's square, the enemy tiles, the squares they could ever reach as bits, `lines`,
        `risk`): with `lines` None every action is tried out; else the leader is not in guard now
        and only an action that empties one of `lines` (squares an enemy's capture of the leader
        would have to pass), moves or flips the leader, or moves, flips or captures a tile that
        `risk` flags (dread or shield that may matter) can put it in guard, so only those are."""
        side = self.mover
        leader = self.leaders[side]
        if self.safety == OFF or leader < 0:
            return None
        enemies = self.tiles_of(1 - side)
        t = self.t
        reaches = t.reaches
        danger = 0
        for a, code in enemies:
            danger |= (reaches[code][a] or t.reach(code, a)).touches
        # dread matters only while an enemy is frozen (a mark that moves or goes may free it), a
        # shield only while the leader stands on one: `risk` flags the tiles that can change them
        frozen = self.frozen
        risk = t.risk[(any(a in frozen for a, _ in enemies), leader in self.shields[side])]
        if danger >> leader & 1 and self.attackers(leader, 1 - side, False, enemies):
            return leader, enemies, danger, None, risk
        if self.safety == GUARD:
            return None
        return leader, enemies, danger, self._lines_to(leader, enemies) if danger >> leader & 1 else 0, risk

    def _lines_to(self, square: int, tiles: list[tuple[int, int]]) -> int:
        """The squares (as bits) that, emptied, could open a way for one of `tiles` to capture on
        `square`."""
        reach = self.t.reach
        lines = set()
        for a, code in tiles:
            for way in reach(code, a).hits.get(square, ()):
                if way[0] == "m":
                    for route in way[1]:
                        lines.update(route)
                elif way[0] == "s":
                    lines.update(way[1])
                    lines.update(way[2])
                elif way[0] == "J":
                    lines.update(way[2])
        bits = 0
        for s in lines:
            bits |= 1 << s
        return bits

    def _keeps_safety(self, plan, a: int, move: Move, vacated: int, captured: int, risky: bool) -> bool:
        """Ruling 28 for an action of the tile on `a` (its other arguments: `_tile_actions`'s)."""
        leader, enemies, danger, lines, _ = plan
        if captured in self.t.leader_codes:
            return True        # taking the enemy leader is always allowed
        if vacated == leader:  # the leader moves: safe where no enemy could ever reach
            if not danger >> (move.c if move.kind == COMMAND else move.b) & 1:
                return True
        elif lines is not None and not risky and (vacated < 0 or not lines >> vacated & 1) and a != leader:
            return True
        return not self._guarded_after(move, enemies)

    def _guarded_after(self, move: Move, enemies: list[tuple[int, int]] | None = None) -> bool:
        """Whether `move` (an action of the side to move) ends with that side's leader in guard;
        tried out on the board and put back."""
        side, board, t = self.mover, self.board, self.t
        touched = [(s, board[s]) for s in move.squares]
        saved = self.leaders, self.frozen, self.dreaded, self.shields
        self._do(move)
        # frozen tiles and shields change only when a tile with dread or shield moves, turns over or
        # is taken (a leader moving onto or off a shield: `defense` reads its square's): else those
        # of now stand
        if (t.has_dread or t.has_shield) and any(t.sensitive[code] or t.sensitive[board[s]] for s, code in touched):
            self.derive()
        leader = self.leaders[side]
        guarded = leader >= 0 and bool(self.attackers(leader, 1 - side, False, enemies))
        for s, code in touched:
            board[s] = code
        self.leaders, self.frozen, self.dreaded, self.shields = saved
        return guarded

    # --- draws and setup
    def _placements(self) -> list[Move]:
        """Ruling 14 with ruling 28: the empty squares beside the leader, with each starting face;
        when leader safety binds, those that keep it, if any does."""
        t, board, side = self.t, self.board, self.mover
        kind = t.data.kinds[self.drawn]
        leader = self.leaders[side]
        moves = [t.notation.place(s, face) for s in t.beside[leader] if not board[s] for face in kind.start_faces()]
        moves.sort(key=ORDER)
        plan = self._safety_plan()
        if plan is not None:
            code = encode(kind.index, side, 0)
            risky = plan[4][code]
            safe = [m for m in moves if self._keeps_safety(plan, m.a, m, -1, 0, risky)]
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
        moves.sort(key=ORDER)
        return moves

    # ----------------------------------------------------------------- playing
    def _apply(self, move: Move) -> None:
        kind = move.kind
        self._legal = None
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
            self._move_pieces(move, 0)
            self.derive()
            side = self.mover
            self.mover = 1 - side
            if side == 1:
                self.phase = PLAY_PHASE
            if not self._has_action():
                self._outcome = Outcome(self.game.sides[side], "no-actions", ("no-actions",))  # ruling 30
            return
        t, board = self.t, self.board
        before = [board[s] for s in move.squares]
        captured = self._do(move)
        self._move_pieces(move, captured)
        self.drawn = NO_DRAW
        if t.has_dread or t.has_shield:
            if any(t.sensitive[code] or t.sensitive[board[s]] for s, code in zip(move.squares, before)):
                self.derive()
            else:   # no mark moved: only the tile arriving on a square marked with dread is frozen now
                end = {STEP: move.b, COMMAND: move.c, PLACE: move.a}.get(move.kind, -1)
                if end in self.dreaded and not t.immune[board[end]]:
                    self.frozen = self.frozen | {end}
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
        """Change the board and the leaders' squares as `move` does (rulings 11, 14-23); returns
        the code captured, or 0. `_apply` keeps the piece lists."""
        t, board = self.t, self.board
        kind, side = move.kind, self.mover
        leaders = self.leaders
        captured = 0
        if kind == STEP or kind == COMMAND:
            frm, to = (move.a, move.b) if kind == STEP else (move.b, move.c)
            code = board[frm]
            captured = board[to]
            board[frm] = 0
            board[to] = code + 1 - 2 * t.face_of[code] if kind == STEP else code  # a commanded tile keeps its face
            if code in t.leader_codes:
                leaders = (to, leaders[1]) if side == 0 else (leaders[0], to)
            if kind == COMMAND:
                commander = board[move.a]
                board[move.a] = commander + 1 - 2 * t.face_of[commander]   # ruling 15
        elif kind == STRIKE:
            captured = board[move.b]
            board[move.b] = 0
            code = board[move.a]
            board[move.a] = code + 1 - 2 * t.face_of[code]
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

    def _move_pieces(self, move: Move, captured: int) -> None:
        """Keep each side's list of squares as `move` (just done) changed it."""
        side, kind = self.mover, move.kind
        mine, theirs = list(self.pieces[side]), self.pieces[1 - side]
        if kind == STEP:
            mine[mine.index(move.a)] = move.b
        elif kind == COMMAND:
            mine[mine.index(move.b)] = move.c
        elif kind == PLACE:
            mine.append(move.a)
        elif kind == SETUP:
            mine += [move.a, *(s for s, _ in move.starts)]
        if captured:
            theirs = list(theirs)
            theirs.remove(move.c if kind == COMMAND else move.b)
        self.pieces = (tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine))

    def _has_action(self) -> bool:
        """Ruling 30: whether the side to move has a legal action (a possible draw is one). The
        actions found are kept for `legal_moves`."""
        self._legal = self._setups() if self.phase == SETUP_PHASE else self._actions()
        return bool(self._legal)

    def play_turn(self, moves: Sequence[Move]) -> None:
        """One whole turn, as a `play:` line: an activation, a draw with its tile and placement,
        or a setup. Raises IllegalMoveError with `index`, the refused move's place in `moves`."""
        super().play_turn(moves)
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
        moves: list[Move] = []
        self._tile_moves(move.a, code, self._safety_plan(), moves, move.symbol)
        return move in moves

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
        mark of the side it defends, as a badge on the tile standing there."""
        code = self.board[square]
        game = self.game
        guarding = tuple(game.sides[s].label for s in self._defended_by(square))
        if not code:
            return CellArt(ground=defense_face(guarding) if guarding else None)
        overlays = ((FROZEN, "bl"),) if square in self.frozen else ()
        if guarding:    # the square's mark lies under the tile: a badge on the tile says it
            overlays += ((guarded_face(guarding), "br"),)
        return CellArt(piece=game.face_name(code), overlays=overlays, turned=self.t.seat_of[code] == 1)

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
