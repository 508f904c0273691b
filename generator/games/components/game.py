"""The data-only game: a `Game` whose board, faces and pieces are read from components.toml
(`design.read_design`), with no rules engine: `pnp build` and `pnp rules` work, `pnp simulate`
says there is no engine, and its rules.md holds no example blocks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...errors import GameFileError
from ..base import MAX_SIDES, MIN_SIDES, BoardSpec, Game, GameInfo, KitHooks, Side
from .design import SECTIONS, Design, read_design


@dataclass(frozen=True)
class ComponentsGame(Game):
    """A game described by data only."""

    sections: ClassVar[tuple[str, ...]] = SECTIONS
    engine: ClassVar[bool] = False

    design: Design = field(default_factory=Design, compare=False, hash=False, repr=False)

    @classmethod
    def default(cls) -> "ComponentsGame":
        return cls(info=GameInfo(title="Untitled game", package="components"))

    @classmethod
    def from_table(cls, data: dict[str, Any], base: Game) -> "ComponentsGame":
        game = replace(base) if isinstance(base, cls) else cls(info=base.info, folder=base.folder,
                                                               source=base.source, tables=base.tables)
        design = read_design(game, data)
        declared = base.tables.get("pieces", {})
        declared = declared if isinstance(declared, dict) else {}
        pieces = {**design.pieces, **declared}
        design = replace(design, sources={k: v for k, v in design.sources.items() if k not in declared})
        return replace(game, design=design, tables={**base.tables, "pieces": pieces})

    @property
    def board(self) -> BoardSpec:
        return self.design.board

    @property
    def sides(self) -> tuple[Side, ...]:  # type: ignore[override]
        """The [sides.NAME] tables as the core's sides, when there are 2 to 4 of them (else none:
        the browser's sandbox table then has one shared seat)."""
        found = self.design.sides
        if not MIN_SIDES <= len(found) <= MAX_SIDES:
            return ()
        return tuple(Side(s.key, s.name, s.name, "#" + s.colour.hexval()[2:], seat) for seat, s in enumerate(found))

    @property
    def faces(self):
        return self.design.faces

    def kit_hooks(self) -> KitHooks:
        return self.design.hooks

    def error(self, section: str, key: str | None, message: str):
        """An error about a generated [pieces.NAME] table is told of the table the designer wrote
        (such as [tokens.gold]), at its line."""
        source = self.design.sources.get(section.removeprefix("pieces.")) if section.startswith("pieces.") else None
        if source is None:
            return super().error(section, key, message)
        key = {"faces": "count", "front": None, "back": None}.get(key, key) if key else None
        line = (self.line_of(source, key) if key else None) or self.line_of(source)
        return GameFileError(self.path, line, message.replace(f"[{section}]", f"[{source}]"))

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), **self.design.values}

    def warnings(self) -> tuple[str, ...]:
        return self.design.warnings

    def owner(self, face: str) -> str:
        """The side a face is made for (`sides = true` or a list of sides in its table)."""
        return self.design.owners.get(face, "") if self.sides else ""

    def new_initial_state(self, options=None, rules=None):
        raise ValueError(f"{self.info.title} has no rules engine (game package {self.name!r}): "
                         f"it prints a kit, but cannot be played by the lab")
