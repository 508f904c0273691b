"""Typed reads of components.toml tables: the one place where a value is checked and a bad one is
refused as `components.toml:LINE: [section] key: what was expected`.

`TableReader(game)` reads any game's tables: `config.take` fills [game] (and a package's tables of
plain numbers) with it, `kit.model` reads [print] and [pieces.*], and the data-only games' reader
(`kit.design.Reader`) subclasses it. Every error goes through `game.error`, which
finds the key's line (a data-only game also sends an error about a generated [pieces.NAME] table
to the table the designer wrote).
"""

from __future__ import annotations

import math
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

from .errors import GameFileError, did_you_mean
from .games.base import MAX_COPIES, Game, GameInfo
from .units import mm, parse_length

MAX_LINE = 120  # characters of a one-line text such as [game] title


def whole_numbers(values: dict[str, Any]) -> dict[str, int]:
    """The whole numbers (not true or false) of `values`, by name."""
    return {k: v for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}


def _mm(points: float) -> str:
    return f"{points / mm(1):.1f}"


class TableReader:
    """Typed, located reads of one game's components.toml. `square` is the length a bare number
    is a fraction of, in a size; `NAMES` says what a count may name instead of a number."""

    NAMES = "a count name"

    def __init__(self, game: Game, square: float | None = None):
        self.game, self.square = game, square

    @classmethod
    def at(cls, path: Path, source: str) -> "TableReader":
        """A reader for a components.toml text before its game is made (to read [game])."""
        return cls(Game(info=GameInfo(), folder=path.parent, source=source))

    def error(self, section: str, key: str | None, message: str) -> GameFileError:
        """`[section] key: message`, at the key's line (the section's, when `key` is None)."""
        return self.game.error(section, key, f"[{section}] {key + ': ' if key else ''}{message}")

    # --- tables
    def _not_a_table(self, section: str, what: str = "a table") -> GameFileError:
        """`[section] must be ...`, at its header or, nested ("pieces.hero"), at its key."""
        parent, _, name = section.rpartition(".")
        return self.game.error(parent or section, name if parent else None, f"[{section}] must be {what}")

    def table(self, section: str, value: Any, accepted: tuple[str, ...]) -> dict[str, Any]:
        """A table whose keys are all in `accepted`."""
        if not isinstance(value, dict):
            raise self._not_a_table(section)
        for key in value:
            if key not in accepted:
                                raise self.game.error(section, key, f"unknown key {key!r} in [{section}]"
                                                    f"{did_you_mean(key, accepted)}; accepted keys: "
                                                    f"{', '.join(accepted)}")
        return value

    def entries(self, section: str, value: Any) -> dict[str, Any]:
        """A table of named entries, such as [pieces] (each entry is read with `table`)."""
        if not isinstance(value, dict):
            raise self._not_a_table(section, "a table of named entries")
        return value

    def fill(self, section: str, value: Any, cls: type) -> Any:
        """The dataclass `cls` from a table: its fields are the accepted keys, each read as its
        default's type (a whole number, or one line of text)."""
        defaults = cls()
        table = self.table(section, value, tuple(f.name for f in fields(cls)))
        read = {int: lambda key, v: self.count(section, key, v, most=None, names=False),
                str: lambda key, v: self.text(section, key, v, one_line=True)}
        return cls(**{key: read[type(getattr(defaults, key))](key, v) for key, v in table.items()})

    # --- values
    def text(self, section: str, key: str, value: Any, one_line: bool = False) -> str:
        if not isinstance(value, str):
            raise self.error(section, key, f"must be text, not {value!r}")
        if one_line and (len(value) > MAX_LINE or "\n" in value or "\x00" in value):
            raise self.error(section, key, f"must be one line of at most {MAX_LINE} characters "
                                           f"(it is printed on every page)")
        return value

    def texts(self, section: str, key: str, value: Any, what: str) -> list[str]:
        """A list of texts, such as set-up steps."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(section, key, f"expected a list of {what} (text)")
        return value

    def choice(self, section: str, key: str, value: Any, choices: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in choices:
            raise self.error(section, key, f"expected one of {', '.join(choices)}, not {value!r}")
        return value

    def count_names(self) -> dict[str, int]:
        """The names a count may be written as, with their numbers."""
        return whole_numbers(self.game.template_values())

    def count(self, section: str, key: str, value: Any, most: int | None = MAX_COPIES,
              names: bool = True) -> int:
        """A whole number from 0 to `most` (None: no bound), given as such or, where `names`
        allows, as one of `count_names`."""
        known = self.count_names() if names else {}
        found = known.get(value) if isinstance(value, str) else value
        if not isinstance(found, int) or isinstance(found, bool) or found < 0:
            named = f" or {self.NAMES} ({', '.join(known) or 'none'})" if names else ""
            raise self.error(section, key, f"expected a whole number{named}, not {value!r}")
        if most is not None and found > most:
            named = f" ({value} = {found})" if isinstance(value, str) else ""
            raise self.error(section, key, f"{found}{named} is too many: at most {most}")
        return found

    def length(self, section: str, key: str, value: Any, least: float = 0.0, most: float = math.inf) -> float:
        """A length with its unit ("8mm", "0.25in"; 0 alone needs none), from `least` to `most`."""
        try:
            if isinstance(value, bool) or not (isinstance(value, str) or value == 0):
                raise ValueError
            points = parse_length(value) if isinstance(value, str) else 0.0
        except ValueError:
            raise self.error(section, key, f"bad length {value!r}; expected a length with its unit, "
                                           f"such as \"8mm\" or \"0.25in\"") from None
        self.within(section, key, points, least, most)
        return points

    def within(self, section: str, key: str, points: float, least: float, most: float) -> None:
        """Refuses a length outside `least` to `most`."""
        if not least <= points <= most:
            raise self.error(section, key, f"must be {least / mm(1):.0f} to {most / mm(1):.0f} mm, "
                                           f"got {_mm(points)} mm")

    def size(self, section: str, key: str, value: Any, most: float | None = None) -> tuple[float, float]:
        """A width and a height: each a fraction of `square` (0.7) or a length ("30mm"), given
        once for both, as [w, h] or as "95mm x 140mm"; more than 0 and at most `most`."""
        parts = value if isinstance(value, list) else [value, value]
        if isinstance(value, str) and "x" in value:
            parts = [part.strip() for part in value.split("x")]
        if len(parts) != 2:
            raise self.error(section, key, f"expected a size or [w, h], not {value!r}")
        try:
            w, h = (parse_length(v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v),
                                 self.square) for v in parts)
        except ValueError:
            raise self.error(section, key, f"bad size {value!r}; expected a fraction of the square (0.7), "
                                           f"a length (\"30mm\") or [w, h]") from None
        if not (0 < w and 0 < h) or most is not None and max(w, h) > most:
            bound = f" and at most {most / mm(1):.0f} mm" if most is not None else ""
            raise self.error(section, key, f"{value!r} is {_mm(w)} x {_mm(h)} mm; each side must be "
                                           f"more than 0{bound}")
        return w, h

    def colour(self, section: str, key: str, value: Any) -> str:
        """A colour as "#rrggbb"."""
        if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            return value
        raise self.error(section, key, f"expected a colour such as \"#7a2e1f\", not {value!r}")

    def path(self, section: str, key: str, value: Any, suffixes: tuple[str, ...]) -> Path:
        """A file inside the game folder (generator/paths.py) ending in one of `suffixes`."""
        from .kit import artfile   # not at the top: generator.kit imports this module
        return artfile.resolve(self.game, section, key, value, suffixes)
