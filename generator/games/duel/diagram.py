"""Duel diagrams (docs/diagram-notation.md): a grid of `.` and tile cells (`K1`: a side-1 tile of
the kind lettered K, face 1; `k2`: a side-2 tile, face 2) and state lines, read into a `DuelState`
and printed back (`DuelState.from_diagram` / `state.diagram()` round-trip).

State lines: `to-move`, `phase`, `bag-SIDE`, `winner`, `turns` (with a turn cap), the derived
`frozen` and `guard` (checked only when written), and this package's extension `drawn` (a draw
under way: `?` at the chance node, else the kind drawn), so that every position prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import DiagramError, Grammar, Grid, ImpossiblePosition, Outcome, read_whole
from ..grid import grid_lines
from ..grid import read_grid as read_cells
from .moves import DRAW, DRAWN, PLACE, SETUP
from .state import DRAWING, NO_DRAW, PLAY_PHASE, SETUP_PHASE, DuelState
from .tables import encode

if TYPE_CHECKING:
    from .game import DuelGame

Lines = list[tuple[int, str]]
DERIVED = ("frozen", "guard")


class DuelGrammar(Grammar):
    """The grammar of ```duel blocks, bound to a game: its board, sides, kinds and letters."""

    def __init__(self, game: "DuelGame"):
        self.game = game
        self.t = game.lookup
        data = self.t.data
        self.sides = [key for key, _, _ in data.sides]
        self.bag_keys = tuple(f"bag-{key}" for key in self.sides)
        self.state_keys = ("to-move", "phase", *self.bag_keys, "winner", "turns", "frozen", "guard", "drawn")
        self.letters = {}
        for kind in data.kinds:
            self.letters[kind.letter] = (kind.index, 0)
            self.letters[kind.letter.lower()] = (kind.index, 1)

    # ----------------------------------------------------------------- reading
    def _cell(self, token: str) -> int:
        if token == ".":
            return 0
        if len(token) != 2 or token[0] not in self.letters or token[1] not in "12":
            letters = " ".join(kind.letter for kind in self.t.data.kinds)
            raise ValueError(f"bad cell {token!r}: expected . or a tile letter and its face, such as "
                             f"{self.t.data.kinds[0].letter}1 (side 1, capital) or "
                             f"{self.t.data.kinds[0].letter.lower()}2 (side 2); letters: {letters}")
        kind, seat = self.letters[token[0]]
        if not self.t.data.kinds[kind].counts[seat]:
            raise ImpossiblePosition(None, f"{token}: {self.t.data.kinds[kind].key} is not a tile of "
                                           f"{self.sides[seat]} (ruling 3)")
        return encode(kind, seat, int(token[1]) - 1)

    def read_grid(self, lines: Lines, start: int) -> tuple[Grid, int]:
        codes, end = read_cells(lines, start, self._cell, self.t.geo)
        return Grid(tuple(self._token(code) for code in codes), lines[start][0], tuple(codes)), end

    def parse_play(self, words: list[str]) -> tuple:
        """The moves of one `play:` line: a whole turn (`+KIND` alone is half a draw)."""
        moves = self.t.notation.parse_turn(words)
        if moves[0].kind in (DRAW, DRAWN) and moves[-1].kind != PLACE:
            raise ValueError(f"expected a draw and its placement such as +{self.t.data.kinds[0].key}@c2, "
                             f"got {' '.join(words)!r}")
        return moves

    def play_text(self, moves) -> str:
        """A draw as one move, `+spear@c2`, and a setup in words, `setup d1 c1 e1`, as the block
        writes them."""
        if moves and moves[0].kind == DRAW:
            return "".join(move.notation() for move in moves[1:])
        if moves and moves[0].kind == SETUP:
            return moves[0].notation().replace(":", " ").replace(",", " ")
        return super().play_text(moves)

    def build_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                    options: dict[str, str]) -> DuelState:
        """The position of a grid and state lines, taken as given: not judged for a win or a lack
        of actions. Raises DiagramError naming the line (ImpossiblePosition: a position the
        contract forbids)."""
        try:
            state = DuelState(self.game, options)
        except ValueError as exc:
            raise DiagramError(grid.line, str(exc)) from None
        t, data = self.t, self.t.data
        value = {key: " ".join(text.split()) for key, (_, text) in fields.items()}
        line = {key: number for key, (number, _) in fields.items()}
        state.set_board(grid.cells)
        leaders = tuple([s for s in state.pieces[seat] if t.kind_of[grid.cells[s]] == data.leader] for seat in (0, 1))
        if "to-move" in value:
            if value["to-move"] not in self.sides:
                raise DiagramError(line["to-move"], f"to-move must be {' or '.join(self.sides)}, got {value['to-move']!r}")
            state.mover = self.sides.index(value["to-move"])
        phase = value.get("phase", "play")
        if phase not in ("setup", "play"):
            raise DiagramError(line["phase"], f"phase must be setup or play, got {phase!r}")
        state.phase = SETUP_PHASE if phase == "setup" else PLAY_PHASE
        bags = list(state.bags)
        for seat, key in enumerate(self.bag_keys):
            if key in value:
                bags[seat] = self._bag(value[key], seat, line[key])
        state.bags = (bags[0], bags[1])
        winner = value.get("winner")
        if winner is not None and winner not in (*self.sides, "draw"):
            raise DiagramError(line["winner"], f"winner must be {', '.join(self.sides)} or draw, got {winner!r}")
        if "turns" in value:
            if not state.cap:
                raise DiagramError(line["turns"], "turns is read only in a block with a turn cap (option: turn-cap=N)")
            try:
                state.turns = read_whole(value["turns"], "turns")
            except ValueError as exc:
                raise DiagramError(line["turns"], str(exc)) from None
        for key in DERIVED:
            if key in value:
                self._derived(key, value[key], line[key])
        where = grid.line
        for seat, found in enumerate(leaders):
            if len(found) > 1:
                raise ImpossiblePosition(where, f"{self.sides[seat]} has {len(found)} leaders on the grid; "
                                                f"a side has one (ruling 3)")
        if state.phase == SETUP_PHASE:
            if winner is not None:
                raise DiagramError(line["winner"], "winner: the game cannot be over during the setup")
            if any(code and t.seat_of[code] == state.mover for code in grid.cells):
                raise ImpossiblePosition(where, f"{self.sides[state.mover]} is to set up, so none of its tiles "
                                                f"is on the grid yet")
            if state.mover == 0 and any(grid.cells):
                raise ImpossiblePosition(where, f"{self.sides[0]} sets up first, so the grid is empty")
        elif winner is None:
            for seat, found in enumerate(leaders):
                if not found:
                    raise ImpossiblePosition(where, f"{self.sides[seat]} has no leader on the grid: in play each "
                                                    f"side has its leader until the game is won")
        if "drawn" in value:
            state.drawn = self._drawn(value["drawn"], state, line["drawn"], winner)
        state.derive()
        if winner is not None:
            state._outcome = self._outcome(state, winner)
        return state

    def _bag(self, text: str, seat: int, line: int) -> tuple[int, ...]:
        counts = [0] * len(self.t.data.kinds)
        if text == "none":
            return tuple(counts)
        for key in text.split():
            try:
                kind = self.t.data.kind(key)
            except ValueError as exc:
                raise DiagramError(line, str(exc)) from None
            if kind.index == self.t.data.leader:
                raise DiagramError(line, f"{key} is the leader: it never is in a bag (ruling 12)")
            if not kind.counts[seat]:
                raise DiagramError(line, f"{key} is not a tile of {self.sides[seat]} (ruling 3)")
            counts[kind.index] += 1
        if not text:
            raise DiagramError(line, "a bag lists kinds separated by spaces, or none")
        return tuple(counts)

    def _derived(self, key: str, text: str, line: int) -> None:
        """`frozen` or `guard` must read (their values are checked against the position in
        `derived_mismatches`)."""
        if text == "none":
            return
        for word in text.split():
            if key == "frozen":
                try:
                    self.t.geo.parse(word)
                except ValueError as exc:
                    raise DiagramError(line, f"frozen: {exc}") from None
            elif word not in self.sides:
                raise DiagramError(line, f"guard lists sides ({', '.join(self.sides)}) or none, got {word!r}")
        if not text:
            raise DiagramError(line, f"{key} lists {'squares' if key == 'frozen' else 'sides'}, or none")

    def _drawn(self, text: str, state: DuelState, line: int, winner: str | None) -> int:
        if state.phase != PLAY_PHASE or winner is not None:
            raise DiagramError(line, "drawn: a tile is drawn only in play, before the game is over")
        if text == "?":
            if not any(state.bags[state.mover]):
                raise ImpossiblePosition(line, f"drawn: ? needs a tile in {self.sides[state.mover]}'s bag")
            return DRAWING
        try:
            kind = self.t.data.kind(text)
        except ValueError as exc:
            raise DiagramError(line, f"drawn: {exc}") from None
        leader = state.leaders[state.mover]
        if not any(not state.board[s] for s in self.t.beside[leader]):
            raise ImpossiblePosition(line, "drawn: no empty square beside the leader to place it on")
        return kind.index

    def _outcome(self, state: DuelState, winner: str) -> Outcome:
        """The outcome a written `winner:` stands for, its way read off the position."""
        if winner == "draw":
            return Outcome(None, "turn-cap")
        seat = self.sides.index(winner)
        way = "leader-captured" if state.leaders[1 - seat] < 0 else "no-actions"
        return Outcome(self.game.sides[seat], way, (way,))

    def derived_mismatches(self, state: DuelState, fields: dict[str, tuple[int, str]]) -> list[tuple[int, str]]:
        """The written `frozen` and `guard` lines the position contradicts."""
        actual = self.fields(state)
        wrong = []
        for key in DERIVED:
            if key in fields:
                line, text = fields[key]
                written = self.normalize(key, text)
                if written != actual[key]:
                    wrong.append((line, f"{key}: written {written}, but the position gives {actual[key]}"))
        return wrong

    # ----------------------------------------------------------------- writing
    def _token(self, code: int) -> str:
        if not code:
            return "."
        t = self.t
        letter = t.data.kinds[t.kind_of[code]].letter
        return (letter if t.seat_of[code] == 0 else letter.lower()) + str(t.face_of[code] + 1)

    def tokens(self, state: DuelState) -> tuple[str, ...]:
        return tuple(self._token(code) for code in state.board)

    def _bag_text(self, counts: tuple[int, ...]) -> str:
        words = [kind.key for kind in self.t.data.kinds for _ in range(counts[kind.index])]
        return " ".join(words) or "none"

    def fields(self, state: DuelState) -> dict[str, str]:
        """Every state line's value, the derived ones included ("" for none)."""
        outcome = state.outcome()
        names = self.t.geo.names
        frozen = " ".join(names[s] for s in sorted(state.frozen)) or "none"
        guard = " ".join(key for seat, key in enumerate(self.sides) if state.in_guard(seat)) or "none"
        drawn = {NO_DRAW: "", DRAWING: "?"}.get(state.drawn)
        return {
            "to-move": self.sides[state.mover],
            "phase": "setup" if state.phase == SETUP_PHASE else "play",
            **{key: self._bag_text(state.bags[seat]) for seat, key in enumerate(self.bag_keys)},
            "winner": (outcome.winner.label if outcome.winner is not None else "draw") if outcome else "",
            "turns": str(state.turns) if state.cap else "",
            "frozen": frozen,
            "guard": guard,
            "drawn": drawn if drawn is not None else self.t.data.kinds[state.drawn].key,
        }

    def default_fields(self, grid: Grid, options: dict[str, str]) -> dict[str, str]:
        """The defaults of an after-state's lines; `frozen` and `guard` are compared only when written."""
        cap = int(self.game.check_options({**dict(self.game.options), **options})["turn-cap"])
        data = self.t.data
        return {"to-move": self.sides[0], "phase": "play",
                **{key: self._bag_text(data.starting_bag(seat)) for seat, key in enumerate(self.bag_keys)},
                "winner": "", "turns": "0" if cap else "", "drawn": ""}

    def normalize(self, key: str, value: str) -> str:
        """Bags as multisets in kind order, `frozen` as a set of squares in board order, `guard`
        as a set of sides in seat order; `none` for nothing."""
        words = value.split()
        if words == ["none"] or not (key in self.bag_keys or key in DERIVED):
            return " ".join(words)
        if key in self.bag_keys:
            order = {kind.key: kind.index for kind in self.t.data.kinds}
            return " ".join(sorted(words, key=lambda w: (order.get(w, len(order)), w)))
        order = {name: s for s, name in enumerate(self.t.geo.names if key == "frozen" else self.sides)}
        return " ".join(sorted(set(words), key=lambda w: (order.get(w, len(order)), w)))

    def diagram(self, state: DuelState) -> str:
        lines = grid_lines(self.tokens(state), self.t.geo, gap=2, width=2)
        defaults = self.default_fields(Grid(()), {"turn-cap": str(state.cap)})
        lines += [f"{key}: {value}" for key, value in self.fields(state).items()
                  if key not in DERIVED and value != defaults[key]]
        return "\n".join(lines) + "\n"
