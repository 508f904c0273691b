"""The Tafl game: built once from a game folder's components.toml (`[board]`, `[rules.options]`)
and making states. docs/rulings/tafl.md rulings 1-3 (board and setup) and the options."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from ..base import GameInfo, BoardSpec, DiagramError, Game, OptionSpec, resolve_options
from ..base import Side as Seat
from .board import FILES, Move, Side, check_size, geometry, parse_square
from .diagram import TaflGrammar, read_setup
from .state import TaflState

OPTION_SPECS = (
    OptionSpec("unarmed-king", ("off", "on"), "off",
               "ruling 8: the king never helps capture (by default it does, as mover or as anvil)"),
    OptionSpec("edge-king", ("off", "on"), "off",
               "ruling 11: the board edge is hostile to the king, so it can be captured there"),
    OptionSpec("shield-wall", ("off", "on"), "off",
               "ruling 12: a closed-in group of two or more tokens touching the mover is captured, "
               "all but the king"),
    OptionSpec("berserker", ("off", "on"), "off",
               "ruling 14: a token that has captured may move again in the same turn"),
    OptionSpec("skilled-play", ("off", "on"), "off",
               "ruling 15: the defenders move first and must win within the turn limit"),
    OptionSpec("turn-limit", None, "30",
               "ruling 15: with skilled play, the attackers win once the defenders have completed "
               "this many turns (the bid)"),
    OptionSpec("turn-cap", None, "0",
               "ruling 13: declare a draw after this many turns without a winner, for simulation "
               "(0: no cap)"),
)

# Ruling 3: the 11 x 11 setup.
SETUP_11 = {
    "A": ("a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 d1 e1 f1 g1 h1 f2 "
          "d11 e11 f11 g11 h11 f10"),
    "D": "d6 e6 g6 h6 f4 f5 f7 f8 e5 g5 e7 g7",
    "K": "f6",
}


def check_options(values: dict[str, object]) -> dict[str, str]:
    """Every option's value by name, defaults filled in; raises ValueError for unknown names and
    bad values (a turn limit is at least 1)."""
    resolved = resolve_options(OPTION_SPECS, values)
    if int(resolved["turn-limit"]) < 1:
        raise ValueError(f"option turn-limit takes a whole number >= 1 (the defenders' turns), "
                         f"not {values.get('turn-limit')!r}")
    return resolved


SETUPS = Path(__file__).resolve().parent / "setups"


@lru_cache(maxsize=None)
def package_setup(n: int) -> tuple[str, ...]:
    """A setup for an `n` x `n` board as grid tokens, or () for other sizes: ruling 3's built-in 11 x 11,
    or a setup diagram shipped in setups/ (7 x 7 Brandubh, 9 x 9 Tablut), used as if a game folder
    had named it, for the lab's board-size sweep and the board's start marks."""
    if n == 11:
        return builtin_layout()
    path = SETUPS / f"setup-{n}.txt"
    return read_setup(path.read_text(encoding="utf-8")) if path.exists() else ()


@lru_cache(maxsize=None)
def builtin_layout() -> tuple[str, ...]:
    """Ruling 3's setup as grid tokens, one per square of the 11 x 11 board (built once: a tuple)."""
    tokens = ["."] * 121
    for letter, names in SETUP_11.items():
        for name in names.split():
            tokens[parse_square(name, 11)] = letter
    return tuple(tokens)


@lru_cache(maxsize=None)
def board_spec(n: int) -> BoardSpec:
    """Ruling 1: the `n` x `n` board with its throne and corners marked."""
    geo = geometry(n)
    return BoardSpec(n, n, marked=(("throne", (geo.throne,)), ("corners", geo.corners)))


FORCED = 200.0
"""The evaluation of an escape the attackers can no longer stop, less 10 for each move the king
still needs: far above any position's material and lines, below the escape itself (1000), and
nearer first, so a player takes the shortest way out rather than a move that keeps it forced."""


