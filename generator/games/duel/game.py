"""The duel game: a components game (its kit is the tiles, board and cards of its components.toml,
drawn by the kit) whose rules engine is read from the same file (docs/rulings/duel.md rulings 1-7)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, ClassVar

from ...errors import GameFileError
from ...pdf import hx
from ..base import BoardSpec, Game, OptionSpec, Side, resolve_options
from ..components.game import ComponentsGame
from .art import marks
from .data import OPTION_SPECS, DuelData, read_data, read_sides
from .diagram import DuelGrammar
from .moves import Move
from .state import DuelState
from .tables import Tables, tables_for

BUILT_IN = Path(__file__).resolve().parent / "builtin"   # the game of blocks outside any game folder


def ink(colour: str) -> str:
    """A side's colour dark enough for arrows and chart bars: a light tile colour is darkened.

    >>> ink("#efe4cb"), ink("#2e3442")
    ('#6c675b', '#2e3442')
    """
    c = hx(colour)
    light = 0.3 * c.red + 0.59 * c.green + 0.11 * c.blue
    if light <= 0.55:
        return colour.lower()
    return "#" + "".join(f"{round(v * 0.45 * 255):02x}" for v in (c.red, c.green, c.blue))


@lru_cache(maxsize=16)
def seats(sides: tuple[tuple[str, str, str], ...]) -> tuple[Side, ...]:
    return tuple(Side(key, name, name, ink(colour), seat) for seat, (key, name, colour) in enumerate(sides))


@dataclass(frozen=True)
class DuelGame(ComponentsGame):
    """A tile duel of The Duke's family: the tiles' grids are its rules.

    >>> game = DuelGame.default()
    >>> state = game.new_initial_state()
    >>> state.legal_moves()[0].notation()
    'setup:c1,b1,d1'
    """

    engine: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS
    ways: ClassVar[tuple[str, ...]] = ("leader-captured", "no-actions")
    way_words: ClassVar[dict[str, str]] = {"leader-captured": "the leader was taken",
                                           "no-actions": "the other side had no action left"}
    diagram_square: ClassVar[float] = 27.0   # 9.5 mm: a tile's grid of symbols stays readable

    duel: DuelData | None = field(default=None, repr=False)

    # --- reading the folder
    @classmethod
    def default(cls) -> "DuelGame":
        """The built-in duel (the package's `builtin/` folder): blocks outside a game folder and the
        conformance suite play it."""
        from ...config import load_game
        return load_game(BUILT_IN)

    @classmethod
    def from_table(cls, data: dict[str, Any], base: Game) -> "DuelGame":
        """The numbers and the board as a components game reads them, then the engine's facts
        (their faults cite the rulings) before the kit reads the rest of the folder."""
        game = super().from_table(data, base)
        duel = read_data(game)
        return replace(game, duel=duel, options=duel.options)

    def __getstate__(self) -> dict:
        """Pickled for the lab's worker processes without the kit's drawings (closures)."""
        state = dict(self.__dict__)
        state["design"] = None
        state["board_draw"] = None
        for cached in ("lookup", "sides", "face_names"):
            state.pop(cached, None)
        return state

    # --- the rules
    @cached_property
    def lookup(self) -> Tables:
        """The engine's tables of this game's data (built once per data)."""
        return tables_for(self.duel)

    @cached_property
    def sides(self) -> tuple[Side, ...]:
        return seats(self.duel.sides if self.duel is not None else read_sides(self.tables))

    @property
    def board(self) -> BoardSpec:
        sides = self.sides
        return replace(self.board_spec, home=((sides[0].label, "bottom"), (sides[1].label, "top")))

    @property
    def grammar(self) -> DuelGrammar:
        return DuelGrammar(self)

    def check_options(self, values: dict[str, object], rules: str | None = None) -> dict[str, str]:
        return resolve_options(OPTION_SPECS, values)

    def new_initial_state(self, options: dict[str, object] | None = None, rules: str | None = None) -> DuelState:
        """Side 1 to set up (ruling 11), both bags full (ruling 12)."""
        return DuelState(self, options)

    def parse_move(self, text: str) -> Move:
        """A move from its notation; raises InvalidMoveError.

        >>> DuelGame.default().parse_move("c1-c2").notation()
        'c1-c2'
        """
        return self.lookup.notation.parse(text)

    def template_values(self) -> dict[str, Any]:
        """The folder's numbers and components' totals, the leader's and the start tile's names
        (`leader_name`, `start_tile_name`) and how many start tiles there are."""
        values = super().template_values()
        if self.duel is not None:
            data = self.duel
            values.update(leader_name=data.kinds[data.leader].name, start_tile_name=data.kinds[data.start].name)
            values.setdefault("start_tiles", data.start_tiles)
        return values

    def number_names(self) -> tuple[str, ...]:
        """The lab's sweeps: the whole numbers of [numbers], and each kind's count by its key."""
        whole = tuple(k for k, v in self.numbers.items() if isinstance(v, int) and not isinstance(v, bool))
        return whole + tuple(kind.key for kind in self.duel.kinds
                             if kind.key not in whole and kind.index != self.duel.leader)

    def with_numbers(self, **changes: int) -> "DuelGame":
        """A copy whose engine plays with some numbers changed: a [numbers] entry, or a kind's
        count on both sides by its key (`--vary spear=1,2,3`). Raises ValueError for unknown names
        or values the rulings cannot play."""
        names = self.number_names()
        for name in changes:
            if name not in names:
                raise ValueError(f"{self.info.title} has no number {name!r}; numbers: {', '.join(names)}")
        try:
            duel = read_data(self, changes)
        except GameFileError as exc:
            raise ValueError(exc.message) from None
        numbers = {**self.numbers, **{k: v for k, v in changes.items() if k in self.numbers}}
        return replace(self, duel=duel, options=duel.options, numbers=numbers)

    # --- the kit: the components' faces, and the diagrams' marks
    @property
    def package_faces(self):
        base = super().package_faces
        return replace(base, draw={**base.draw, **marks([(side.label, hx(side.colour)) for side in self.sides])})

    def face_name(self, code: int) -> str:
        """The kit's face of the tile `code`: `KIND-SIDE-front` (`-back` for face 2)."""
        return self.face_names[code]

    @cached_property
    def face_names(self) -> tuple[str, ...]:
        data = self.duel
        return ("",) + tuple(f"{kind.key}-{key}-{face}" for kind in data.kinds for key, _, _ in data.sides
                             for face in ("front", "back"))

    # --- the lab
    def evaluate(self, state: DuelState, side: Side) -> float:
        return self.evaluations(state)[side.seat]

    def evaluations(self, state: DuelState) -> list[float]:
        """A cheap heuristic, +-1000 once decided: the tiles on the board by how much their faces can
        do (`Tables.worth`), those in the bag at half that, less for a leader in guard."""
        if state.is_game_over():
            return [1000.0 * r for r in state.returns()]
        t = state.t
        worth = t.worth
        score = [0.0, 0.0]
        for code in state.board:
            if code:
                score[t.seat_of[code]] += worth[t.kind_of[code]]
        for seat in (0, 1):
            score[seat] += 0.5 * sum(n * worth[k] for k, n in enumerate(state.bags[seat]))
            if state.phase and state.in_guard(seat):
                score[seat] -= 3.0 if seat == state.mover else 12.0
        return [score[0] - score[1], score[1] - score[0]]
