"""The Siege of Armagh game state: setup, turns, pushes, flips, stuns, reinforcements, treasure and
victory, by docs/rulings/siege.md (numbers in docstrings are its rulings).

The API follows python-chess: a mutable `State` with `push(move)` / `pop()` over a stack of
snapshots, `legal_moves()` in ascending order (`Move` sorts by kind, then squares), `outcome()`
once the game is over. Pieces have ids (the board holds ids, 0 for empty) so that "a troop that has
acted" survives being pushed about. No rendering code lives here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import base
from ..base import CellArt, Effect, IllegalMoveError, InvalidMoveError, Motion, Outcome, Removal
from .board import DIRECTION_TO, DIRECTIONS, NEIGHBOURS, OPPOSITE, STEP, parse_square, rank_of, square_name
from .numbers import RULE_SETS, Counts, RuleNumbers
from .options import Options, check_options

if TYPE_CHECKING:
    from .game import SiegeGame


class Side(IntEnum):
    VIKING = 0
    IRISH = 1

    @property
    def other(self) -> "Side":
        return Side.IRISH if self is Side.VIKING else Side.VIKING

    @property
    def label(self) -> str:
        return self.name.lower()


class Kind(IntEnum):
    """What a piece is. Hidden Viking kinds show the same face; `UNKNOWN` only appears in the
    Irish player's view, where the reverse is hidden."""

    IRISH = 1
    VIKING = 2            # face up, hidden reverse: plain troop
    HIDDEN_BERSERKER = 3  # face up, hidden reverse: Berserker
    HIDDEN_CHIEF = 4      # face up, hidden reverse: Chief
    BERSERKER = 5         # revealed
    CHIEF = 6             # revealed
    UNKNOWN = 7           # face up, reverse unknown to the viewer


LETTER = {Kind.IRISH: "I", Kind.VIKING: "V", Kind.HIDDEN_BERSERKER: "B", Kind.HIDDEN_CHIEF: "C",
          Kind.BERSERKER: "b", Kind.CHIEF: "c", Kind.UNKNOWN: "?"}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTER.items()}
HIDDEN_KINDS = (Kind.VIKING, Kind.HIDDEN_BERSERKER, Kind.HIDDEN_CHIEF)
SIDE_OF = (None, Side.IRISH) + (Side.VIKING,) * 6  # indexed by Kind
STRENGTH = (0, 1, 1, 1, 1, 2, 2, 1)  # ruling 9: a revealed Berserker or Chief pushes with strength 2
HIDDEN_OR_UNKNOWN = frozenset(int(k) for k in (*HIDDEN_KINDS, Kind.UNKNOWN))
REVEALED = {int(Kind.HIDDEN_BERSERKER): int(Kind.BERSERKER), int(Kind.HIDDEN_CHIEF): int(Kind.CHIEF)}


class Terrain(IntEnum):
    OPEN = 0
    RIVER = 1
    VILLAGE = 2  # unlooted
    LOOTED = 3


# Terrain values as plain ints, for the hot paths (the lists hold ints, not enum members).
OPEN, RIVER, VILLAGE, LOOTED = (int(t) for t in Terrain)


class Phase(IntEnum):
    """Setup steps of rulings 2-4, then play."""

    RIVER_LAY = 0     # draft: the Vikings choose rank 4 or 5
    RIVER_SHIFT = 1   # the Irish shift tiles to the other rank
    RIVER_REMOVE = 2  # the Vikings may remove one tile
    VILLAGES = 3      # alternately, Irish first
    VIKING_TROOPS = 4
    IRISH_TROOPS = 5
    PLAY = 6


class Treasure(IntEnum):
    """Ruling 17: where the Monastery's Treasure is."""

    IRISH_SIDE = 0
    CARRIED = 1
    VIKING_SIDE = 2


class MoveKind(IntEnum):
    STEP = 1
    TWO_PUSH = 2
    DEPLOY = 3
    LAY_RIVER = 4
    SHIFT_RIVER = 5
    REMOVE_RIVER = 6
    VILLAGE = 7
    PLACE_VIKING = 8
    PLACE_IRISH = 9
    END = 10


class Point(Enum):
    """Ruling 21: the victory points."""

    TREASURE = "treasure"
    DEFEATS = "defeats"
    CHIEF = "chief"
    VILLAGES = "villages"


IRISH_POINTS = (Point.TREASURE, Point.DEFEATS, Point.CHIEF)
VIKING_POINTS = (Point.TREASURE, Point.VILLAGES)


class Termination(str, Enum):
    POINTS = "points"        # ruling 22
    NO_MOVES = "no-moves"    # ruling 5, option no-moves=lose
    TURN_CAP = "turn-cap"    # ruling 23, option turn-cap=N


