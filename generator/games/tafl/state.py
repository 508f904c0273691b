"""The Tafl game state: moves, captures, the king, repetition and the optional rules, by
docs/rulings/tafl.md (numbers in docstrings are its rulings).

The API is python-chess's: a mutable `TaflState` with `push(move)` / `pop()` over a stack of
snapshots, `legal_moves()` in ascending order, `outcome()` once the game is over. The board is a
flat list of cell values (EMPTY, ATTACKER, DEFENDER, KING); rays and the moves along them come
precomputed from `board.Geometry`. No rendering code lives here.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Callable, Sequence

from ..base import CellArt, Effect, IllegalMoveError, Motion, Outcome, Removal, Snapshot, State, Zone
from .board import (ATTACKER, EMPTY, END, KING, LETTERS, OWNER, PIECES, SIDES, Geometry,
                    Move, Piece, Side, geometry)

if TYPE_CHECKING:
    from .game import TaflGame

ATTACKERS, DEFENDERS = Side.ATTACKERS, Side.DEFENDERS


class Options:
    """The resolved options (the rulings marked option) as plain values for the hot paths."""

    __slots__ = ("armed_king", "edge_king", "shield_wall", "berserker", "skilled_play",
                 "turn_limit", "turn_cap")

    def __init__(self, values: dict[str, str]):
        self.armed_king = values["unarmed-king"] == "off"      # ruling 8
        self.edge_king = values["edge-king"] == "on"           # ruling 11
        self.shield_wall = values["shield-wall"] == "on"       # ruling 12
        self.berserker = values["berserker"] == "on"           # ruling 14
        self.skilled_play = values["skilled-play"] == "on"     # ruling 15
        self.turn_limit = int(values["turn-limit"])            # ruling 15
        self.turn_cap = int(values["turn-cap"])                # ruling 13


# What `push` saves and `pop` puts back: the position's mutable fields, listed once. Nothing saved
# is changed afterwards: `push` plays on a copy of the board and replaces the other fields.
SNAPSHOT = Snapshot("board", "occupied", "squares", "king", "to_move", "turn", "last", "chain",
                    "defender_turns", "_outcome")
_save, _restore = SNAPSHOT.save, SNAPSHOT.restore


class TaflState(State):
    """A Tafl position with its history. Make one with `TaflGame.new_initial_state()` or
    `TaflState.from_diagram(text)` (a diagram of docs/diagram-notation.md)."""

    def __init__(self, game: "TaflGame", options: dict[str, object] | None = None):
        self.game = game
        merged: dict[str, object] = dict(game.options)
        merged.update(options or {})
        self.options = Options(game.check_options(merged))
        self.geo: Geometry = geometry(game.size)
        self.n = self.geo.n
        self.board = [EMPTY] * self.geo.size
        self.occupied = 0                    # a bit per token, for the move generator
        self.squares: tuple[list[int], list[int]] = ([], [])  # each side's squares, ascending
        self.king = -1                       # the king's square, -1 once captured
        self.to_move = DEFENDERS if self.options.skilled_play else ATTACKERS
        self.turn = 1                        # turns played, plus one
        self.last: tuple[tuple[Move, ...], tuple[Move, ...]] = ((), ())  # each side's previous turn
        self.chain: tuple[Move, ...] = ()   # the moves made so far in a berserker turn
        self.defender_turns = 0              # ruling 15
        self.turn_limit = self.options.turn_limit  # fixed for the game (a diagram's turn-limit line sets it)
        self._outcome: Outcome | None = None
        self._stack: list[tuple] = []
        self.move_stack: list[Move] = []

    def place(self, square: int, letter: str) -> None:
        """Put a token (`A`, `D` or `K`) on an empty square; for building positions."""
        value = LETTERS.index(letter)
        if self.board[square]:
            raise ValueError(f"{self.geo.name(square)} is occupied")
        if value == KING:
            if self.king >= 0:
                raise ValueError("there is only one king")
            self.king = square
        self.board[square] = value
        self.occupied |= 1 << square
        mine = sorted(self.squares[OWNER[value]] + [square])
        self.squares = (mine, self.squares[1]) if value == ATTACKER else (self.squares[0], mine)

    def copy(self, stack: bool = False) -> "TaflState":
        """An independent copy; with `stack`, the history too."""
        other = TaflState.__new__(TaflState)
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other._stack = self._stack[:] if stack else []
        other.move_stack = self.move_stack[:] if stack else []
        return other

    # ----------------------------------------------------------------- queries
    def piece_at(self, square: int) -> Piece | None:
        return PIECES[self.board[square]]

    def count(self, letter: str) -> int:
        """How many tokens of a kind (`A`, `D` or `K`) are on the board."""
        return self.board.count(LETTERS.index(letter))

    def cell_art(self, square: int) -> CellArt:
        geo = self.geo
        ground = "tafl-throne" if square == geo.throne else "tafl-corner" if square in geo.corners else None
        piece = PIECES[self.board[square]]
        return CellArt(ground=ground, piece=piece.face if piece else None, ground_inset=False)

    def notes(self) -> str:
        parts = []
        if self.chain and self._outcome is None:
            parts.append(f"Berserker: the token on {self.geo.name(self._chain_square())} has captured "
                         f"and may move again, or stop.")
        if self.options.skilled_play:
            parts.append(f"Skilled play: the defenders have played {self.defender_turns} of "
                         f"{self.turn_limit} turns.")
        return " ".join(parts)

    def zones(self) -> tuple[Zone, ...]:
        """For the table: the tokens each side has captured (ruling 5), beside its edge, and with
        skilled play the turn track with its marker (ruling 15: the box, then a space a turn)."""
        setup = self.game.setup_or_none()
        zones = []
        if setup is not None:
            for captor, letter in ((ATTACKERS, "D"), (DEFENDERS, "A")):
                taken = max(0, setup.count(letter) - self.count(letter))
                face = PIECES[LETTERS.index(letter)].face
                zones.append(Zone(f"Captured by the {self.game.side_of(captor).plural}", captor.label,
                                  ((face, ""),) * taken))
        if self.options.skilled_play:
            place = str(self.defender_turns) if self.defender_turns else "Reserve"
            zones.append(Zone("Skilled play: the defenders' turns", DEFENDERS.label, (("tafl-turn", place),),
                              card="tracker"))
        return tuple(zones)

    def __repr__(self) -> str:
        return f"<TaflState\n{self.diagram()}>"

    def key(self, observer=None) -> tuple:
        """The position (`State.key`; Tafl hides nothing): the board, the side to move, the turns
        the repetition rule remembers, a berserker chain and the skilled-play count, without the
        turn number, so a position repeated later has the same key."""
        return (tuple(self.board), self.to_move, self.last, self.chain, self.defender_turns, self._outcome)

    # ----------------------------------------------------------------- legal moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, ascending; empty once the game is over. In a berserker turn after a
        capture: `END` and the capturing token's moves (ruling 14)."""
        if self._outcome is not None:
            return []
        banned_square, banned = self._ban()
        if self.chain:
            return [END] + self._token_moves(self._chain_square(), banned)
        board, occupied = self.board, self.occupied
        king_lanes, man_lanes = self.geo.king_lanes, self.geo.man_lanes
        moves: list[Move] = []
        for frm in self.squares[self.to_move]:
            if frm == banned_square:
                moves += self._token_moves(frm, banned)
                continue
            m0, r0, m1, r1, m2, r2, m3, r3 = king_lanes[frm] if board[frm] == KING else man_lanes[frm]
            moves += r0[(occupied & m0).bit_length()]
            moves += r1[(occupied & m1).bit_length()]
            x = occupied & m2
            moves += r2[(x & -x).bit_length()]
            x = occupied & m3
            moves += r3[(x & -x).bit_length()]
        return moves

    def _token_moves(self, frm: int, banned: tuple[Move, ...] = ()) -> list[Move]:
        """Rulings 4-5: the moves of the token on `frm`, ascending, without the `banned` ones."""
        occupied = self.occupied
        lanes = self.geo.king_lanes[frm] if self.board[frm] == KING else self.geo.man_lanes[frm]
        m0, r0, m1, r1, m2, r2, m3, r3 = lanes
        x, y = occupied & m2, occupied & m3
        moves = [*r0[(occupied & m0).bit_length()], *r1[(occupied & m1).bit_length()],
                 *r2[(x & -x).bit_length()], *r3[(y & -y).bit_length()]]
        for move in banned:
            moves = [m for m in moves if m is not move]
        return moves

    def _chain_square(self) -> int:
        return self.chain[-1].squares(self.n)[1]

    def _ban(self, side=None) -> tuple[int, tuple[Move, ...]]:
        """Ruling 6: where the token that moved in its side's previous turn stands (-1: nowhere,
        or captured) and the moves it may not make now: back onto a square it started a move
        from in that turn. For the side to move, or for `side` at the start of its next turn."""
        side = self.to_move if side is None else side
        previous = self.last[side]
        if not previous:
            return -1, ()
        n, geo = self.n, self.geo
        last = previous[-1]
        square = last.to_rank * n + last.to_file
        if self.chain and side is self.to_move:
            # mid-turn: the same token only if this turn's chain started there
            if self.chain[0].squares(n)[0] != square:
                return -1, ()
            square = self._chain_square()
        elif OWNER[self.board[square]] != side:
            return -1, ()  # that token was captured
        if len(previous) == 1:
            return square, (geo.move(square, last.from_rank * n + last.from_file),)
        return square, tuple(geo.move(square, m.from_rank * n + m.from_file) for m in previous)

    def _has_move(self) -> bool:
        """Ruling 7: whether the side to move has any legal move (the repetition rule counts)."""
        banned_square, banned = self._ban()
        board, occupied = self.board, self.occupied
        king_lanes, man_lanes = self.geo.king_lanes, self.geo.man_lanes
        for frm in self.squares[self.to_move]:
            if frm == banned_square:
                if self._token_moves(frm, banned):
                    return True
                continue
            m0, r0, m1, r1, m2, r2, m3, r3 = king_lanes[frm] if board[frm] == KING else man_lanes[frm]
            x, y = occupied & m2, occupied & m3
            if (r0[(occupied & m0).bit_length()] or r1[(occupied & m1).bit_length()]
                    or r2[(x & -x).bit_length()] or r3[(y & -y).bit_length()]):
                return True
        return False

    # ----------------------------------------------------------------- why not
    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """None when `move` is legal, else the error saying why, citing the ruling."""
        text = move.notation()

        def refuse(reason: str, ruling: int) -> IllegalMoveError:
            return IllegalMoveError(text, reason, ruling)

        if self._outcome is not None:
            return refuse(f"the game is over: {self._outcome}", 13)
        if move.is_end:
            if self.chain:
                return None
            if not self.options.berserker:
                return refuse("'end' stops a berserker turn (option berserker); this game has none", 14)
            return refuse("'end' stops a berserker turn after a capture; no capture has been made this turn", 14)
        n, geo, board = self.n, self.geo, self.board
        if not move.on_board(n):
            return refuse(f"the board is {n} x {n}: a move stays within a1-{geo.name(geo.size - 1)}", 1)
        frm, to = move.squares(n)
        if self.chain and frm != self._chain_square():
            return refuse(f"in a berserker turn every move is by the token that captured, now on "
                          f"{geo.name(self._chain_square())}", 14)
        value = board[frm]
        name, target = geo.name(frm), geo.name(to)
        if not value:
            return refuse(f"there is no token on {name}", 4)
        if OWNER[value] != self.to_move:
            return refuse(f"the token on {name} belongs to the {self.to_move.other.label}; "
                          f"the {self.to_move.label} are to move", 4)
        if frm == to:
            return refuse("a move goes at least one square", 4)
        line = geo.line_between(frm, to)
        if line is None:
            return refuse(f"{name} and {target} are not on one rank or file: tokens never move diagonally", 4)
        for square in line:
            if board[square]:
                if square == to:
                    return refuse(f"{target} is occupied", 4)
                return refuse(f"the token on {geo.name(square)} is in the way", 4)
        if value != KING and geo.hostile[to]:
            where = "the throne" if to == geo.throne else "a corner"
            return refuse(f"only the king may end a move on {where} ({target})", 5)
        if move in self._ban()[1]:
            return refuse(f"the token on {name} started a move from {target} in its side's previous "
                          f"turn and may not return there", 6)
        return None

    # ----------------------------------------------------------------- push / pop
    snapshot = SNAPSHOT

    def _apply(self, move: Move) -> None:
        """Play a legal move. Ends the turn unless the move captured and the berserker option lets
        the token go on (ruling 14)."""
        if move.is_end:
            self._end_turn(self.chain)
            return
        chain = self.chain + (move,)
        n = self.n
        frm = move.from_rank * n + move.from_file
        to = move.to_rank * n + move.to_file
        self.board = board = self.board[:]
        value = board[frm]
        board[frm] = EMPTY
        board[to] = value
        self.occupied ^= (1 << frm) | (1 << to)
        mover = self.to_move
        mine = self.squares[mover][:]
        mine.remove(frm)
        insort(mine, to)
        if value == KING:
            self.king = to
        captured = self._capture(to, value)
        if captured:
            theirs = self.squares[1 - mover][:]
            for square in captured:
                board[square] = EMPTY
                self.occupied ^= 1 << square
                theirs.remove(square)
            self.squares = (mine, theirs) if mover is ATTACKERS else (theirs, mine)
            if self.king >= 0 and board[self.king] != KING:
                self.king = -1
                self._outcome = Outcome(Side.ATTACKERS, "king-captured", ("king-captured",))  # ruling 13
        else:
            self.squares = (mine, self.squares[1]) if mover is ATTACKERS else (self.squares[0], mine)
        if value == KING and to in self.geo.corners:
            self._outcome = Outcome(Side.DEFENDERS, "king-escaped", ("king-escaped",))  # ruling 13
        if captured and self.options.berserker and self._outcome is None:
            self.chain = chain
            if self._token_moves(to, self._ban()[1]):
                return  # ruling 14: the token may move again
        self._end_turn(chain)

    def _end_turn(self, moves: tuple[Move, ...]) -> None:
        """The turn's end: to-move passes, then skilled play's count (ruling 15), ruling 7's test
        for the side now to move, and the turn cap (ruling 13, option)."""
        side = self.to_move
        self.last = (moves, self.last[1]) if side is ATTACKERS else (self.last[0], moves)
        self.chain = ()
        self.to_move = SIDES[1 - side]
        self.turn += 1
        rules = self.options
        if side is DEFENDERS and rules.skilled_play:
            self.defender_turns += 1
            if self._outcome is None and self.defender_turns >= self.turn_limit:
                self._outcome = Outcome(Side.ATTACKERS, "turn-limit", ("turn-limit",))
        if self._outcome is None and not self._has_move():
            self._outcome = Outcome(side, "no-moves", ("no-moves",))
        if self._outcome is None and rules.turn_cap and self.turn > rules.turn_cap:
            self._outcome = Outcome(None, "turn-cap")

    # ----------------------------------------------------------------- captures
    def _capture(self, to: int, value: int) -> list[int]:
        """The squares whose tokens the token `value`, just arrived on `to`, captures, all judged
        on the board as it stands after the move: custodial captures (rulings 8-10: an enemy
        beside it with an own token - the king only when armed - or a hostile empty throne or
        corner beyond), the king (ruling 11) and shield walls (ruling 12). Ascending."""
        rules = self.options
        if value == KING and not rules.armed_king:
            return []  # ruling 8, unarmed-king: the king never helps capture
        board, geo = self.board, self.geo
        side = OWNER[value]
        armed = rules.armed_king
        hostile, steps = geo.hostile, geo.steps
        captured = []
        for d, beside in enumerate(steps[to]):
            if beside < 0:
                continue
            enemy = board[beside]
            if not enemy or enemy == KING or OWNER[enemy] == side:
                continue
            beyond = steps[beside][d]
            if beyond < 0:
                continue
            anvil = board[beyond]
            if anvil:
                if OWNER[anvil] == side and (anvil != KING or armed):
                    captured.append(beside)
            elif hostile[beyond]:
                captured.append(beside)
        if value == ATTACKER and self.king >= 0 and to in steps[self.king] and self._king_surrounded():
            captured.append(self.king)
        if rules.shield_wall:
            captured += self._shield_walls(to, side)
        if len(captured) > 1:
            captured = sorted(set(captured))
        return captured

    def _king_surrounded(self) -> bool:
        """Ruling 11: each square beside the king is an attacker, an empty throne or corner, or
        (option edge-king) off the board."""
        board, geo = self.board, self.geo
        for square in geo.steps[self.king]:
            if square < 0:
                if not self.options.edge_king:
                    return False
            elif board[square] != ATTACKER and not (board[square] == EMPTY and geo.hostile[square]):
                return False
        return True

    def _shield_walls(self, to: int, side: int) -> list[int]:
        """Ruling 12: each group of two or more orthogonally connected enemy tokens touching `to`
        whose every outside neighbour is a token of `side` (the king only when armed), a corner
        or off the board; its tokens but the king are captured."""
        board, geo = self.board, self.geo
        steps, corners = geo.steps, geo.corners
        armed = self.options.armed_king
        seen: set[int] = set()
        captured = []
        for start in steps[to]:
            if start < 0 or start in seen or not board[start] or OWNER[board[start]] == side:
                continue
            group, todo = {start}, [start]
            while todo:
                for t in steps[todo.pop()]:
                    if t >= 0 and t not in group and board[t] and OWNER[board[t]] != side:
                        group.add(t)
                        todo.append(t)
            seen |= group
            if len(group) < 2:
                continue
            closed = all(t < 0 or t in group or t in corners and not board[t]
                         or OWNER[board[t]] == side and (board[t] != KING or armed)
                         for s in group for t in steps[s])
            if closed:
                captured += [s for s in group if board[s] != KING]
        return captured

    # ----------------------------------------------------------------- turns and pictures
    def play_turn(self, moves: Sequence[Move]) -> None:
        """One whole turn, as a `play:` line: one move, or with berserker several moves of one
        token, each after a capturing move (ruling 14); then the turn ends. Raises
        IllegalMoveError with `index`, the refused move's place in `moves`."""
        side = self.to_move
        captured = False
        for index, move in enumerate(moves):
            if index and self._outcome is None and self.to_move is not side:
                error = IllegalMoveError(move.notation(), self._why_turn_ended(moves[index - 1], captured), 14)
            else:
                error = self.why_illegal(move)
            if error is not None:
                error.index = index
                raise error
            before = self.occupied.bit_count()
            self.push(move)
            captured = self.occupied.bit_count() < before
        if self._outcome is None and self.chain:
            self.push(END)

    def _why_turn_ended(self, move: Move, captured: bool) -> str:
        """Ruling 14: why a turn ended after `move`, in words."""
        text = move.notation()
        if not self.options.berserker:
            return (f"the turn ended after {text}: a turn is one move (a token that captured moves "
                    f"again only with the berserker option)")
        if not captured:
            return (f"the turn ended after {text}, which captured nothing: only a capturing move "
                    f"lets the token move again")
        return f"the turn ended after {text}: the token that captured has no further move"

    def effect(self, move: Move) -> Effect:
        """What `move` (legal here) does: the token's travel and every token it captures."""
        effect = Effect(motions=self.motions(move))
        if move.is_end:
            return effect
        after = self.copy()
        after.push(move)
        frm = move.squares(self.n)[0]
        for square, value in enumerate(self.board):
            if value and square != frm and not after.board[square]:
                effect.removals.append(Removal(frm=square, at=square, face=PIECES[value].face))
        return effect

    def motions(self, move: Move) -> list[Motion]:
        """The moving token's travel, legal or not (a refused move is drawn too)."""
        if move.is_end or not move.on_board(self.n):
            return []
        frm, to = move.squares(self.n)
        piece = PIECES[self.board[frm]]
        return [Motion(frm, to, (piece.side if piece else self.to_move).label, "move")]