def _forced_escape(state: TaflState, escapes: frozenset, open_ends: list, forks: list) -> int:
    """The defenders' moves to the corner when the king escapes whatever the attackers do (the
    defenders' skill aside), else 0:
    - it stands beside a corner (without option edge-king: `escapes` then holds those squares), so
      it enters the corner next move: it cannot be captured on the edge, and nothing else may stop
      on a corner (rulings 5, 11, 13);
    - the defenders are to move and a line to a square it escapes from is open (`open_ends`: the
      square each open line ends on);
    - the attackers are to move and two of its rays are open: one move blocks one ray and cannot
      close the king in with two neighbours empty (ruling 11);
    - the defenders are to move and the king can reach a square with two lines open (`forks`):
      the case above, one move sooner.
    Neither of the last two with option berserker, where a capturing attacker may move again
    (ruling 14); none in the middle of a berserker turn. A line ending on a square the king may not
    go back to (ruling 6) does not count, nor a plan longer than the defenders' turns left under
    skilled play (ruling 15)."""
    if state.chain:
        return 0
    if state.king in escapes:
        return 1
    rules = state.options
    left = state.turn_limit - state.defender_turns if rules.skilled_play else 3   # 3: the longest plan
    barred = _barred_to_king(state)
    corners = state.geo.corners
    needs = sorted(1 if end in corners else 2 for end in open_ends if end not in barred)
    needs = [moves for moves in needs if moves <= left]
    if state.to_move is Side.DEFENDERS:
        if needs:
            return needs[0]
        fork = 2 if rules.edge_king else 3
        return fork if (not rules.berserker and fork <= left and any(t not in barred for t in forks)) else 0
    return needs[1] if len(needs) >= 2 and not rules.berserker else 0


def _barred_to_king(state: TaflState) -> tuple[int, ...]:
    """The squares the king may not finish its next move on (ruling 6, `TaflState._ban`)."""
    square, banned = state._ban(Side.DEFENDERS)
    return tuple(move.squares(state.n)[1] for move in banned) if square == state.king else ()