@dataclass(frozen=True, order=True)
class Move:
    """One action or setup step. Sorts by kind, then squares (the order of `legal_moves`).

    Notation: `d6-d5` step (or push), `d7+d6-d5` two-troop push, `@c3` deploy, `end` end the turn
    or the setup step (a pass when no action was taken); setup: `~5`/`~4` lay the river on a rank
    (draft), `~d5-d4` shift a river tile, `x~d4` remove one, `^c3` place a village, `V@a8` `B@a8`
    `C@a8` place a Viking troop with a plain/Berserker/Chief reverse, `I@a1` place an Irish troop.
    """

    kind: MoveKind
    frm: int = -1
    to: int = -1
    back: int = -1
    piece: int = 0

    def __post_init__(self) -> None:
        # Searches hash moves millions of times: compute the hash once (frozen, so it never changes).
        object.__setattr__(self, "_hash", hash((self.kind, self.frm, self.to, self.back, self.piece)))

    def __hash__(self) -> int:
        return self._hash

    def notation(self) -> str:
        k = self.kind
        if k is MoveKind.STEP:
            return f"{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.TWO_PUSH:
            return f"{square_name(self.back)}+{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.DEPLOY:
            return f"@{square_name(self.to)}"
        if k is MoveKind.END:
            return "end"
        if k is MoveKind.LAY_RIVER:
            return f"~{self.to}"
        if k is MoveKind.SHIFT_RIVER:
            return f"~{square_name(self.frm)}-{square_name(self.to)}"
        if k is MoveKind.REMOVE_RIVER:
            return f"x~{square_name(self.to)}"
        if k is MoveKind.VILLAGE:
            return f"^{square_name(self.to)}"
        if k is MoveKind.PLACE_VIKING:
            return f"{LETTER[Kind(self.piece)]}@{square_name(self.to)}"
        return f"I@{square_name(self.to)}"

    __str__ = notation

    @classmethod
    def from_notation(cls, text: str) -> "Move":
        """Parse our notation (see the class docstring); `pass` is accepted for `end`."""
        t = text.strip()
        try:
            if t in ("end", "pass"):
                return END
            if t in ("~4", "~5"):
                return cls(MoveKind.LAY_RIVER, to=int(t[1]))
            if t.startswith("x~"):
                return cls(MoveKind.REMOVE_RIVER, to=parse_square(t[2:]))
            if t.startswith("~"):
                a, b = t[1:].split("-")
                return cls(MoveKind.SHIFT_RIVER, frm=parse_square(a), to=parse_square(b))
            if t.startswith("^"):
                return cls(MoveKind.VILLAGE, to=parse_square(t[1:]))
            if t.startswith("@"):
                return cls(MoveKind.DEPLOY, to=parse_square(t[1:]))
            if len(t) == 4 and t[1] == "@":
                if t[0] == "I":
                    return cls(MoveKind.PLACE_IRISH, to=parse_square(t[2:]))
                if t[0] in "VBC":
                    return cls(MoveKind.PLACE_VIKING, to=parse_square(t[2:]), piece=KIND_OF_LETTER[t[0]])
            if "-" in t:
                head, to = t.split("-")
                if "+" in head:
                    back, frm = head.split("+")
                    move = cls(MoveKind.TWO_PUSH, frm=parse_square(frm), to=parse_square(to),
                               back=parse_square(back))
                    if DIRECTION_TO[move.back][move.frm] < 0 or \
                            DIRECTION_TO[move.back][move.frm] != DIRECTION_TO[move.frm][move.to]:
                        raise ValueError("the backing troop must stand directly behind the pusher")
                    return move
                move = cls(MoveKind.STEP, frm=parse_square(head), to=parse_square(to))
                if DIRECTION_TO[move.frm][move.to] < 0:
                    raise ValueError("a step goes to one of the 8 neighbouring squares")
                return move
        except ValueError as exc:
            raise InvalidMoveError(f"bad move {text!r}: {exc}") from None
        raise InvalidMoveError(
            f"bad move {text!r}: expected d6-d5, d7+d6-d5, @c3 or end (setup: ~5, ~d5-d4, x~d4, ^c3, V@a8, I@a1)")


END = Move(MoveKind.END)


def outcome_of(winner: Side | None, termination: Termination, points=frozenset()) -> Outcome:
    """The generic `Outcome`: the ways are the winner's victory points (ruling 21), sorted."""
    return Outcome(winner, termination.value, tuple(sorted(p.value for p in points)))


@dataclass(frozen=True)
class Piece:
    """What stands on a square (`State.piece_at`): its side, its kind, a stun, the treasure."""

    side: Side
    kind: Kind
    stunned: bool = False
    carries_treasure: bool = False

    def __str__(self) -> str:
        return LETTER[self.kind] + ("*" if self.stunned else "") + ("$" if self.carries_treasure else "")


_ELIM_P, _MOVE_P, _ELIM_Q, _MOVE_Q = range(4)


