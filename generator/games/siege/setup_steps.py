"""Setup, rulings 1-4: a new game (the treasure on the Irish side), the river laid, shifted and
thinned (ruling 2), the villages placed in turn (ruling 3), then the Viking and the Irish troops
(ruling 4); play starts with the Vikings and the leftover Irish troops in Reserve (rulings 4-5).

`Setup` is a part of `State` (generator/games/siege/state.py): its methods work on the state's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import BOARD, VILLAGE_SQUARES
from .enums import HIDDEN_KINDS, OPEN, RIVER, Kind, Phase, Side, Terrain
from .moves import (END, PLACE_IRISH_MOVES, PLACE_VIKING_MOVES, REMOVE_RIVER_MOVES, SHIFT_RIVER_MOVES, VILLAGE_MOVES,
                    Move, MoveKind)

if TYPE_CHECKING:
    from .game import SiegeGame
    from .state import State


class Setup:
    """The setup steps of a `State`."""

    __slots__ = ()

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

    def _setup_moves(self) -> list[Move]:
        """Rulings 2-4: the setup steps (the troops' placements first: most of the setup's steps)."""
        phase, terrain, board = self.phase, self.terrain, self.board
        if phase is Phase.VIKING_TROOPS:
            kinds = [k for k in HIDDEN_KINDS if self.supply[k]]
            return [PLACE_VIKING_MOVES[s][k] for s in BOARD.rank_squares(BOARD.ranks) if not board[s] for k in kinds]
        if phase is Phase.IRISH_TROOPS:
            rows = BOARD.rank_squares(1, self.rules.irish_rows)
            return [PLACE_IRISH_MOVES[s] for s in rows if not board[s]] + [END]
        if phase is Phase.RIVER_LAY:
            return [Move(MoveKind.LAY_RIVER, to=4), Move(MoveKind.LAY_RIVER, to=5)]
        if phase is Phase.RIVER_SHIFT:
            other = 4 if self.river_rank == 5 else 5
            moves = [SHIFT_RIVER_MOVES[frm, to]
                     for frm, to in zip(BOARD.rank_squares(self.river_rank), BOARD.rank_squares(other))
                     if terrain[frm] == RIVER]
            if self.setup_count >= self.rules.shifts[0] and self.setup_count < self.rules.shifts[1]:
                moves.append(END)
            return moves
        if phase is Phase.RIVER_REMOVE:
            return [REMOVE_RIVER_MOVES[s] for s in range(BOARD.size) if terrain[s] == RIVER] + [END]
        return [VILLAGE_MOVES[s] for s in VILLAGE_SQUARES if terrain[s] == OPEN]  # Phase.VILLAGES

    def _lay_river(self, rank: int) -> None:
        """Ruling 2: the tiles lie in a line across `rank`; the Irish shift some next."""
        self.river_rank = rank
        for square in BOARD.rank_squares(rank):
            self.terrain[square] = int(Terrain.RIVER)
        self.phase, self.to_move, self.setup_count = Phase.RIVER_SHIFT, Side.IRISH, 0

    def _setup(self, move: Move) -> None:
        k = move.kind
        # The troops' placements first: they are most of the setup's steps.
        if k is MoveKind.PLACE_VIKING:  # ruling 4: face up on rank 8, reverses hidden
            self.add_piece(Kind(move.piece), move.to)
            self.supply[move.piece] -= 1
            if not any(self.supply[2:]):
                self.phase, self.to_move = Phase.IRISH_TROOPS, Side.IRISH
        elif k is MoveKind.PLACE_IRISH:
            self.add_piece(Kind.IRISH, move.to)
            self.supply[0] -= 1
            if not self.supply[0] or all(self.board[s] for s in BOARD.rank_squares(1, self.rules.irish_rows)):
                self._start_play()
        elif k is MoveKind.LAY_RIVER:
            self._lay_river(move.to)
        elif k is MoveKind.SHIFT_RIVER:
            self.terrain[move.frm], self.terrain[move.to] = int(Terrain.OPEN), int(Terrain.RIVER)
            self.setup_count += 1
            most = self.rules.shifts[1]
            left = sum(self.terrain[s] == Terrain.RIVER for s in BOARD.rank_squares(self.river_rank))
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
        else:  # END of Irish placement: the rest start in Reserve
            self._start_play()

    @classmethod
    def from_setup(cls, game: SiegeGame, rules: str | None, options: dict | None, terrain: list[int],
                   pieces: dict[int, Kind], reserve: int) -> "State":
        """The start of play reached by a legal set-up that ends with this board (`terrain` and
        `pieces` by square) and `reserve` Irish troops held back: the set-up steps that lead to
        it are derived from the board and played through the engine, each checked as a move
        (rulings 1-4). Raises ValueError naming the first step the rules refuse."""
        refusals = []  # (steps played, why), the path that went furthest says why
        for steps in cls._setup_paths(game, rules, options, terrain, pieces):
            state = cls.new_game(game, rules, options)
            phase = None
            for done, step in enumerate(steps):
                phase = state.phase.name.lower().replace("_", " ")
                if step not in state.legal_moves():
                    refusals.append((done, f"set-up step {step.notation()} is not allowed ({phase})"))
                    break
                state.push(step)
            else:
                if state.phase is not Phase.PLAY:
                    refusals.append((len(steps), f"the set-up is not finished ({phase})"))
                elif state.reserve != reserve:
                    refusals.append((len(steps), f"{state.reserve} Irish troops are left for the Reserve, "
                                                 f"not {reserve}"))
                else:
                    return state
        raise ValueError(max(refusals)[1] if refusals else "no set-up leads to this board")

    @classmethod
    def _setup_paths(cls, game: SiegeGame, rules, options, terrain: list[int], pieces: dict[int, Kind]):
        """The set-up steps that may lead to the board (the removed tile's rank, and in the draft
        the rank the river was laid on, can only be guessed: each guess is one path)."""
        probe = cls.new_game(game, rules, options)
        lay = (4, 5) if probe.phase is Phase.RIVER_LAY else (probe.river_rank,)
        for laid in lay:
            other = 4 if laid == 5 else 5
            base, target = 8 * (laid - 1), 8 * (other - 1)
            shifted = [f for f in range(8) if terrain[target + f] == Terrain.RIVER]
            gone = [f for f in range(8) if Terrain.RIVER not in (terrain[base + f], terrain[target + f])]
            for removed_shifted in ((False, True) if gone else (False,)):
                steps = [Move(MoveKind.LAY_RIVER, to=laid)] if len(lay) > 1 else []
                moved = sorted(shifted + (gone if removed_shifted else []))
                steps += [Move(MoveKind.SHIFT_RIVER, frm=base + f, to=target + f) for f in moved]
                if len(moved) < probe.rules.shifts[1]:
                    steps.append(END)
                steps += [Move(MoveKind.REMOVE_RIVER, to=(target if removed_shifted else base) + f) for f in gone]
                if not gone:
                    steps.append(END)
                steps += [Move(MoveKind.VILLAGE, to=s) for s in range(64) if terrain[s] == Terrain.VILLAGE]
                steps += [Move(MoveKind.PLACE_VIKING, to=s, piece=int(kind)) for s, kind in sorted(pieces.items())
                          if kind in HIDDEN_KINDS]
                irish = [Move(MoveKind.PLACE_IRISH, to=s) for s, kind in sorted(pieces.items()) if kind is Kind.IRISH]
                yield steps + irish + ([END] if len(irish) < game.counts.irish_troops else [])

    def _start_play(self) -> None:
        """Ruling 4-5: troops left over go to Reserve; the Vikings move first."""
        self.reserve += self.supply[0]
        self.supply[0] = 0
        self.phase, self.to_move, self.turn, self.actions, self.started = Phase.PLAY, Side.VIKING, 1, 0, False
        self._check_no_moves()