@dataclass(frozen=True)
class TaflGame(Game):
    """Tafl ("Viking Chess") on an N x N board. `layout` is the setup as grid tokens (empty: the
    built-in 11 x 11 setup of ruling 3).

    >>> state = TaflGame().new_initial_state()
    >>> len(state.legal_moves()), state.to_move.label
    (116, 'attackers')
    >>> from generator.games.base import Outcome
    >>> TaflGame().describe_outcome(Outcome(Side.DEFENDERS, "king-escaped", ("king-escaped",)))
    ('The defenders win', 'the king escaped')
    """

    sides: ClassVar[tuple[Seat, ...]] = (Seat("attackers", "Attacker", "Attackers", "#3b3b3b", 0),
                                         Seat("defenders", "Defender", "Defenders", "#c9a227", 1))
    sections: ClassVar[tuple[str, ...]] = ("board", "rules")
    rule_sets: ClassVar[tuple[str, ...]] = ()
    ways: ClassVar[tuple[str, ...]] = ("king-escaped", "king-captured", "no-moves", "turn-limit")
    way_words: ClassVar[dict[str, str]] = {"king-escaped": "the king escaped",
                                           "king-captured": "the king was captured",
                                           "no-moves": "the other side had no legal move",
                                           "turn-limit": "the defenders ran out of turns"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    # The rulebook's number check: typed counts of these nouns must match components.toml.
    count_nouns: ClassVar[tuple[tuple[str, str], ...]] = (
        (r"attack(?:ers?|ing tokens?)", "attackers"),
        (r"defend(?:ers?|ing tokens?)", "defenders"),
        (r"kings?", "kings"),
    )

    size: int = 11
    layout: tuple[str, ...] = ()

    def describe_outcome(self, outcome) -> tuple[str, str]:
        """As the rules say it: "The attackers win" (the sides are common nouns in the prose)."""
        head, why = super().describe_outcome(outcome)
        return head[:1] + head[1:].lower(), why

    @property
    def board(self) -> BoardSpec:
        """Ruling 1: the board of this game's size."""
        return board_spec(self.size)

    @property
    def grammar(self) -> TaflGrammar:
        return TaflGrammar(self)

    def __post_init__(self) -> None:
        check_size(self.size)
        if self.layout and len(self.layout) != self.size * self.size:
            raise ValueError(f"the setup has {len(self.layout)} squares; a {self.size} x {self.size} "
                             f"board has {self.size * self.size}")

    # --- reading the folder
    @classmethod
    def default(cls) -> "TaflGame":
        return cls(info=GameInfo(title="Tafl", package="tafl"))

    @classmethod
    def from_table(cls, data: dict[str, Any], base: Game) -> "TaflGame":
        """The game from `[board]` (size, setup) and `[rules.options]` of components.toml.
        Raises GameFileError naming components.toml's line (or the setup file's)."""
        board = dict(data.get("board", {}))
        rules = dict(data.get("rules", {}))
        for section, table, accepted in (("board", board, ("size", "setup")), ("rules", rules, ("options",))):
            for key in table:
                if key not in accepted:
                    raise base.error(section, key, f"unknown key {key!r} in [{section}]; accepted keys: "
                                                   f"{', '.join(accepted)}")
        size = board.get("size", 11)
        if isinstance(size, bool) or not isinstance(size, int):
            raise base.error("board", "size", f"[board] size must be a whole number, not {size!r}")
        try:
            check_size(size)
        except ValueError as exc:
            raise base.error("board", "size", str(exc)) from None
        layout: tuple[str, ...] = ()
        setup = board.get("setup")
        if setup is not None:
            if not isinstance(setup, str) or not setup.strip():
                raise base.error("board", "setup", f"[board] setup must name a file, not {setup!r}")
            layout = cls._read_setup(base, setup, size)
        elif size != 11:
            raise base.error("board", "size", f"a {size} x {size} board needs a setup diagram: name its file "
                                              f"as [board] setup = \"setup-{size}.txt\" (ruling 3: only "
                                              f"11 x 11 has a built-in setup)")
        options = rules.get("options", {})
        if not isinstance(options, dict):
            raise base.error("rules", "options", "[rules] options must be a table of NAME = VALUE")
        try:
            resolved = check_options(options)
        except ValueError as exc:
            raise base.error("rules.options", None, str(exc)) from None
        given = tuple(sorted((name, resolved[name]) for name in options))
        return cls(info=base.info, folder=base.folder, source=base.source, tables=base.tables,
                   options=given, size=size, layout=layout)

    @staticmethod
    def _read_setup(base: Game, name: str, size: int) -> tuple[str, ...]:
        from ...errors import GameFileError, read_text
        from ...kit.artfile import resolve
        path = resolve(base, "board", "setup", name, suffixes=None)
        text = read_text(path, GameFileError)
        try:
            tokens = read_setup(text)
        except DiagramError as exc:
            raise GameFileError(path, exc.line, exc.message) from None
        if len(tokens) != size * size:
            n = int(len(tokens) ** 0.5)
            raise GameFileError(path, None, f"the setup is {n} x {n} but [board] size is {size}")
        return tokens

    def resized(self, n: int) -> "TaflGame":
        """This game on an `n` x `n` board (for a diagram of another size; no setup)."""
        return self if n == self.size else replace(self, size=n, layout=())

    # --- rules
    def check_options(self, values: dict[str, object], rules: str | None = None) -> dict[str, str]:
        return check_options(values)

    NUMBERS: ClassVar[tuple[str, ...]] = ("board_size", "turn_limit", "turn_cap")

    def number_names(self) -> tuple[str, ...]:
        return self.NUMBERS

    def with_numbers(self, **changes: int) -> "TaflGame":
        """A copy with `turn_limit` (ruling 15), `turn_cap` (ruling 13) or `board_size` (ruling 1:
        the package's setups are 7, 9 and 11; another size needs a setup file in the game folder)
        changed, for the lab's sweeps. Raises ValueError for other names or impossible values."""
        options = dict(self.options)
        game = self
        for name, value in changes.items():
            if name not in self.NUMBERS:
                raise ValueError(f"tafl has no number {name!r}; numbers: {', '.join(self.NUMBERS)}")
            if name == "board_size":
                check_size(value)
                if value != self.size:
                    layout = package_setup(value)
                    if not layout:
                        known = ", ".join(str(k) for k in (7, 9, 11))
                        raise ValueError(f"board_size {value}: no setup for a {value} x {value} board "
                                         f"(the package has {known}; name a setup file in [board])")
                    game = replace(game, size=value, layout=layout)
                continue
            options[name.replace("_", "-")] = str(value)
        check_options(options)
        return replace(game, options=tuple(sorted(options.items())))

    def setup_tokens(self) -> tuple[str, ...]:
        """The setup as grid tokens (ruling 3); raises ValueError when this size has none."""
        if self.layout:
            return self.layout
        if self.size == 11:
            return builtin_layout()
        raise ValueError(f"no setup for a {self.size} x {self.size} board: name a setup diagram in "
                         f"components.toml ([board] setup = \"setup-{self.size}.txt\")")

    def setup_or_none(self) -> tuple[str, ...] | None:
        """The setup as grid tokens, or None when this size has none."""
        try:
            return self.setup_tokens()
        except ValueError:
            return None

    def new_initial_state(self, options: dict[str, object] | None = None, rules: str | None = None) -> TaflState:
        """The setup (ruling 3), the attackers to move (the defenders with skilled play)."""
        state = TaflState(self, options)
        for square, token in enumerate(self.setup_tokens()):
            if token != ".":
                state.place(square, token)
        return state

    def parse_move(self, text: str) -> Move:
        """`h2-h4` to a Move on this board; raises InvalidMoveError.

        >>> TaflGame().parse_move("h2-h4").notation()
        'h2-h4'
        """
        from ..base import InvalidMoveError
        move = Move.parse(text)
        if not move.on_board(self.size):
            raise InvalidMoveError(f"bad move {text!r}: the board is {self.size} x {self.size}, "
                                   f"files a-{FILES[self.size - 1]} and ranks 1-{self.size}")
        return move

    def side(self, label: str) -> Side:
        return Side.from_label(label)

    def seat(self, side: Side) -> int:
        return int(side)  # the engine's Side is numbered by seat (board.py)

    def template_values(self) -> dict[str, Any]:
        values = super().template_values()
        geo = geometry(self.size)
        options = check_options(dict(self.options))
        values.update(board_size=self.size, last_file=FILES[self.size - 1], throne=geo.name(geo.throne),
                      corners=", ".join(geo.name(s) for s in geo.corners),
                      turn_limit=int(options["turn-limit"]), turn_cap=int(options["turn-cap"]), kings=1)
        tokens = self.setup_or_none()
        if tokens is None:
            return values
        values.update(attackers=tokens.count("A"), defenders=tokens.count("D"))
        return values

    # --- the kit
    @property
    def package_faces(self):
        """The kit's art; the board marks this game's setup (none when the size has no setup)."""
        from .art import faces_for
        return faces_for(self.setup_or_none() or ())

    def package_hooks(self):
        from .art import kit_hooks
        return kit_hooks(self)

    # --- the lab
    def evaluate(self, state: TaflState, side: Side) -> float:
        """A cheap heuristic for `side` (positive is good), +-1000 once decided: material (a
        defender is worth two attackers), the king's open lines to the squares it escapes from
        (a corner, or a square beside one, where it cannot be captured and enters the corner next
        move: `Geometry.gates`, rulings 5, 11 and 13; with option edge-king only the corners) and
        to the edge, the squares it can reach from which such a line is open (its threats for the
        next move, which the attackers must block), its distance to the nearest corner, the
        attackers beside it, and the attackers closing the corners (`Geometry.seals`: three on a
        corner's squares keep the king out of it for good; each is worth three attackers). An
        escape the attackers can no longer stop is worth `FORCED` less 10 a king move still needed
        (`_forced_escape`)."""
        if state.is_game_over():
            return 1000.0 * state.player_return(side)
        board, geo = state.board, state.geo
        attackers, defenders = board.count(1), board.count(2)
        score = 2.0 * defenders - attackers
        king = state.king
        if king < 0:
            return score if side is Side.DEFENDERS else -score
        score -= 0.5 * geo.corner_distance[king]
        edge_king = state.options.edge_king
        rays, escapes, lines = geo.rays, geo.escapes[edge_king], geo.escape_lines[edge_king]
        occupied = state.occupied
        if king in escapes:
            score += 16.0   # beside a corner: the corner is its next move
        open_ends = []
        for ray, line in zip(rays[king], lines[king]):
            if line and not occupied & line:
                score += 8.0
                open_ends.append(ray[line.bit_count() - 1])   # the line's bits run up to its end
            elif ray and all(not board[t] for t in ray):  # an edge king has an empty ray
                score += 3.0
        # Escape next move: the squares the king can reach now from which a line to a square it
        # escapes from is open (its own square then empty); from one with two lines open the
        # attackers cannot block both.
        vacated = occupied ^ (1 << king)
        threats, forks = 0, []
        for ray in rays[king]:
            for t in ray:
                if board[t]:
                    break
                if t in escapes:
                    threats += 1
                    continue
                opened = sum(1 for line in lines[t] if line and not vacated & line)
                if opened:
                    threats += 1
                    if opened > 1:
                        forks.append(t)
        moves = _forced_escape(state, escapes, open_ends, forks) if open_ends or forks or king in escapes else 0
        if moves:
            forced = FORCED - 10.0 * moves
            return forced if side is Side.DEFENDERS else -forced
        score += 3.0 * min(threats, 3)
        score -= 2.0 * sum(1 for t in geo.steps[king] if t >= 0 and board[t] == 1)
        score -= 3.0 * sum(1 for t in geo.seals if board[t] == 1)
        return score if side is Side.DEFENDERS else -score

    def evaluations(self, state: TaflState) -> list[float]:
        """`evaluate` for each seat (attackers, defenders) from one computation."""
        if state.is_game_over():
            return [1000.0 * r for r in state.returns()]
        defenders = self.evaluate(state, Side.DEFENDERS)
        return [-defenders, defenders]
