"""The interface between the generic core and a game package.

OpenSpiel's split is the model: a `Game` is built once from a game folder (its components.toml
and options) and makes `State`s; python-chess's `Board` is the model for the state's calls. The
kit, the rulebook, the example checker and the lab talk to these classes only, so a new game is
a package under `generator/games/` that subclasses them (see docs/adding-a-game.md).

Squares are ints: `file + files * (rank - 1)`, so a1 = 0 (files a, b, c... from the left,
ranks 1, 2, 3... from the bottom).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

from ..errors import GameFileError, key_line
from .registry import default_game, packages
from .grid import LETTERS, DiagramError, Geometry, ImpossiblePosition, geometry

COMPONENTS_FILE = "components.toml"  # a game folder's one required file
MAX_COPIES = 64  # of any piece: a kit a person can cut out
MAX_WHOLE = 100_000  # a whole number written in an option or a diagram's state line


def read_whole(text: str, what: str, least: int = 0, most: int = MAX_WHOLE) -> int:
    """A whole number written as ASCII digits, from `least` to `most`; raises ValueError naming `what`.

    >>> read_whole("12", "turn-cap")
    12
    """
    if not (text.isascii() and text.isdigit()) or not least <= int(text) <= most:
        raise ValueError(f"{what} must be a whole number from {least} to {most:,}, got {text!r}")
    return int(text)

if TYPE_CHECKING:
    from .values import CellArt, EdgeArt, Effect, Grid, Motion, Outcome, ScoreTable, Tally, Zone

# ----------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class BoardSpec:
    """The board's shape and the named parts the kit, the diagrams and the lab draw on.

    `home` gives each side's home edge ("bottom" or "top"); `marked` names special squares (a
    centre square, corners).
    """

    files: int
    ranks: int
    home: tuple[tuple[str, str], ...] = ()
    marked: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def size(self) -> int:
        return self.files * self.ranks

    @property
    def geometry(self) -> Geometry:
        """Its squares' names, lines and distances (`generator.games.grid`)."""
        return geometry(self.files, self.ranks)

    def file_letter(self, file: int) -> str:
        return LETTERS[file]

    def square_name(self, square: int) -> str:
        """The name of a square, like chess's.

        >>> BoardSpec(8, 8).square_name(27)
        'd4'
        """
        return self.geometry.names[square]

    def parse_square(self, text: str) -> int:
        """`"d5"` to its index; raises ValueError for anything else.

        >>> BoardSpec(11, 11).parse_square("k11")
        120
        """
        return self.geometry.parse(text)

    def file_rank(self, square: int) -> tuple[int, int]:
        """0-based (file, rank) of a square."""
        return self.geometry.file_rank(square)

    def home_edge(self, side: str) -> str:
        return dict(self.home).get(side, "bottom")


# ----------------------------------------------------------------------------- sides, moves, results

# The values states and grammars hand the core (Outcome, Motion, Removal, Effect, CellArt, Grid)
# are in `.values`, loaded on first use: the kit makes no states. They are imported from here.
_VALUES = ("CellArt", "EdgeArt", "Effect", "Grid", "Motion", "Outcome", "Removal", "ScoreTable", "Tally", "Zone")


