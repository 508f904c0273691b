"""Games without a rules engine: the board, the faces and the pieces come from components.toml
alone (docs/components.md). `[game] package = "components"`."""

FENCES = ()  # no engine, so no example blocks (read by generator/games/__init__.py)

from .game import ComponentsGame

GAME = ComponentsGame

__all__ = ["GAME", "ComponentsGame"]