class State(base.State):
    """A position of Siege of Armagh with its history. Build one with `State.new_game(game)` (setup
    from the start) or `State.from_diagram(text)` (a position in play, docs/diagram-notation.md).

    >>> rows = ["8 . . . . . . . .", "7 . . . . . . . .", "6 . . . V . . . .", "5 . . . I . . . .",
    ...         "4 ~ ~ ~ ~ ~ ~ ~ ~", "3 . . . . . . . .", "2 . . . . . . . .", "1 . . . . . . . ."]
    >>> state = State.from_diagram(chr(10).join(rows))
    >>> move = Move.from_notation("d6-d5")
    >>> state.is_legal(move), str(state.piece_at(parse_square("d5")))
    (True, 'I')
    >>> state.push(move)  # ruling 8: pushed into the river, the Irish troop goes to the tracker
    >>> str(state.piece_at(parse_square("d5"))), state.tracker, state.to_move.label
    ('V', [1], 'viking')
    >>> state.pop().notation(), str(state.piece_at(parse_square("d5")))
    ('d6-d5', 'I')
    """

    __slots__ = ("game", "counts", "numbers", "rules", "options", "board", "terrain", "kind", "pos",
                 "stun", "tracker", "reserve", "defeated", "chief_defeated", "berserkers_defeated",
                 "treasure", "carrier", "to_move", "phase", "turn", "actions", "acted", "started",
                 "setup_count", "river_rank", "supply", "_outcome", "_stack", "move_stack")

    def __init__(self, game: SiegeGame | None = None, rules: str | None = None,
                 options: dict[str, object] | None = None):
        if game is None:
            from .game import SiegeGame
            game = SiegeGame.default()
        self.game = game
        self.counts: Counts = self.game.counts
        self.numbers: RuleNumbers = self.game.numbers
        name = rules or self.game.rule_set
        if name not in RULE_SETS:
            raise ValueError(f"rules must be 'final' or 'draft', not {name!r}")
        self.rules = RULE_SETS[name]
        merged = dict(self.game.options)
        merged.update(options or {})
        self.options: Options = check_options(merged)
        self.board = [0] * 64
        self.terrain = [0] * 64  # Terrain values as plain ints
        self.kind: list[int] = [0]   # by piece id; id 0 is "no piece"
        self.pos: list[int] = [-1]
        self.stun: list[int] = [0]   # turn at whose end the stun ends; 0: not stunned
        self.tracker: list[int] = []
        self.reserve = 0
        self.defeated = 0
        self.chief_defeated = False
        self.berserkers_defeated = 0
        self.treasure = Treasure.IRISH_SIDE
        self.carrier = 0
        self.to_move = Side.VIKING
        self.phase = Phase.PLAY
        self.turn = 1
        self.actions = 0
        self.acted: list[int] = []
        self.started = False
        self.setup_count = 0
        self.river_rank = 5
        self.supply = [0, 0, 0, 0, 0]  # [irish, -, plain, berserker, chief] troops not yet placed
        self._outcome: Outcome | None = None
        self._stack: list[tuple] = []
        self.move_stack: list[Move] = []

    # ----------------------------------------------------------------- construction
    @classmethod
    def new_game(cls, game: SiegeGame | None = None, rules: str | None = None,
                 options: dict[str, object] | None = None) -> "State":
        """The state before setup (ruling 1: the treasure starts on the Irish side)."""
        state = cls(game, rules, options)
        c = state.counts
        state.supply = [c.irish_troops, 0, c.plain_vikings, c.berserkers, c.chiefs]
        if state.rules.vikings_lay_river:  # ruling 2, draft: the Vikings choose rank 4 or 5
            state.phase, state.to_move = Phase.RIVER_LAY, Side.VIKING
        else:  # ruling 2: final rules lay the tiles on rank 5, the Irish shift three of them
            state._lay_river(5)
        return state

    @classmethod
    def from_diagram(cls, text: str, game: SiegeGame | None = None, rules: str | None = None,
                     options: dict[str, object] | None = None) -> "State":
        """A position in play from a diagram (grid and state lines, docs/diagram-notation.md)."""
        from .diagram import parse_diagram
        return parse_diagram(text.splitlines(), game, rules, options).state

    def diagram(self) -> str:
        from .diagram import state_diagram
        return state_diagram(self)

    def copy(self, stack: bool = False) -> "State":
        """An independent copy; with `stack`, the history too. (Written out: the lab copies a
        state for every decision, and this is twice as fast as a loop over the slots.)"""
        other = State.__new__(State)
        other.game, other.counts, other.numbers = self.game, self.counts, self.numbers
        other.rules, other.options = self.rules, self.options
        other.board, other.terrain = self.board[:], self.terrain[:]
        other.kind, other.pos, other.stun = self.kind[:], self.pos[:], self.stun[:]
        other.tracker, other.acted, other.supply = self.tracker[:], self.acted[:], self.supply[:]
        other.reserve, other.defeated = self.reserve, self.defeated
        other.chief_defeated, other.berserkers_defeated = self.chief_defeated, self.berserkers_defeated
        other.treasure, other.carrier, other.to_move = self.treasure, self.carrier, self.to_move
        other.phase, other.turn, other.actions, other.started = self.phase, self.turn, self.actions, self.started
        other.setup_count, other.river_rank, other._outcome = self.setup_count, self.river_rank, self._outcome
        other._stack = self._stack[:] if stack else []
        other.move_stack = self.move_stack[:] if stack else []
        return other

    def add_piece(self, kind: Kind, square: int) -> int:
        """Put a new piece on an empty square; returns its id."""
        if self.board[square]:
            raise ValueError(f"{square_name(square)} is occupied")
        self.kind.append(int(kind))  # plain ints in the hot lists: faster than enum members
        self.pos.append(square)
        self.stun.append(0)
        self.board[square] = len(self.kind) - 1
        return self.board[square]

    # ----------------------------------------------------------------- queries
    def side_of(self, piece: int) -> Side:
        return SIDE_OF[self.kind[piece]]

    def is_stunned(self, piece: int) -> bool:
        return self.stun[piece] > 0

    def unlooted(self) -> int:
        return self.terrain.count(Terrain.VILLAGE)

    def point_flags(self) -> tuple[bool, bool, bool, bool, bool]:
        """Ruling 21 as flags, in the order of IRISH_POINTS then VIKING_POINTS."""
        treasure = self.treasure
        carried = SIDE_OF[self.kind[self.carrier]] if treasure is Treasure.CARRIED else None
        return (treasure is Treasure.IRISH_SIDE or carried is Side.IRISH,
                self.defeated >= self.numbers.defeats_for_point,
                self.chief_defeated,
                treasure is Treasure.VIKING_SIDE or carried is Side.VIKING,
                self.terrain.count(LOOTED) >= self.counts.villages)

    def points(self, side: Side) -> frozenset[Point]:
        """Ruling 21: the victory points `side` holds now."""
        flags = self.point_flags()
        if side is Side.IRISH:
            return frozenset(p for p, held in zip(IRISH_POINTS, flags[:3]) if held)
        return frozenset(p for p, held in zip(VIKING_POINTS, flags[3:]) if held)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_game_over(self) -> bool:
        return self._outcome is not None

    # ----------------------------------------------------------------- legal moves
    def legal_moves(self) -> list[Move]:
        """All legal moves, ascending; empty once the game is over."""
        if self._outcome is not None:
            return []
        if self.phase is not Phase.PLAY:
            return self._setup_moves()
        moves = self._actions()
        if self.actions or not moves:
            moves.append(END)  # ruling 5: end after one action, or pass with none
        return moves

    def _reserve_at_start(self) -> int:
        """Reserve once this turn has started (ruling 15: the tracker may feed it at turn start)."""
        if self.started or not self._advances_tracker():
            return self.reserve
        return self.reserve + self.tracker.count(1)

    def _advances_tracker(self) -> bool:
        return self.to_move is Side.IRISH or self.options.tracker_every_turn

    def _actions(self) -> list[Move]:
        """Steps and pushes (rulings 5-9), then two-troop pushes, then deployments (ruling 16)."""
        if self.actions >= 2:
            return []
        board, kind, terrain, stun, acted = self.board, self.kind, self.terrain, self.stun, self.acted
        side = self.to_move
        viking = side is Side.VIKING
        steps, pairs = [], []
        for frm in range(64):
            piece = board[frm]
            if not piece or SIDE_OF[kind[piece]] is not side or piece in acted:
                continue
            stunned = stun[piece] > 0
            strength = STRENGTH[kind[piece]]
            row = STEP_MOVES[frm]
            for d, t in NEIGHBOURS[frm]:
                if terrain[t] == RIVER:  # ruling 6: never onto a river tile
                    continue
                target = board[t]
                if not target:
                    if not (stunned and viking and terrain[t] == VILLAGE):  # a stunned Viking cannot loot
                        steps.append(row[d])
                    continue
                if stunned:  # ruling 7: a stunned troop cannot push
                    continue
                plan = self._plan_push(t, d, strength)
                if plan is not None:
                    steps.append(row[d])
                # Ruling 9: a two-troop push is legal when the target is backed by its own piece
                # (a chain); its strength is 2 even behind a revealed Berserker or Chief.
                if strength == 1:
                    backed = plan is None and self._plan_push(t, d, 2) is not None
                else:
                    backed = plan is not None and self._plan_push(t, d, 1) is None
                if backed:
                    back = STEP[frm][OPPOSITE[d]]
                    if back >= 0:
                        helper = board[back]
                        if helper and SIDE_OF[kind[helper]] is side and helper not in acted and not stun[helper]:
                            pairs.append(TWO_PUSH_MOVES[frm][d])
        steps.extend(pairs)
        if not viking and self._reserve_at_start() > 0:
            for square in range(64):
                if terrain[square] == VILLAGE and not board[square]:
                    steps.append(DEPLOY_MOVES[square])
        return steps

    def _plan_push(self, t: int, d: int, strength: int) -> tuple[int, int] | None:
        """Ruling 8: what a push of strength `strength` into square `t`, direction `d`, does.
        Returns (_ELIM_P | _MOVE_P | _ELIM_Q | _MOVE_Q, square) or None when illegal."""
        board, kind, terrain = self.board, self.kind, self.terrain
        pushed = board[t]
        side = SIDE_OF[kind[pushed]]
        u = STEP[t][d]
        if u < 0 or terrain[u] == RIVER or (terrain[u] == VILLAGE and side is Side.VIKING):
            return _ELIM_P, t
        beyond = board[u]
        if not beyond:
            return _MOVE_P, u
        if SIDE_OF[kind[beyond]] is not side:
            return _ELIM_P, t  # pushed into an opposing piece
        if strength < 2:
            return None  # a chain needs strength 2
        w = STEP[u][d]
        if w < 0 or terrain[w] == RIVER or (terrain[w] == VILLAGE and side is Side.VIKING):
            return _ELIM_Q, u
        third = board[w]
        if not third:
            return _MOVE_Q, w
        if SIDE_OF[kind[third]] is not side:
            return _ELIM_Q, u
        return None  # a third piece in line

    def _setup_moves(self) -> list[Move]:
        """Rulings 2-4: the setup steps."""
        phase, terrain, board = self.phase, self.terrain, self.board
        if phase is Phase.RIVER_LAY:
            return [Move(MoveKind.LAY_RIVER, to=4), Move(MoveKind.LAY_RIVER, to=5)]
        if phase is Phase.RIVER_SHIFT:
            other = 4 if self.river_rank == 5 else 5
            base, target = 8 * (self.river_rank - 1), 8 * (other - 1)
            moves = [Move(MoveKind.SHIFT_RIVER, frm=base + f, to=target + f)
                     for f in range(8) if terrain[base + f] == Terrain.RIVER]
            if self.setup_count >= self.rules.shifts[0] and self.setup_count < self.rules.shifts[1]:
                moves.append(END)
            return moves
        if phase is Phase.RIVER_REMOVE:
            return [Move(MoveKind.REMOVE_RIVER, to=s) for s in range(64) if terrain[s] == Terrain.RIVER] + [END]
        if phase is Phase.VILLAGES:
            return [Move(MoveKind.VILLAGE, to=s) for s in range(16, 40) if terrain[s] == Terrain.OPEN]
        if phase is Phase.VIKING_TROOPS:
            kinds = [k for k in HIDDEN_KINDS if self.supply[k]]
            return [Move(MoveKind.PLACE_VIKING, to=s, piece=k) for s in range(56, 64) if not board[s] for k in kinds]
        rows = range(0, 8 * self.rules.irish_rows)
        return [Move(MoveKind.PLACE_IRISH, to=s) for s in rows if not board[s]] + [END]

    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """None if `move` is legal, else the error saying why, citing the ruling."""
        text = move.notation()

        def refuse(reason: str, ruling: int | None = None) -> IllegalMoveError:
            return IllegalMoveError(text, reason, ruling)

        if self._outcome is not None:
            return refuse(f"the game is over: {self._outcome}")
        if move in self.legal_moves():
            return None
        if self.phase is not Phase.PLAY:
            return refuse(f"not a legal setup step now (setup step: {self.phase.name.lower().replace('_', ' ')})")
        side = self.to_move
        if move.kind is MoveKind.END:
            return refuse("a player who can act must take at least one action", 5)
        if move.kind is MoveKind.DEPLOY:
            if side is not Side.IRISH:
                return refuse("only the Irish deploy troops", 16)
            if self._reserve_at_start() == 0:
                return refuse("there is no Irish troop in Reserve", 16)
            if self.terrain[move.to] != Terrain.VILLAGE:
                return refuse(f"{square_name(move.to)} is not an unlooted village", 16)
            return refuse(f"the village on {square_name(move.to)} is not empty", 16)
        if move.kind not in (MoveKind.STEP, MoveKind.TWO_PUSH):
            return refuse("that is a setup step; the game is in play")
        if self.actions >= 2:
            return refuse("a turn has at most two actions", 5)
        piece = self.board[move.frm]
        where = square_name(move.frm)
        if not piece:
            return refuse(f"there is no troop on {where}")
        if self.side_of(piece) is not side:
            return refuse(f"the troop on {where} is not the {side.label}s' to move", 5)
        if piece in self.acted:
            return refuse(f"the troop on {where} has already acted this turn", 5)
        d = DIRECTION_TO[move.frm][move.to]
        if self.terrain[move.to] == Terrain.RIVER:
            return refuse(f"{square_name(move.to)} is a river tile", 6)
        stunned = self.is_stunned(piece)
        target = self.board[move.to]
        if not target:
            if move.kind is MoveKind.TWO_PUSH:
                return refuse(f"{square_name(move.to)} is empty, there is nothing to push", 9)
            return refuse(f"the troop on {where} is stunned and cannot loot a village", 14)
        if stunned:
            return refuse(f"the troop on {where} is stunned and cannot push", 7)
        if move.kind is MoveKind.TWO_PUSH:
            helper = self.board[move.back]
            back = square_name(move.back)
            if not helper or self.side_of(helper) is not side:
                return refuse(f"no {side.label} troop on {back} to back the push", 9)
            if helper in self.acted:
                return refuse(f"the troop on {back} has already acted this turn", 5)
            if self.is_stunned(helper):
                return refuse(f"the troop on {back} is stunned and cannot back a push", 7)
            if self._plan_push(move.to, d, 1) is not None:
                return refuse("a two-troop push is only legal when strength 2 is needed", 9)
            return refuse("a third piece in line makes the push illegal", 8)
        if self._plan_push(move.to, d, 2) is None:
            return refuse("a third piece in line makes the push illegal", 8)
        return refuse("the pushed piece is backed by its own piece; that needs strength 2", 8)

    # ----------------------------------------------------------------- push / pop
    def push(self, move: Move) -> None:
        """Play `move` (legal moves only; see `push_checked` for a checked push)."""
        self._stack.append((self.board[:], self.terrain[:], self.kind[:], self.pos[:], self.stun[:],
                            self.tracker[:], self.reserve, self.defeated, self.chief_defeated,
                            self.berserkers_defeated, self.treasure, self.carrier, self.to_move,
                            self.phase, self.turn, self.actions, self.acted[:], self.started,
                            self.setup_count, self.river_rank, self.supply[:], self._outcome))
        self.move_stack.append(move)
        if self.phase is Phase.PLAY:
            self._play(move)
        else:
            self._setup(move)


    def pop(self) -> Move:
        (self.board, self.terrain, self.kind, self.pos, self.stun, self.tracker, self.reserve,
         self.defeated, self.chief_defeated, self.berserkers_defeated, self.treasure, self.carrier,
         self.to_move, self.phase, self.turn, self.actions, self.acted, self.started,
         self.setup_count, self.river_rank, self.supply, self._outcome) = self._stack.pop()
        return self.move_stack.pop()

    # ----------------------------------------------------------------- setup
    def _lay_river(self, rank: int) -> None:
        """Ruling 2: the tiles lie in a line across `rank`; the Irish shift some next."""
        self.river_rank = rank
        for f in range(8):
            self.terrain[8 * (rank - 1) + f] = int(Terrain.RIVER)
        self.phase, self.to_move, self.setup_count = Phase.RIVER_SHIFT, Side.IRISH, 0

    def _setup(self, move: Move) -> None:
        k = move.kind
        if k is MoveKind.LAY_RIVER:
            self._lay_river(move.to)
        elif k is MoveKind.SHIFT_RIVER:
            self.terrain[move.frm], self.terrain[move.to] = int(Terrain.OPEN), int(Terrain.RIVER)
            self.setup_count += 1
            most = self.rules.shifts[1]
            left = sum(self.terrain[8 * (self.river_rank - 1) + f] == Terrain.RIVER for f in range(8))
            if self.setup_count >= most or not left:
                self.phase, self.to_move = Phase.RIVER_REMOVE, Side.VIKING
        elif k is MoveKind.END and self.phase is Phase.RIVER_SHIFT:
            self.phase, self.to_move = Phase.RIVER_REMOVE, Side.VIKING
        elif k is MoveKind.REMOVE_RIVER or (k is MoveKind.END and self.phase is Phase.RIVER_REMOVE):
            if k is MoveKind.REMOVE_RIVER:
                self.terrain[move.to] = int(Terrain.OPEN)
            self.phase, self.to_move, self.setup_count = Phase.VILLAGES, Side.IRISH, 0
        elif k is MoveKind.VILLAGE:  # ruling 3: alternately, Irish first
            self.terrain[move.to] = int(Terrain.VILLAGE)
            self.setup_count += 1
            if self.setup_count >= self.counts.villages:
                self.phase, self.to_move = Phase.VIKING_TROOPS, Side.VIKING
            else:
                self.to_move = self.to_move.other
        elif k is MoveKind.PLACE_VIKING:  # ruling 4: face up on rank 8, reverses hidden
            self.add_piece(Kind(move.piece), move.to)
            self.supply[move.piece] -= 1
            if not any(self.supply[2:]):
                self.phase, self.to_move = Phase.IRISH_TROOPS, Side.IRISH
        elif k is MoveKind.PLACE_IRISH:
            self.add_piece(Kind.IRISH, move.to)
            self.supply[0] -= 1
            if not self.supply[0] or not [m for m in self._setup_moves() if m.kind is MoveKind.PLACE_IRISH]:
                self._start_play()
        else:  # END of Irish placement: the rest start in Reserve
            self._start_play()

    def _start_play(self) -> None:
        """Ruling 4-5: troops left over go to Reserve; the Vikings move first."""
        self.reserve += self.supply[0]
        self.supply[0] = 0
        self.phase, self.to_move, self.turn, self.actions, self.started = Phase.PLAY, Side.VIKING, 1, 0, False
        self._check_no_moves()

    # ----------------------------------------------------------------- play
    def _begin_turn(self) -> None:
        """Ruling 15: at the start of an Irish turn (option: every turn) the tracker moves down one
        space; a troop leaving space 1 goes to Reserve."""
        self.started = True
        if self.tracker and self._advances_tracker():
            ready = self.tracker.count(1)
            self.tracker = [space - 1 for space in self.tracker if space > 1]
            self.reserve += ready

    def _play(self, move: Move) -> None:
        if not self.started:
            self._begin_turn()
        if move.kind is MoveKind.END:
            self._end_turn()
            return
        self.actions += 1
        if move.kind is MoveKind.DEPLOY:
            self._deploy(move.to)
        else:
            self._act(move)
        self._check_winner()
        if self._outcome is not None or self.actions >= 2:
            self._end_turn()  # a winning action ends the turn too (docs/diagram-notation.md: the turn has ended)

    def _deploy(self, square: int) -> None:
        """Ruling 16: a Reserve troop onto an empty, unlooted village; it has acted."""
        self.reserve -= 1
        for piece, kind in enumerate(self.kind):
            if kind == Kind.IRISH and self.pos[piece] < 0:
                self.pos[piece], self.board[square], self.stun[piece] = square, piece, 0
                break
        else:
            piece = self.add_piece(Kind.IRISH, square)
        self.acted.append(piece)

    def _act(self, move: Move) -> None:
        """A step or push (rulings 6-14), then the treasure (17-20)."""
        board, side = self.board, self.to_move
        frm, t = move.frm, move.to
        d = DIRECTION_TO[frm][t]
        mover = board[frm]
        helper = board[move.back] if move.kind is MoveKind.TWO_PUSH else 0
        self.acted.append(mover)
        if helper:
            self.acted.append(helper)
        arrivals: list[tuple[int, int]] = []  # (piece, square it came from), actors first
        pushed = board[t]
        if pushed:
            strength = 2 if helper else STRENGTH[self.kind[mover]]
            result, square = self._plan_push(t, d, strength)
            if result == _ELIM_P:
                if self._eliminate(pushed, t, mover):
                    return  # ruling 12: a flip stops the push; the pushers stay
            else:
                if result == _ELIM_Q:
                    if self._eliminate(board[square], square, mover):
                        if SIDE_OF[self.kind[pushed]] is not side:
                            self._stun(pushed)
                        return
                elif result == _MOVE_Q:
                    u = STEP[t][d]
                    self._move(board[u], u, square, arrivals)
                self._move(pushed, t, STEP[t][d], arrivals)
                if SIDE_OF[self.kind[pushed]] is not side:  # ruling 10
                    self._stun(pushed)
        actors: list[tuple[int, int]] = []
        self._move(mover, frm, t, actors)
        if helper:
            self._move(helper, move.back, frm, actors)
        if side is Side.VIKING:  # ruling 14: an unstunned Viking entering a village loots it
            for piece in (mover, helper):
                if piece and self.terrain[self.pos[piece]] == VILLAGE:
                    self.terrain[self.pos[piece]] = LOOTED
        if self.options.pickup_own_move_only:
            arrivals = actors
        else:
            arrivals = actors + arrivals
        self._settle_treasure(arrivals)

    def _move(self, piece: int, a: int, b: int, arrivals: list) -> None:
        self.board[a], self.board[b], self.pos[piece] = 0, piece, b
        if SIDE_OF[self.kind[piece]] is Side.VIKING:
            arrivals.append((piece, a))

    def _stun(self, piece: int) -> None:
        """Ruling 11: until the end of the owner's next turn that starts after now; the later end wins."""
        until = self.turn + (2 if SIDE_OF[self.kind[piece]] is self.to_move else 1)
        if self.stun[piece] < until:
            self.stun[piece] = until

    def _eliminate(self, piece: int, square: int, actor: int) -> bool:
        """Rulings 12, 13, 15, 19: eliminate a pushed piece. Returns True when a hidden Berserker or
        Chief flips and survives (it stays, revealed and stunned, and the push stops)."""
        kind = self.kind[piece]
        if kind == Kind.IRISH:
            self.board[square], self.pos[piece], self.stun[piece] = 0, -1, 0
            self.tracker.append(1 + self.unlooted())  # ruling 15
            self.tracker.sort()
            if self.carrier == piece:  # ruling 19: an Irish carrier eliminated
                self.treasure, self.carrier = Treasure.IRISH_SIDE, 0
            return False
        if kind in REVEALED:
            self.kind[piece] = REVEALED[kind]
            self._stun(piece)
            return True
        if kind == Kind.UNKNOWN:
            raise ValueError("a piece whose reverse is unknown cannot be resolved; determinise the view first")
        self.board[square], self.pos[piece], self.stun[piece] = 0, -1, 0
        self.defeated += 1  # ruling 13
        if kind == Kind.CHIEF:
            self.chief_defeated = True
        elif kind == Kind.BERSERKER:
            self.berserkers_defeated += 1
        if self.carrier == piece:  # ruling 19
            if self.to_move is Side.IRISH:
                self.carrier = actor
            else:
                self.treasure, self.carrier = Treasure.IRISH_SIDE, 0
        return False

    def _settle_treasure(self, arrivals: list[tuple[int, int]]) -> None:
        """Rulings 18-20, when an action ends."""
        if self.treasure is Treasure.CARRIED:
            rank = rank_of(self.pos[self.carrier])
            if SIDE_OF[self.kind[self.carrier]] is Side.IRISH:
                if rank == 1:
                    self.treasure, self.carrier = Treasure.IRISH_SIDE, 0
            elif rank == 8:
                self.treasure, self.carrier = Treasure.VIKING_SIDE, 0
        if self.treasure is Treasure.IRISH_SIDE:
            for piece, came_from in arrivals:
                square = self.pos[piece]
                if square >= 0 and square < 8 and came_from >= 8:
                    self.treasure, self.carrier = Treasure.CARRIED, piece
                    break

    def _check_winner(self) -> None:
        """Ruling 22: the first side to hold enough points wins; on a tie the side that acted."""
        need = self.numbers.points_to_win
        flags = self.point_flags()
        irish, vikings = sum(flags[:3]), sum(flags[3:])
        if irish < need and vikings < need:
            return
        mover = self.to_move
        mine = irish if mover is Side.IRISH else vikings
        winner = mover if mine >= need else mover.other
        self._outcome = outcome_of(winner, Termination.POINTS, self.points(winner))

    def _end_turn(self) -> None:
        """Stuns placed for this turn end; the other side's turn begins (ruling 11)."""
        now = self.turn
        stun = self.stun
        for piece, until in enumerate(stun):
            if until and until <= now:
                stun[piece] = 0
        self.to_move = self.to_move.other
        self.turn += 1
        self.actions, self.acted, self.started = 0, [], False
        if self._outcome is not None:
            return  # the game is over: no further turn begins
        if self.options.turn_cap and self.turn > self.options.turn_cap:
            self._outcome = outcome_of(None, Termination.TURN_CAP)
            return
        self._check_no_moves()

    def _check_no_moves(self) -> None:
        """Ruling 5, option no-moves=lose: a side with no legal action at the start of its turn loses."""
        if self.options.no_moves_loses and self._outcome is None and not self._actions():
            winner = self.to_move.other
            self._outcome = outcome_of(winner, Termination.NO_MOVES, self.points(winner))

    # ----------------------------------------------------------------- for the generic core
    def piece_at(self, square: int) -> Piece | None:
        """The piece on `square`, or None."""
        piece = self.board[square]
        if not piece:
            return None
        carries = self.treasure is Treasure.CARRIED and self.carrier == piece
        return Piece(SIDE_OF[self.kind[piece]], Kind(self.kind[piece]), self.stun[piece] > 0, carries)

    def __repr__(self) -> str:
        return f"<State turn {self.turn}, {self.to_move.label} to move\n{self.diagram()}>"

    def in_setup(self) -> bool:
        return self.phase is not Phase.PLAY

    def is_hidden(self) -> bool:
        return _UNKNOWN in self.kind

    def play_turn(self, moves) -> None:
        """One `play:` line: one or two actions by the side to move, then the turn ends (an `end`
        is added when the turn is still open). A move after the turn ended is refused (ruling 5)."""
        side = self.to_move
        for index, move in enumerate(moves):
            if index and self.to_move is not side and not self.is_game_over():
                raise _at(IllegalMoveError(move.notation(), f"the turn ended after "
                                                            f"{moves[index - 1].notation()}", 5), index)
            error = self.why_illegal(move)
            if error is not None:
                raise _at(error, index)
            self.push(move)
        if not self.is_game_over() and self.to_move is side:
            self.push(END)

    def motions(self, move: Move) -> list[Motion]:
        """The acting troops' travel: a step or push, a two-troop push's backing troop, a deployment
        (from off the board at the Irish edge)."""
        side = self.to_move.label
        if move.kind is MoveKind.DEPLOY:
            return [Motion(None, move.to, side, "move")]
        if move.kind is MoveKind.TWO_PUSH:
            return [Motion(move.back, move.frm, side, "back"), Motion(move.frm, move.to, side, "move")]
        if move.kind is MoveKind.STEP:
            return [Motion(move.frm, move.to, side, "move")]
        return []

    def effect(self, move: Move) -> Effect:
        """What `move` does (rulings 8-14): the pushed pieces' paths, the pieces removed (drawn one
        square beyond, where they were pushed to) and the flips."""
        result = Effect(self.motions(move))
        state = self.copy()
        pos, kind = self.pos, self.kind
        actors = set()
        if move.kind in (MoveKind.STEP, MoveKind.TWO_PUSH):
            actors.add(self.board[move.frm])
        if move.kind is MoveKind.TWO_PUSH:
            actors.add(self.board[move.back])
        d = DIRECTION_TO[move.frm][move.to] if move.kind in (MoveKind.STEP, MoveKind.TWO_PUSH) else -1
        state.push(move)
        for piece in range(1, len(pos)):
            if piece in actors or pos[piece] < 0:
                continue
            now = state.pos[piece]
            if now == pos[piece]:
                if state.kind[piece] != kind[piece]:
                    result.flipped.append(now)
                continue
            side = SIDE_OF[kind[piece]].label
            if now >= 0:
                result.motions.append(Motion(pos[piece], now, side, "push"))
            else:
                df, dr = DIRECTIONS[d] if d >= 0 else (0, 0)
                f, r = pos[piece] % 8, pos[piece] // 8
                beyond = (f + df, r + dr)
                result.motions.append(Motion(pos[piece], beyond, side, "push"))
                result.removals.append(Removal(pos[piece], beyond, FACE_OF_KIND[Kind(kind[piece])]))
        return result

    def cell_art(self, square: int) -> CellArt:
        """The kit's faces on `square`: its ground, the piece (a hidden reverse shown as a badge
        letter), and the stun and treasure markers."""
        terrain = self.terrain[square]
        piece = self.board[square]
        if not piece:
            return _empty_art(terrain)
        ground = FACE_OF_TERRAIN.get(terrain)
        kind = Kind(self.kind[piece])
        overlays = ((("stun-badge", "br"),) if self.stun[piece] else ()) + \
            ((("treasure", "bl"),) if self.treasure is Treasure.CARRIED and self.carrier == piece else ())
        return CellArt(ground, FACE_OF_KIND[kind], HIDDEN_HINT.get(kind, ""), overlays, terrain != RIVER)

    def notes(self) -> str:
        """The state lines a reader needs beside the grid, in words."""
        parts = []
        if self.tracker:
            parts.append("tracker: " + ", ".join(map(str, sorted(self.tracker))))
        if self.reserve:
            parts.append(f"reserve: {self.reserve}")
        if self.treasure is Treasure.VIKING_SIDE:
            parts.append("treasure: Viking side")
        if self.defeated:
            parts.append(f"Vikings defeated: {self.defeated}")
        if self.chief_defeated:
            parts.append("Chief defeated")
        return " \u00b7 ".join(parts)

    # ----------------------------------------------------------------- hidden information
    def view(self, side: Side) -> "State":
        """What `side` sees: for the Irish, every hidden Viking reverse becomes `UNKNOWN`."""
        seen = self.copy()
        if side is Side.IRISH:
            seen.kind = [int(Kind.UNKNOWN) if k in HIDDEN_KINDS and self.pos[i] >= 0 else k
                         for i, k in enumerate(self.kind)]  # a removed plain troop was seen
            if self.phase is Phase.VIKING_TROOPS:  # before placement it is the public counts
                seen.supply = [self.supply[0], 0, 0, 0, 0]
        return seen

    def unseen_reverses(self) -> dict[Kind, int]:
        """The reverses the Irish have not seen, on the board or still to be placed: the counts
        minus the revealed pieces and the removed ones. Used to sample a view."""
        c = self.counts
        face_up = [k for i, k in enumerate(self.kind) if self.pos[i] >= 0]
        chiefs = c.chiefs - face_up.count(Kind.CHIEF) - int(self.chief_defeated)
        berserkers = c.berserkers - face_up.count(Kind.BERSERKER) - self.berserkers_defeated
        plain = c.plain_vikings - (self.defeated - int(self.chief_defeated) - self.berserkers_defeated)
        return {Kind.VIKING: max(0, plain), Kind.HIDDEN_BERSERKER: max(0, berserkers),
                Kind.HIDDEN_CHIEF: max(0, chiefs)}

    def determinize(self, rng: random.Random) -> "State":
        """A full state consistent with this view: the unseen reverses are shuffled and dealt to
        the hidden pieces on the board; during setup the rest are the Vikings' supply."""
        sample = self.copy()
        pool = [int(kind) for kind, n in self.unseen_reverses().items() for _ in range(n)]
        rng.shuffle(pool)
        for piece, kind in enumerate(self.kind):
            if self.pos[piece] >= 0 and kind in HIDDEN_OR_UNKNOWN:
                sample.kind[piece] = pool.pop() if pool else int(Kind.VIKING)
        if sample.phase <= Phase.VIKING_TROOPS:
            for kind in HIDDEN_KINDS:
                sample.supply[kind] = pool.count(kind)
        return sample


