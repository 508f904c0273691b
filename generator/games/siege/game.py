"""Siege of Armagh as a game package: its numbers, its rule sets, and what it tells the generic core.

The counts of components.toml feed the engine, the printed pieces, the tracker's length and the
rulebook's text (docs/rulings/siege.md, "Components").
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar

from ...config import take
from ..base import BoardSpec, Game, GameInfo, Side as Seat
from .numbers import BOARD, RULE_SETS, Counts, RuleNumbers, validate_counts, validate_numbers
from .options import SPECS, check_options

if TYPE_CHECKING:  # the engine and the grammar load when a state or a block is made: the kit needs neither
    from .diagram import SiegeGrammar
    from .enums import Side
    from .moves import Move
    from .state import State

@dataclass(frozen=True)
class SiegeGame(Game):
    """Siege of Armagh: 8x8, Vikings against Irish, two rule sets (final, draft)."""

    sides: ClassVar[tuple[Seat, ...]] = (Seat("viking", "Viking", "Vikings", "#a3301d", 0),
                                         Seat("irish", "Irish", "Irish", "#1d5a8c", 1))
    sections: ClassVar[tuple[str, ...]] = ("counts", "rules")
    rule_sets: ClassVar[tuple[str, ...]] = tuple(RULE_SETS)
    ways: ClassVar[tuple[str, ...]] = ("treasure", "defeats", "chief", "villages")
    way_words: ClassVar[dict[str, str]] = {"treasure": "the treasure", "defeats": "defeats",
                                           "chief": "the Chief", "villages": "every village looted"}
    @property
    def board(self) -> BoardSpec:
        return BOARD
    count_nouns: ClassVar[tuple[tuple[str, str], ...]] = (
        (r"(?:looted |intact |unlooted )?villages?", "villages"),
        (r"irish troops?", "irish_troops"),
        (r"viking (?:troops?|pieces?)", "viking_troops"),
        (r"plain (?:troops?|warriors?|reverses?|vikings?)", "plain_vikings"),
        (r"berserkers?", "berserkers"),
        (r"chiefs?", "chiefs"),
        (r"river tiles?", "river_tiles"),
        (r"stun markers?", "stun_markers"),
    )
    count_shapes: ClassVar[tuple[tuple[str, str], ...]] = (
        (r"\bonce (?P<num>{number}) (?:viking )?(?:troops?|pieces?|vikings?) (?:are|is|have been|has "
         r"been|were) defeated", "defeats_for_point"),
    )

    counts: Counts = Counts()
    numbers: RuleNumbers = RuleNumbers()
    rule_set: str = "final"

    @classmethod
    def default(cls) -> "SiegeGame":
        return cls(info=GameInfo(title="Siege of Armagh", package="siege"))

    @classmethod
    def from_table(cls, data: dict[str, Any], base: Game) -> "SiegeGame":
        path, source = base.path, base.source
        counts = take(data.get("counts", {}), Counts, "counts", path, source)
        validate_counts(counts, lambda key, message: base.error("counts", key, message))
        rules = dict(data.get("rules", {}))
        rule_set = rules.pop("set", "final")
        if not isinstance(rule_set, str) or rule_set not in RULE_SETS:
            raise base.error("rules", "set", f"[rules] set must be 'final' or 'draft', not {rule_set!r}")
        options = rules.pop("options", {})
        numbers = take(rules, RuleNumbers, "rules", path, source)
        validate_numbers(numbers, counts, lambda key, message: base.error("rules", key, message))
        game = cls(info=base.info, folder=base.folder, source=source, tables=base.tables, counts=counts,
                   numbers=numbers, rule_set=rule_set, options=tuple(sorted(options.items())))
        try:
            game.check_options(dict(game.options))
        except ValueError as exc:
            raise game.error("rules.options", None, str(exc)) from None
        return game

    # --- rules
    def new_initial_state(self, options: dict[str, str] | None = None, rules: str | None = None) -> State:
        from .state import State
        return State.new_game(self, rules, options)

    def parse_move(self, text: str) -> Move:
        from .moves import Move
        return Move.from_notation(text)

    def side(self, label: str) -> Side:
        from .enums import Side
        try:
            return Side[label.upper()]
        except KeyError:
            raise ValueError(f"unknown side {label!r}; sides: viking, irish") from None

    def seat(self, side: Side) -> int:
        return int(side)  # the engine's Side is numbered by seat (enums.py)

    def check_options(self, values: dict[str, object], rules: str | None = None):
        return check_options(values)

    option_specs = SPECS

    @property
    def grammar(self) -> SiegeGrammar:
        from .diagram import SiegeGrammar
        return SiegeGrammar(self)

    def with_numbers(self, **changes: int) -> "SiegeGame":
        """A copy with counts or rule numbers changed; raises ValueError for impossible ones."""
        counts = {k: v for k, v in changes.items() if k in COUNT_NAMES}
        numbers = {k: v for k, v in changes.items() if k in NUMBER_NAMES}
        unknown = [k for k in changes if k not in COUNT_NAMES and k not in NUMBER_NAMES]
        if unknown:
            raise ValueError(f"unknown count {unknown[0]!r}; counts: {', '.join(COUNT_NAMES + NUMBER_NAMES)}")
        game = replace(self, counts=replace(self.counts, **counts), numbers=replace(self.numbers, **numbers))
        validate_counts(game.counts, lambda key, message: ValueError(message))
        validate_numbers(game.numbers, game.counts, lambda key, message: ValueError(message))
        return game

    def number_names(self) -> tuple[str, ...]:
        return COUNT_NAMES + NUMBER_NAMES

    def template_values(self) -> dict[str, Any]:
        """The numbers a rulebook template may use, by name (one source of truth)."""
        values: dict[str, Any] = {f.name: getattr(self.counts, f.name) for f in fields(Counts)}
        values.update({f.name: getattr(self.numbers, f.name) for f in fields(RuleNumbers)})
        values.update(
            plain_vikings=self.counts.plain_vikings,
            tracker_spaces=self.counts.tracker_spaces,
            irish_villages=self.counts.irish_villages,
            viking_villages=self.counts.viking_villages,
        )
        values.update(super().template_values())
        return values

    # --- the lab: players look this up once per decision and call it for every node a search
    # expands, so it gives the function itself (imported on first use: the kit does not need it)
    @property
    def evaluate(self):  # type: ignore[override]
        from .ai import evaluate
        return evaluate

    @property
    def evaluations(self):  # type: ignore[override]
        from .ai import evaluations
        return evaluations

    # --- the kit
    @property
    def package_faces(self):
        from .art import FACES
        return FACES

    def package_hooks(self):
        from .art import kit_hooks
        return kit_hooks(self)


COUNT_NAMES = tuple(f.name for f in fields(Counts))
NUMBER_NAMES = tuple(f.name for f in fields(RuleNumbers))


def with_counts(game: SiegeGame, **changes: int) -> SiegeGame:
    """A copy of `game` with some counts changed (used by sweeps and tests)."""
    return replace(game, counts=replace(game.counts, **changes))
