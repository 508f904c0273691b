"""Game packages, found by name (python-chess's `find_variant`, OpenSpiel's `register_game`).

A game package is a folder here with an `__init__.py`; the folder's name is the package's name.
Its `__init__.py` declares, once and on one line, the info strings of its example blocks as a
literal tuple, `FENCES = ("chess",)` (empty for a package without an engine), and exports `GAME`,
its `base.Game` subclass. The registry reads `FENCES` from the file's text, so knowing every
package imports none of them (a check loads only the engines its files use); a package is imported
only when a game folder or a block asks for it.
"""

from __future__ import annotations

from .registry import default_game, fence_game, fences, game_class, packages

DEFAULT = "siege"  # the package of a game folder whose components.toml names none

__all__ = ["DEFAULT", "default_game", "fence_game", "fences", "game_class", "packages"]
