"""The territory game: a game folder's components.toml read for the rulings' numbers
(`rules.read_rules`), and the states it makes (docs/rulings/territory.md).

The kit is the components game's, unchanged (the kit reads every folder's components, and the
components package reads `[numbers]`, `[sides]` and `[board]`): this class only adds the engine,
and a face for a gold mine on the rulebook's diagrams.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from ..base import MAX_SIDES, MIN_SIDES, OptionSpec, Side, check_sides, parse_option, resolve_options
from ..components.game import ComponentsGame, _no_board
from ..values import Outcome
from .lines import Lines, board_lines
from .moves import Codec, Move
from .rules import COUNTS, MINE, WARRIORS, Rules, check_side_count, read_rules
from .state import Options, TerritoryState

BUILTIN = Path(__file__).with_name("builtin")   # the game without a folder: Hoardfall's numbers, no art
MINE_FACE = "territory-mine"


class Layout(NamedTuple):
    """What every state of one board shares: its lines, its moves, which squares are mines."""

    lines: Lines
    codec: Codec
    mine: tuple[bool, ...]


@dataclass(frozen=True)
class TerritoryGame(ComponentsGame):
    """A game of the Armadora family: 2 to 4 sides place hidden warriors and palisades; the
    gold of each territory goes to its strongest side. `seated` are the playing sides (indexes
    into `rules.clans`, in file order; empty: all of them).

    >>> game = TerritoryGame.default()
    >>> [side.label for side in game.sides], game.with_players(3).grammar.letters
    (['stone', 'ember', 'tide', 'thorn'], ('S', 'E', 'T'))
    """

    engine: ClassVar[bool] = True
    ways: ClassVar[tuple[str, ...]] = ("most-gold", "tie-break", "shared")
    way_words: ClassVar[dict[str, str]] = {"most-gold": "the most gold", "tie-break": "the tie-break on piles",
                                           "shared": "a shared win"}

    rules: Rules | None = None
    seated: tuple[int, ...] = ()
    mine_look: tuple = field(default=(), compare=False, hash=False, repr=False)   # (fill, mark) of a mine

    # --- reading the folder
    @classmethod
    def default(cls) -> "TerritoryGame":
        from ...config import load_game
        return load_game(BUILTIN)

    @classmethod
    def from_table(cls, data: dict[str, Any], base) -> "TerritoryGame":
        """`[numbers]`, `[sides]` and `[board]` as the components game reads them, then rulings 1-5
        (GameFileError at the line; the number of sides first, before anything counts per side)."""
        check_side_count(base, data)
        game = super().from_table(data, base)
        rules = read_rules(game, {**data, "tokens": base.tables.get("tokens", {})})
        game = replace(game, rules=rules, mine_look=_mine_look(game, data))
        text = data.get("numbers", {}).get("options", "")
        try:
            if not isinstance(text, str):
                raise ValueError(f"expected option names as text, such as \"peek\", not {text!r}")
            given = dict(parse_option(word) for word in text.split())
            game.check_options(given)
        except ValueError as exc:
            raise game.error("numbers", "options", f"[numbers] options: {exc}") from None
        return replace(game, options=tuple(sorted(given.items())))

    def __getstate__(self) -> dict:
        """Pickled for the lab's worker processes: the rules, not the kit (its drawings are
        functions); a copy made so draws nothing (no faces, the board's bare size)."""
        state = {k: v for k, v in self.__dict__.items() if k in self.__dataclass_fields__}
        state.update(design=None, board_draw=_no_board, mine_look=())
        return state

    @property
    def package_faces(self):
        """The components game's (its board), and a gold mine's square for the diagrams."""
        from ...kit import kinds
        faces = super().package_faces
        if not self.mine_look:
            return faces
        fill, mark = self.mine_look

        def draw(c, ink, label, bleed, w, h):
            kinds.background(c, ink, fill, None, bleed, w, h)
            if mark is not None:
                kinds.draw_mark(c, mark, w * 0.2, h * 0.8, min(w, h) * 0.14, kinds.ink_on(ink, fill))

        return replace(faces, draw={**faces.draw, MINE_FACE: draw})

    # --- the sides
    @property
    def playing(self) -> tuple[int, ...]:
        """The playing sides, as indexes into `rules.clans` (ruling 10: seated in file order)."""
        return self.seated or tuple(range(len(self.rules.clans)))

    @cached_property
    def sides(self) -> tuple[Side, ...]:
        clans = self.rules.clans
        sides = tuple(Side(clans[k].key, clans[k].name, clans[k].name, clans[k].colour, seat)
                      for seat, k in enumerate(self.playing))
        check_sides(sides, "the playing sides")
        return sides

    def with_clans(self, clans: tuple[int, ...]) -> "TerritoryGame":
        """The game played by these sides of the file (indexes, in file order)."""
        return self if clans == self.playing else replace(self, seated=clans)

    def with_players(self, count: int) -> "TerritoryGame":
        """The game for `count` players: the first `count` sides of the file (rulings 1, 10)."""
        available = len(self.rules.clans)
        if not MIN_SIDES <= count <= min(MAX_SIDES, available):
            raise ValueError(f"{self.info.title} is played by {MIN_SIDES} to {available} players, not {count}")
        return self.with_clans(tuple(range(count)))

    # --- rules
    @cached_property
    def layout(self) -> Layout:
        rules = self.rules
        lines = board_lines(rules.files, rules.ranks)
        mines = set(rules.mines)
        return Layout(lines, Codec(tuple(clan.letter for clan in rules.clans), lines),
                      tuple(s in mines for s in range(lines.size)))

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        rules = self.rules
        return (OptionSpec("peek", ("off", "on"), "off",
                           "ruling 26: a side may look again at its own face-down warriors"),
                OptionSpec("min-territory", None, str(rules.min_territory),
                           "ruling 27: K, the smallest territory a palisade may create"),
                OptionSpec("palisades-per-turn", None, str(rules.palisades_per_turn),
                           "ruling 27: N, the most palisades one action may place"))

    def check_options(self, values: dict[str, object], rules: str | None = None) -> dict[str, str]:
        resolved = resolve_options(self.option_specs, values)
        for name in ("min-territory", "palisades-per-turn"):
            if int(resolved[name]) < 1:
                raise ValueError(f"option {name} takes a whole number from 1, not {values.get(name)!r}")
        return resolved

    def resolve(self, options: dict[str, object] | None) -> Options:
        """The options of a state: the game's (`[numbers] options`), then `options`."""
        values = self.check_options({**dict(self.options), **(options or {})})
        return Options(values["peek"] == "on", int(values["min-territory"]), int(values["palisades-per-turn"]))

    @cached_property
    def grammar(self):
        from .grammar import TerritoryGrammar
        return TerritoryGrammar(self)

    def new_initial_state(self, options: dict[str, object] | None = None, rules: str | None = None) -> TerritoryState:
        """Rulings 10-12: the supplies, the palisades, and the gold still to deal (chance events)."""
        return TerritoryState(self, options)

    def parse_move(self, text: str) -> Move:
        return self.layout.codec.parse(text)

    def number_names(self) -> tuple[str, ...]:
        return tuple(name for name in COUNTS if name != "gold_piles")

    def with_numbers(self, **changes: int) -> "TerritoryGame":
        """A copy with `palisade_count`, `palisades_per_turn` or `min_territory` changed (the lab's
        `--vary`); raises ValueError for other names or values."""
        rules = self.rules
        for name, value in changes.items():
            rules = rules.with_number(name, value)
        return replace(self, rules=rules)

    def template_values(self) -> dict[str, Any]:
        values = super().template_values()
        rules = self.rules
        if rules is None:              # the kit reading the board, before the rules are read
            return values
        values.update(palisade_count=rules.palisade_count, palisades_per_turn=rules.palisades_per_turn,
                      min_territory=rules.min_territory, gold_piles=len(rules.pile_sizes),
                      gold_total=sum(rules.pile_sizes), letters=[clan.letter for clan in rules.clans])
        return values

    def outcome_heading(self, outcome: Outcome) -> str:
        return self.describe_outcome(outcome)[0]

    def describe_outcome(self, outcome: Outcome) -> tuple[str, str]:
        """("Stone clan wins", "the most gold"), or ("Stone clan and Ember clan share the win", ...)."""
        names = [self.side_of(side).noun for side in outcome.winners]
        head = f"{names[0]} wins" if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]} share the win"
        return head, ", ".join(self.way_words.get(w, w) for w in outcome.ways if w != "shared")

    # --- the kit's faces a state draws with
    mine_face: ClassVar[str] = MINE_FACE
    palisade_face: ClassVar[str] = "palisades"

    @staticmethod
    def warrior_face(key: str, suffix: str) -> str:
        """The kit's face of a side's warrior: `warriors-stone-3`, or its back `warriors-stone-back`."""
        return f"{WARRIORS}-{key}-{suffix}"

    # --- the lab
    def evaluate(self, state: TerritoryState, side) -> float:
        return self.evaluations(state)[self.seat(side)]

    def evaluations(self, state: TerritoryState) -> list[float]:
        from .ai import evaluations
        return evaluations(state)


def _mine_look(game: ComponentsGame, data: dict[str, Any]) -> tuple:
    """The fill and mark of `[board.terrain.mine]`, for the diagrams' gold mines."""
    from ...kit.design import Reader
    spec = data.get("board", {}).get("terrain", {}).get(MINE, {})
    reader = Reader(game)
    section = f"board.terrain.{MINE}"
    fill = reader.colour(section, "fill", spec.get("fill", "#d9b25a"))
    return fill, reader.mark(section, "mark", spec["mark"]) if "mark" in spec else None