def __getattr__(name: str):
    if name in _VALUES:
        from . import values
        return getattr(values, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


MIN_SIDES, MAX_SIDES = 2, 4


@dataclass(frozen=True)
class Side:
    """A side of the game as the generic core knows it (`Game.sides`, one per seat): `label` in
    files and notation ("red"), `noun` in prose ("Red"), `plural` in prose ("Reds"),
    `colour` for arrows and charts (hex), and `seat`, its place in the turn order and its index in
    every per-side array (0 to N - 1, OpenSpiel's player id).

    The core keeps to these: the seat for arrays, the label for text, the colour for drawing. A
    package may play with its own side values (a fast `IntEnum`) and map them with `Game.seat`
    and `Game.side`; a package without its own uses these `Side`s as its side values.
    """

    label: str
    noun: str
    plural: str
    colour: str
    seat: int


def check_sides(sides: Sequence[Side], what: str) -> None:
    """Raise TypeError unless `sides` are MIN_SIDES to MAX_SIDES sides seated 0, 1, ... in order."""
    if [side.seat for side in sides] != list(range(len(sides))) or not MIN_SIDES <= len(sides) <= MAX_SIDES:
        raise TypeError(f"{what}: {MIN_SIDES} to {MAX_SIDES} sides, seated 0, 1, ... in order")


class IllegalMoveError(ValueError):
    """The move is well formed but not legal in this state. `ruling` is the number of the ruling
    that forbids it (docs/rulings of the game), `reason` the words without the number; `index`
    is the refused move's place in the turn `State.play_turn` was given (0 for a single move)."""

    def __init__(self, move: str, reason: str, ruling: int | None = None, index: int = 0):
        self.move, self.reason, self.ruling, self.index = move, reason, ruling, index
        cited = f"ruling {ruling}: {reason}" if ruling else reason
        super().__init__(f"illegal move {move!r}: {cited}")


class InvalidMoveError(ValueError):
    """The text is not a move in the game's notation."""


@dataclass(frozen=True)
class OptionSpec:
    """An engine option (a ruling marked option): its name, its values (None: a whole number >= 0),
    the default, and what it does."""

    name: str
    choices: tuple[str, ...] | None
    default: str
    help: str


def resolve_options(specs: Sequence[OptionSpec], values: dict[str, object]) -> dict[str, str]:
    """Every option's value by name, defaults filled in; unknown names and bad values raise ValueError.
    A bare name (value True or "") switches an on/off option on."""
    by_name = {spec.name: spec for spec in specs}
    resolved = {spec.name: spec.default for spec in specs}
    for name, value in values.items():
        spec = by_name.get(name)
        if spec is None:
            raise ValueError(f"unknown option {name!r}; options: {', '.join(by_name) or 'none'}")
        text = "on" if value is True or value == "" else str(value).strip().lower()
        if spec.choices is None:
            read_whole(text, f"option {name}")
        elif text not in spec.choices:
            raise ValueError(f"option {name} takes {' or '.join(spec.choices)}, not {value!r}")
        resolved[name] = text
    return resolved


def parse_option(text: str) -> tuple[str, str]:
    """`NAME=VALUE` (or a bare `NAME`, meaning on) to a pair; raises ValueError.

    >>> parse_option("turn-cap=50"), parse_option("edge-king")
    (('turn-cap', '50'), ('edge-king', 'on'))
    """
    name, sep, value = text.partition("=")
    if not name.strip() or (sep and not value.strip()):
        raise ValueError(f"expected an option as NAME=VALUE or NAME, got {text!r}")
    return name.strip(), value.strip() if sep else "on"


# ----------------------------------------------------------------------------- the game folder


@dataclass(frozen=True)
class GameInfo:
    """The [game] table: the title and the version stamp printed on every page."""

    title: str = ""
    version: str = "1.0"
    designer: str = ""
    date: str = ""
    package: str = ""


# ----------------------------------------------------------------------------- the state


class Snapshot:
    """The fields of a state that `push` saves and `pop` puts back, listed once per game
    (python-chess's `_BoardState`). `save(state)` is their values as a tuple, the lists named in
    `copied` copied (a game that edits them in place); `restore(state, saved)` assigns them back.
    Both are straight-line code written once from the list, as `namedtuple` writes its methods: a
    loop of getattr and setattr is several times slower, and the lab pushes and pops for every
    move it weighs.

    >>> snap = Snapshot("a", "b", copied=("b",))
    >>> class Box: a, b = 1, [2]
    >>> box = Box(); saved = snap.save(box); box.a = 9; box.b.append(3); snap.restore(box, saved)
    >>> box.a, box.b
    (1, [2])
    """

    def __init__(self, *fields: str, copied: tuple[str, ...] = ()):
        if len(fields) < 2 or not all(name.isidentifier() for name in fields) or not set(copied) <= set(fields):
            raise ValueError("a snapshot needs two or more field names, and copies only some of them")
        self.fields = fields
        values = ", ".join(f"state.{f}[:]" if f in copied else f"state.{f}" for f in fields)
        targets = ", ".join(f"state.{f}" for f in fields)
        namespace: dict[str, Any] = {}
        exec(f"def save(state):\n    return ({values},)\n"
             f"def restore(state, saved):\n    ({targets},) = saved\n", namespace)
        self.save, self.restore = namespace["save"], namespace["restore"]

    def key(self, state) -> tuple:
        """The fields' values as one hashable tuple (lists as tuples, dicts and sets frozen): the
        default `State.key`."""
        return tuple(_frozen(getattr(state, name)) for name in self.fields)


def _frozen(value):
    """`value` made hashable: lists and tuples as tuples, sets as frozensets, dicts as sorted items."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


class State:
    """A position with its history. A package's state implements these calls; the generic core
    uses nothing else. Moves are the package's own value objects with `notation()`.

    OpenSpiel's split: a package writes the hooks (`_apply`, `legal_moves`, `why_illegal`...) and
    lists its position's fields once in `snapshot`; this class provides `push`, `pop`, `outcome`
    and `is_game_over` from them. A state keeps `_stack` (the saved fields), `move_stack` (the
    moves played) and `_outcome` (None while the game goes on).
    """

    __slots__ = ()  # a package's state may keep its fields in slots (the lab copies states a lot)

    game: "Game"
    to_move: Any            # the side to move: a package side value (`game.seat` gives its seat)
    turn: int               # turns played so far, plus one
    snapshot: ClassVar[Snapshot]   # the fields `push` saves and `pop` restores, `_outcome` among them
    _stack: list[tuple]
    move_stack: list
    _outcome: "Outcome | None"

    # --- moves
    def legal_moves(self) -> list:
        """Every legal move, in ascending order; empty once the game is over. At a chance node,
        the chance outcomes (see `chance_outcomes`)."""
        raise NotImplementedError

    def is_chance_node(self) -> bool:
        """Whether the next event is the rules' random one (a tile drawn from a bag), not a side's
        choice (OpenSpiel's `is_chance_node`). Players are never asked to choose there: the lab,
        the table and the searches sample `chance_outcomes`."""
        return False

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance node, every outcome (a move, as `legal_moves` lists them) with its
        probability, the probabilities summing to 1; empty elsewhere."""
        return []

    def sample_chance(self, rng: random.Random):
        """One chance outcome drawn with its probability (this must be a chance node)."""
        outcomes = self.chance_outcomes()
        pick, total = rng.random(), 0.0
        for move, probability in outcomes:
            total += probability
            if pick < total:
                return move
        return outcomes[-1][0]

    def push(self, move) -> None:
        """Play a legal move (unchecked: see `push_checked`), saving the position for `pop`."""
        self._stack.append(self.snapshot.save(self))
        self.move_stack.append(move)
        self._apply(move)

    def pop(self):
        """Take the last move back; returns it."""
        self.snapshot.restore(self, self._stack.pop())
        return self.move_stack.pop()

    def _apply(self, move) -> None:
        """The package's hook: play a legal `move` on this state, in place. Fields listed in
        `snapshot` are replaced, not edited (or listed as `copied`), so `pop` can put them back."""
        raise NotImplementedError

    def why_illegal(self, move) -> IllegalMoveError | None:
        """None when `move` is legal, else the error saying why, citing the ruling."""
        raise NotImplementedError

    def is_legal(self, move) -> bool:
        return self.why_illegal(move) is None

    def push_checked(self, move) -> None:
        error = self.why_illegal(move)
        if error is not None:
            raise error
        self.push(move)

    def push_notation(self, text: str):
        move = self.game.parse_move(text)
        self.push_checked(move)
        return move

    def play_turn(self, moves: Sequence) -> None:
        """Play one whole turn, as an example's `play:` line does, checking every move. Raises
        IllegalMoveError with `index` set to the refused move's place in `moves`. The default
        checks and pushes each move in turn; a game whose turn has more to it (it must end
        after a capture, a drawn tile must be placed) extends it."""
        for index, move in enumerate(moves):
            error = self.why_illegal(move)
            if error is not None:
                error.index = index
                raise error
            self.push(move)

    def effect(self, move) -> Effect:
        """What `move` (legal here) does, without changing this state."""
        raise NotImplementedError

    def motions(self, move) -> list[Motion]:
        """The acting pieces' travel of `move`, legal or not (a refused move is drawn too)."""
        raise NotImplementedError

    # --- results
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    def is_game_over(self) -> bool:
        return self._outcome is not None

    def returns(self) -> tuple[float, ...]:
        """OpenSpiel's `returns()`, one per seat: +1 for each winner (a shared win gives every winner
        +1), -1 for each other side, all 0 for a draw or a game still going."""
        outcome = self.outcome()
        if outcome is None or not outcome.winners:
            return (0.0,) * len(self.game.sides)
        won = {self.game.seat(side) for side in outcome.winners}
        return tuple(1.0 if seat in won else -1.0 for seat in range(len(self.game.sides)))

    def scores(self) -> tuple[float, ...] | None:
        """Each seat's score in the game's own units (points, gold), in seat order, for the lab's
        margins; None for a game that keeps no score."""
        return None

    def player_return(self, side) -> float:
        """One side's entry of `returns()` (OpenSpiel's `player_return`)."""
        return self.returns()[self.game.seat(side)]

    def in_setup(self) -> bool:
        """Whether the game is still in a setup phase (placements before play)."""
        return False

    # --- hidden information
    def view(self, side) -> "State":
        """What `side` may see (a copy). The default: everything."""
        return self.copy()

    def is_hidden(self) -> bool:
        """Whether this view hides something that `determinize` must sample."""
        return False

    def will_hide(self) -> bool:
        """Whether moves to come can hide something from this view's side that it sees now (a
        secret choice of another side: moves that differ only in it then make one position to
        this side, by its `key`). A search that tries moves on a view must then `determinize`
        it, as when `is_hidden`, and cannot keep a position's legal moves from visit to visit."""
        return False

    def determinize(self, rng: random.Random) -> "State":
        """A full state consistent with this view."""
        return self.copy()

    def key(self, observer=None) -> Any:
        """A hashable key of the position as `observer` (a side value; None: an onlooker who sees
        everything) sees it: two states with equal keys are one position to that observer. The
        lab's search merges transpositions by it (the same position reached by moves in another
        order) and spots a position repeated from earlier in the game (stalling). The default is
        every snapshot field, and the side to move, of `view(observer)`: correct for any game. A
        package overrides it for speed (no copy), and to leave out a count that only grows (the
        turn number), so that a repeated position shows as one."""
        state = self if observer is None else self.view(observer)
        return (state.to_move, self.snapshot.key(state))

    # --- pieces and pictures
    def copy(self) -> "State":
        raise NotImplementedError

    def piece_at(self, square: int):
        """The piece on `square` (a package value object), or None."""
        raise NotImplementedError

    def cell_art(self, square: int) -> CellArt:
        """What a diagram draws on `square`."""
        raise NotImplementedError

    def notes(self) -> str:
        """What a reader needs beside the grid (reserves, counters), in words; "" for nothing."""
        return ""

    # --- a rulebook diagram: what it draws besides the squares' art (`edges` too)
    def tint_groups(self) -> list[int] | None:
        """A group number per square (regions, areas) that a diagram tints alike; None:
        no tints."""
        return None

    def score_table(self) -> "ScoreTable | None":
        """The result as a table printed under a diagram of the finished game (who took what
        where); None for none."""
        return None

    # --- the browser table (`pnp play`, docs/play.md): what it draws and says besides the grid.
    # Each is asked of a side's view, so it tells only what that side may know.
    def edges(self) -> tuple[EdgeArt, ...]:
        """Pieces standing on the lines between squares (walls, fences); the rulebook's diagrams
        draw them too."""
        return ()

    def zones(self) -> tuple[Zone, ...]:
        """Pieces off the board: reserves, supplies, trays of captured pieces, track cards."""
        return ()

    def scoreboard(self) -> tuple[Tally, ...]:
        """Each side's points and how they were earned, in seat order; () for a game without points."""
        return ()

    def turn_actions(self) -> tuple[int, int] | None:
        """(actions taken, actions allowed) in the turn under way, for a game of several actions
        a turn; None otherwise."""
        return None

    def prompt(self) -> str:
        """What the side to move is asked to do now, in words, with how many steps remain
        ("Place 3 tiles on your home rank: 1 placed, 2 to go."); "" for the table's own words."""
        return ""

    def move_words(self, move) -> str:
        """`move` (legal here) in words for a button ("Place a tile on d3"); "" lets the table
        say it from the move's motions."""
        return ""

    def move_edge(self, move) -> tuple[int, int] | None:
        """The two squares whose shared line `move` puts a piece on (a wall), or None; legal or
        not (a diagram draws a refused one crossed out)."""
        return None

    def diagram(self) -> str:
        """The position in the game's example-block grammar (grid and state lines)."""
        return self.game.grammar.diagram(self)

    @classmethod
    def from_diagram(cls, text: str, game: "Game | None" = None, rules: str | None = None,
                     options: dict[str, object] | None = None) -> "State":
        """A position from a diagram in its game's block grammar (`game`, else the package's
        default game); raises DiagramError naming the line."""
        game = game if game is not None else default_game(cls.__module__)
        return game.grammar.read_diagram(text, rules, options)


# ----------------------------------------------------------------------------- example blocks


class Grammar:
    """The cell grammar and state lines of a game's example blocks, bound to a game (its counts
    decide what a grid may hold). The generic block structure - title, rules, option, grid, state
    lines, play, expect - is `generator.examples`'s."""

    state_keys: tuple[str, ...] = ()
    header_keys: tuple[str, ...] = ()  # its own header lines, before the grid (`sides:`, `view:`)
    late_options = True                # whether `option:` lines may stand among the state lines too

    def __init__(self, game: "Game"):
        self.game = game

    def for_block(self, header: dict[str, tuple[int, str]]) -> "Grammar":
        """The grammar of one block whose header lines (`header_keys`, each with its line number)
        are `header`: bound to the game as that block plays it (seated for its `sides:`, say) and
        reading and comparing as it asks (through its `view:`). Raises DiagramError naming the
        line. A grammar without header keys is every block's."""
        return self

    def side_label(self, word: str) -> str:
        """The label of the side a block writes as `word` (in `expect: winner` and `score`);
        raises ValueError naming the sides. By default a side is written as its label."""
        labels = [side.label for side in self.game.sides]
        if word not in labels:
            raise ValueError(f"unknown side {word!r}; sides: {', '.join(labels)}")
        return word

    def play_text(self, moves: Sequence) -> str:
        """A `play:` line's moves as a diagram's reader sees them: by default each one's notation."""
        return ", ".join(move.notation() for move in moves)

    def read_grid(self, lines: list[tuple[int, str]], start: int) -> tuple[Grid, int]:
        """Read a grid beginning at `lines[start]`; returns it and the index after it. Raises
        `DiagramError` naming the line (`ImpossiblePosition` for a cell the rules forbid)."""
        raise NotImplementedError

    def parse_play(self, words: list[str]) -> tuple:
        """The moves of one `play:` line (one turn); raises ValueError saying what was expected."""
        raise NotImplementedError

    def build_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                    options: dict[str, str]) -> State:
        """A position from a grid and its state lines; raises DiagramError naming the line:
        `ImpossiblePosition` when what is written reads but the rules forbid it."""
        raise NotImplementedError

    def expected_state(self, grid: Grid, fields: dict[str, tuple[int, str]], rules: str | None,
                       options: dict[str, str]) -> State:
        """The position an `expect:` grid and its state lines describe, built to check it is one
        the rules allow (raising `ImpossiblePosition`, or DiagramError for what cannot be read).
        By default read as a before-position is."""
        return self.build_state(grid, fields, rules, options)

    def tokens(self, state: State) -> tuple[str, ...]:
        """The state's grid as tokens, one per square (for comparing with an expected grid)."""
        raise NotImplementedError

    def fields(self, state: State) -> dict[str, str]:
        """Every state line's value, defaults included."""
        raise NotImplementedError

    def default_fields(self, grid: Grid, options: dict[str, str]) -> dict[str, str]:
        """The value each state line has when an after-state does not write it."""
        raise NotImplementedError

    def derived_mismatches(self, state: State, fields: dict[str, tuple[int, str]]) -> list[tuple[int, str]]:
        """The written state lines of a before-position that the position itself contradicts:
        lines whose values follow from the grid (a game may let a block write them to say what it
        shows), as (line, what differs). A block with any fails its check. None by default."""
        return []

    def result_defaults(self, state: State, grid: Grid, options: dict[str, str]) -> dict[str, str]:
        """The value each state line of an expected position has when unwritten, given the
        engine's resulting position `state`. By default `default_fields` of the expected grid; a
        grammar whose defaults follow the result (a count of what the board holds) overrides it."""
        return self.default_fields(grid, options)

    def shown(self, state: State) -> State:
        """`state` as the block's grids show it (a block comparing through one side's view shows
        that view); by default the state itself."""
        return state

    def difference_lines(self, expected: Sequence[str], actual: Sequence[str], board: Geometry,
                         marked: list[int]) -> list[str]:
        """A failing comparison's grids side by side (`marked` squares differ) and what differs on
        each square, as report lines."""
        from .grid import side_by_side
        out = side_by_side(expected, actual, board, marked)
        out += [f"  {board.names[s]}: expected {expected[s]}, got {actual[s]}" for s in marked]
        return out

    def normalize(self, key: str, value: str) -> str:
        """A written state-line value in the form `fields` gives (e.g. spaces collapsed)."""
        return " ".join(value.split())

    def diagram(self, state: State) -> str:
        """`state` written in this grammar: its grid, then every state line whose value differs
        from its default."""
        raise NotImplementedError

    def read_diagram(self, text: str, rules: str | None = None, options: dict[str, object] | None = None) -> State:
        """A position from a diagram: a grid, then state lines; blank and `#` lines are skipped."""
        lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
                 if line.strip() and not line.lstrip().startswith("#")]
        if not lines:
            raise DiagramError(None, "empty diagram: expected a grid")
        grid, end = self.read_grid(lines, 0)
        fields, _ = self.read_fields(lines, end)
        return self.build_state(grid, fields, rules, dict(options or {}))

    def read_fields(self, lines: list[tuple[int, str]], start: int) -> tuple[dict[str, tuple[int, str]], int]:
        """Read `key: value` state lines to the end; each value keeps its line number."""
        fields: dict[str, tuple[int, str]] = {}
        for number, text in lines[start:]:
            key, sep, value = text.partition(":")
            key = key.strip()
            if not sep or key not in self.state_keys:
                raise DiagramError(number, f"expected a state line ({', '.join(self.state_keys)}: value), "
                                           f"got {text.strip()!r}")
            if key in fields:
                raise DiagramError(number, f"{key} is given twice")
            fields[key] = (number, value.strip())
        return fields, len(lines)