def _at(error: IllegalMoveError, index: int) -> IllegalMoveError:
    error.index = index
    return error


_UNKNOWN = int(Kind.UNKNOWN)
# The kit's faces for what a diagram shows.
FACE_OF_KIND = {Kind.IRISH: "irish", Kind.VIKING: "viking-front", Kind.HIDDEN_BERSERKER: "viking-front",
                Kind.HIDDEN_CHIEF: "viking-front", Kind.BERSERKER: "viking-berserker",
                Kind.CHIEF: "viking-chief", Kind.UNKNOWN: "viking-front"}
HIDDEN_HINT = {Kind.HIDDEN_BERSERKER: "B", Kind.HIDDEN_CHIEF: "C"}
FACE_OF_TERRAIN = {int(Terrain.RIVER): "river", int(Terrain.VILLAGE): "village", int(Terrain.LOOTED): "village-looted"}

# Every play move is built once and reused (STEP_MOVES[square][direction], ...).
STEP_MOVES = tuple(tuple(Move(MoveKind.STEP, frm=s, to=STEP[s][d]) if STEP[s][d] >= 0 else None
                         for d in range(8)) for s in range(64))
TWO_PUSH_MOVES = tuple(tuple(Move(MoveKind.TWO_PUSH, frm=s, to=STEP[s][d], back=STEP[s][OPPOSITE[d]])
                             if STEP[s][d] >= 0 and STEP[s][OPPOSITE[d]] >= 0 else None
                             for d in range(8)) for s in range(64))
DEPLOY_MOVES = tuple(Move(MoveKind.DEPLOY, to=s) for s in range(64))


@lru_cache(maxsize=None)
def _empty_art(terrain: int) -> CellArt:
    """An empty square's art, one per terrain (most squares of a diagram are empty)."""
    return CellArt(FACE_OF_TERRAIN.get(terrain), ground_inset=terrain != RIVER)
