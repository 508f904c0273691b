"""The data-only game: a `Game` whose numbers, board and sides are read from components.toml, with
no rules engine: `pnp build` and `pnp rules` work, `pnp simulate` says there is no engine, and its
rules.md holds no example blocks. Its components (tiles, tokens, cards...) are read by the kit for
every game (`generator.kit.design`); this package adds only the board drawn from `[board]`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, ClassVar

from ..base import MAX_SIDES, MIN_SIDES, BoardSpec, Game, GameInfo, Side

SECTIONS = ("numbers", "sides", "board")


def _no_board(*args, **kwargs) -> None:
    return None


@dataclass(frozen=True)
class ComponentsGame(Game):
    """A game described by data only."""

    sections: ClassVar[tuple[str, ...]] = SECTIONS
    engine: ClassVar[bool] = False

    numbers: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    board_spec: BoardSpec = BoardSpec(8, 8)
    has_board: bool = False          # a [board] table: a folder without one prints no board
    board_draw: Callable = field(default=_no_board, compare=False, hash=False, repr=False)

    @classmethod
    def default(cls) -> "ComponentsGame":
        return cls(info=GameInfo(title="Untitled game", package="components"))

    @classmethod
    def from_table(cls, data: dict[str, Any], base: Game) -> "ComponentsGame":
        from ...kit.design import Reader
        from ...kit.entries import read_board

        game = replace(base) if isinstance(base, cls) else cls(info=base.info, folder=base.folder,
                                                               source=base.source, tables=base.tables)
        reader = Reader(game)
        numbers = reader.table("numbers", data.get("numbers", {}), tuple(data.get("numbers", {})))
        for key, value in numbers.items():
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise reader.error("numbers", key, f"expected a number or text, not {value!r}")
        game = replace(game, numbers=dict(numbers))
        reader = Reader(replace(game, tables={**game.tables, "board": data.get("board", {})}))
        board, draw = read_board(reader, reader.read_fonts())
        return replace(game, board_spec=board, board_draw=draw, has_board="board" in data)

    @property
    def board(self) -> BoardSpec:
        return self.board_spec

    @property
    def sides(self) -> tuple[Side, ...]:  # type: ignore[override]
        """The [sides.NAME] tables as the core's sides, when there are 2 to 4 of them (else none:
        the browser's sandbox table then has one shared seat)."""
        found = self.design.sides if self.design is not None else ()
        if not MIN_SIDES <= len(found) <= MAX_SIDES:
            return ()
        return tuple(Side(s.key, s.name, s.name, "#" + s.colour.hexval()[2:], seat) for seat, s in enumerate(found))

    @property
    def package_faces(self):
        from ...kit.faces import FaceSet
        return FaceSet({}, {}, self.board_draw, sized=True)

    def package_hooks(self):
        from ..base import KitHooks
        board = self.board_spec
        return KitHooks(board_notes=f"The board: {board.files} \u00d7 {board.ranks} squares.", board=self.has_board)

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), **self.numbers}

    def new_initial_state(self, options=None, rules=None):
        raise ValueError(f"{self.info.title} has no rules engine (game package {self.name!r}): "
                         f"it prints a kit, but cannot be played by the lab")