# ----------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Game:
    """A game built once from its folder: the facts every state shares. A package subclasses it
    and sets the class attributes; `from_table` reads the package's own sections of components.toml.
    """

    name: ClassVar[str] = ""                         # its package's name, set below
    engine: ClassVar[bool] = True                    # False: a kit only (no states, no lab)
    fences: ClassVar[tuple[str, ...]] = ()           # its package's declared FENCES, set below
    # in seat order, MIN_SIDES to MAX_SIDES: a class attribute for a game whose sides are fixed, a
    # property for one that reads them from its folder (`check_sides` them when read)
    sides: ClassVar[tuple[Side, ...]] = ()
    sections: ClassVar[tuple[str, ...]] = ()         # its own tables of components.toml
    rule_sets: ClassVar[tuple[str, ...]] = ()        # named rule sets (`rules:` lines), if any
    ways: ClassVar[tuple[str, ...]] = ()             # the ways to win, for the lab's report
    way_words: ClassVar[dict[str, str]] = {}         # a way to win in words, where not its name

    info: GameInfo = GameInfo()
    folder: Path | None = None
    source: str = field(default="", compare=False, repr=False)
    tables: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    options: tuple[tuple[str, str], ...] = ()
    rule_set: str = ""
    # the folder's components, read by the kit for every game (`generator.kit.design.Design`;
    # None for the built-in game without a folder): every face, the pieces, the kit's words
    design: Any = field(default=None, compare=False, hash=False, repr=False)

    def __init_subclass__(cls, **kwargs):
        """A game package's Game takes its package's name and the fences the package declares
        (generator/games/__init__.py): one declaration, no copy to keep equal."""
        super().__init_subclass__(**kwargs)
        parent, _, package = cls.__module__.rpartition(".")[0].rpartition(".")
        if parent == __package__:
            cls.name, cls.fences = package, packages()[package]
        if isinstance(cls.sides, tuple) and cls.sides:
            check_sides(cls.sides, f"{cls.__name__}.sides")

    # --- reading the folder
    @classmethod
    def default(cls) -> "Game":
        """The game with its built-in numbers (no game folder)."""
        return cls()

    @classmethod
    def from_table(cls, data: dict[str, Any], base: "Game") -> "Game":
        """The game from its sections of components.toml (`data`); `base` carries the info, the
        folder, the source text and the [print]/[pieces] tables. Raises GameFileError."""
        raise NotImplementedError

    @property
    def root(self) -> Path:
        """The game folder: the current folder for the built-in game, which has none."""
        return self.folder if self.folder is not None else Path(".")

    @property
    def path(self) -> Path:
        return self.root / COMPONENTS_FILE

    @classmethod
    def shipped_folder(cls) -> Path | None:
        """The package's own game folder, shipped as package data (`folder/` beside its modules:
        the default game's components.toml, rules.md and examples.md), if it has one."""
        import inspect
        folder = Path(inspect.getfile(cls)).parent / "folder"
        return folder if (folder / COMPONENTS_FILE).is_file() else None

    def document(self, name: str) -> Path | None:
        """The game folder's own file `name` (rules.md, examples.md), None when there is none; for
        the built-in game, which has no folder, the copy its package ships."""
        from ..paths import own_file
        if self.folder is None:
            shipped = self.shipped_folder()
            return shipped / name if shipped is not None and (shipped / name).is_file() else None
        return own_file(self.root, name)

    def line_of(self, section: str, key: str | None = None) -> int | None:
        return key_line(self.source, section, key)

    def error(self, section: str, key: str | None, message: str) -> GameFileError:
        """An error about `[section] key`, located in components.toml: at the key's line, else its
        table's (a key of an inline table is found at the table's key). An error about a [pieces]
        table the kit generated is told of the table the designer wrote (such as [tokens.gold])."""
        sources = self.design.sources if self.design is not None else {}
        source = sources.get(section.removeprefix("pieces.")) if section.startswith("pieces.") else None
        if source is not None:
            key = {"faces": "count", "front": None, "back": None}.get(key, key) if key else None
            message, section = message.replace(f"[{section}]", f"[{source}]"), source
        line = self.line_of(section, key) if key else None
        while line is None and section:
            line = self.line_of(section)
            section, _, key = section.rpartition(".")
            if line is None and section:
                line = self.line_of(section, key)
        return GameFileError(self.path, line, message)

    def template(self, name: str) -> Path:
        """The template `name`: the game folder's templates/NAME when present, else the one the
        package ships (package data, beside its modules)."""
        from ..paths import inside, why_outside
        if self.folder is not None and os.path.lexists(self.root / "templates" / name):
            own = inside(self.root / "templates", name)
            if own is None:
                raise GameFileError(self.root / "templates" / name, None,
                                    why_outside(self.root / "templates", name))
            if own.is_file():
                return own
        import inspect
        return Path(inspect.getfile(type(self))).parent / "templates" / name

    # --- rules
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    @property
    def board(self) -> BoardSpec:
        """The board: its size, home edges and marked squares (from the folder or the rules)."""
        raise NotImplementedError

    @property
    def grammar(self) -> Grammar:
        """The grammar of this game's example blocks, bound to this game (its options and board
        feed the states it builds)."""
        raise NotImplementedError

    def new_initial_state(self, options: dict[str, str] | None = None, rules: str | None = None) -> State:
        raise NotImplementedError

    def parse_move(self, text: str):
        """A move from the game's notation; raises InvalidMoveError."""
        raise NotImplementedError

    def side(self, label: str):
        """The package's side value for a side label (by default the `Side` itself); raises
        ValueError for an unknown label."""
        for side in self.sides:
            if side.label == label:
                return side
        raise ValueError(f"unknown side {label!r}; sides: {', '.join(s.label for s in self.sides)}")

    def seat(self, side) -> int:
        """The seat of a package side value (`State.to_move`, an `Outcome`'s winner); by default
        the value is a `Side`. A package with its own side values overrides this."""
        return side.seat

    def with_players(self, count: int) -> "Game":
        """The game for `count` players (the first `count` sides, seated in order). A game whose
        sides are fixed plays only with all of them; a package that seats any 2 to N overrides
        this. Raises ValueError for a count it cannot seat."""
        if count != len(self.sides):
            raise ValueError(f"{self.info.title or self.name} is played by {len(self.sides)} players, not {count}")
        return self

    def side_of(self, side) -> Side:
        """The `Side` of a package side value."""
        return self.sides[self.seat(side)]

    def owner(self, face: str) -> str:
        """The label of the side whose pieces show `face` ("" for a shared component), for the
        tables that seat people: a sandbox hand, a Tabletop Simulator bag per player. The
        folder's components made for a side (`sides = true`) know it."""
        return self.design.owners.get(face, "") if self.design is not None and self.sides else ""

    def check_options(self, values: dict[str, object], rules: str | None = None) -> dict[str, str]:
        return resolve_options(self.option_specs, values)

    def with_numbers(self, **changes: int) -> "Game":
        """A copy with some numbers (counts, rule numbers) changed, for the lab's sweeps. Raises
        ValueError for unknown names or impossible values."""
        raise ValueError(f"{self.name} has no numbers to vary")

    def number_names(self) -> tuple[str, ...]:
        """The numbers `with_numbers` can change (the lab's `--vary` names)."""
        return ()

    def with_rule_set(self, rules: str) -> "Game":
        if rules not in self.rule_sets:
            raise ValueError(f"rules must be {' or '.join(self.rule_sets) or 'left out'}, not {rules!r}")
        return replace(self, rule_set=rules)

    def template_values(self) -> dict[str, Any]:
        """The numbers a rules template, a count in [pieces] or a card may use, by name: the
        game's, and its components' totals (`{{ warriors }}`) and sides' names."""
        values = {"title": self.info.title, "version": self.info.version, "designer": self.info.designer}
        return {**values, **self.design.values} if self.design is not None else values

    def outcome_heading(self, outcome: Outcome) -> str:
        """The result in a few words, over a diagram's board ("Reds win", "Drawn")."""
        if not outcome.winners:
            return "Drawn"
        return " and ".join(self.side_of(side).plural for side in outcome.winners) + " win"

    def describe_outcome(self, outcome: Outcome) -> tuple[str, str]:
        """The result in words, as a headline and how: ("The Reds win", "the crown")."""
        if not outcome.winners:
            return "The game is a draw", ""
        names = " and the ".join(self.side_of(side).plural for side in outcome.winners)
        return f"The {names} win", ", ".join(self.way_words.get(w, w) for w in outcome.ways)

    # --- the lab
    def evaluate(self, state: State, side) -> float:
        """A heuristic value of `state` for `side`: positive is good for `side`, +-1000 decided."""
        return 1000.0 * state.player_return(side)

    def evaluations(self, state: State) -> list[float]:
        """`evaluate` for every seat, in seat order (MCTS scores a position for each seat). A game
        whose values for the sides come from one computation may give them at once."""
        return [self.evaluate(state, self.side(side.label)) for side in self.sides]

    # --- the kit
    @property
    def package_faces(self) -> Any:
        """The named faces the package draws (a `generator.kit.faces.FaceSet`): the defaults of
        its pieces' art, its board, its special cards (a tracker, a player aid)."""
        raise NotImplementedError

    @property
    def faces(self) -> Any:
        """Every face the game prints and pictures: the package's, with the folder's components
        and the designer's own art (`design`) added."""
        return self.design.faces if self.design is not None else self.package_faces

    def warnings(self) -> tuple[str, ...]:
        """What a build should tell the designer (art printed below 300 dpi...)."""
        return self.design.warnings if self.design is not None else ()

    def package_hooks(self) -> "KitHooks":
        """What the package adds to the kit: the cover's words and pictures."""
        return KitHooks()

    def kit_hooks(self) -> "KitHooks":
        """The kit's words and pictures: the package's, with what the folder's [style] changes."""
        return self.design.hooks if self.design is not None else self.package_hooks()

    # --- the rulebook's number check
    count_nouns: ClassVar[tuple[tuple[str, str], ...]] = ()   # (noun regex, count name)
    count_shapes: ClassVar[tuple[tuple[str, str], ...]] = ()  # (phrase regex with (?P<num>), count)

    # --- the rulebook's diagrams
    diagram_square: ClassVar[float] = 21.0   # the largest square drawn, in points: pieces whose art
    #                                          carries detail (a tile's grid of symbols) ask for more


@dataclass(repr=False, eq=False)
class KitHooks:
    """What a game adds to the generic kit: words and pictures only it knows."""

    banner: tuple[str, ...] = ()                  # faces across the cover
    setup: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (face, squares) of the cover's set-up picture
    # a face drawn at (file, rank) of the set-up picture: file counts squares from the left edge
    # (3.5: the middle of the 4th file); rank < 1 puts it under the board, clear of the frame and
    # its words, rank > ranks over it
    setup_marker: tuple[str, float, float] | None = None
    setup_steps: tuple[str, ...] = ()             # the cover's set-up steps
    board_notes: str = ""                         # under the mini board
    piece_notes: dict[str, str] = field(default_factory=dict)  # piece kind -> parts-list text ({spaces})
    hidden_fronts: str = ""                       # cover: why two-sided pieces keep a secret
    folded: tuple[str, ...] = ()                  # pieces folded after cutting (a player screen), by key
    board: bool = True                            # whether the kit prints a board (and a mini board)
    check: Callable[[Any], str | None] = lambda piece: None  # a piece the rules cannot use -> why
