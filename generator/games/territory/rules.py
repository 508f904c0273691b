"""The numbers a territory game plays by, read from its components.toml (docs/rulings/territory.md,
rulings 1-5): the sides and their letters, the board and its mines, the gold piles, the palisade
supply, N and K, the warriors for each player count and the options on by default.

Every count is data, so one engine serves Hoardfall and any other game of the family. A file that
breaks rulings 1-4 is refused (ruling 5) with `GameFileError` at the offending key's line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..base import MAX_SIDES, MIN_SIDES, MAX_WHOLE, Game, read_whole

DEFAULT_PILES = "3 4 4 5 5 6 6 7"   # ruling 3, the source's 40 gold in 8 piles
MAX_VALUE = 999                     # a warrior's value: printed on a token
MAX_PILE = 10_000                   # a pile of gold: printed on a diagram
WARRIORS = "warriors"               # the [tokens.NAME] table of the warriors (ruling 4)
MINE = "mine"                       # the [board] cells terrain of a gold mine (ruling 2)
COUNTS = ("palisade_count", "palisades_per_turn", "min_territory", "gold_piles")

Pairs = tuple[tuple[int, int], ...]   # (value, count), ascending by value, counts above 0


@dataclass(frozen=True)
class Clan:
    """A side of the game file (ruling 1): its [sides.KEY] key, name, colour and diagram letter."""

    key: str
    name: str
    letter: str
    colour: str


@dataclass(frozen=True)
class Rules:
    """Rulings 1-4 as data. `printed` is one side's printed warriors; `sets` the `warriors_P`
    overrides by player count; `options` the options on by default (`[numbers] options`)."""

    clans: tuple[Clan, ...]
    files: int
    ranks: int
    mines: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    palisade_count: int = 35
    palisades_per_turn: int = 2
    min_territory: int = 4
    printed: Pairs = ()
    sets: tuple[tuple[int, Pairs], ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def warriors(self, players: int) -> Pairs:
        """One side's warriors in a game of `players` (ruling 4): `warriors_P`, else the printed set."""
        return dict(self.sets).get(players, self.printed)

    def with_number(self, name: str, value: int) -> "Rules":
        """A copy with one count changed (the lab's sweeps); raises ValueError for a bad value."""
        if name not in COUNTS or name == "gold_piles":
            raise ValueError(f"cannot vary {name!r}; numbers: palisade_count, palisades_per_turn, min_territory")
        least = 0 if name == "palisade_count" else 1
        if not least <= value <= MAX_WHOLE:
            raise ValueError(f"{name} must be a whole number from {least} to {MAX_WHOLE:,}, not {value}")
        return replace(self, **{name: value})


def pairs(text: Any, what: str) -> Pairs:
    """`"1=3 2=2 5=1"` (VALUE=COUNT pairs, any order, each value once) to ascending pairs with
    counts above 0; raises ValueError naming `what`.

    >>> pairs("5=1 1=3 2=0", "warriors")
    ((1, 3), (5, 1))
    """
    if not isinstance(text, str) or not text.split():
        raise ValueError(f"{what} must be text of VALUE=COUNT pairs such as \"1=3 2=2 5=1\", not {text!r}")
    found: dict[int, int] = {}
    for word in text.split():
        value, sep, count = word.partition("=")
        if not sep:
            raise ValueError(f"{what}: expected VALUE=COUNT, got {word!r}")
        v = read_whole(value, f"{what}: a warrior's value", 1, MAX_VALUE)
        if v in found:
            raise ValueError(f"{what}: the value {v} is given twice")
        found[v] = read_whole(count, f"{what}: the count of value {v}", 0, MAX_WHOLE)
    return tuple(sorted((v, n) for v, n in found.items() if n))


def clan_letters(keys: list[str]) -> list[str | None]:
    """Ruling 1: each side's letter, in file order, the first letter of its name that no earlier
    side has taken (upper-cased); None when every letter is taken.

    >>> clan_letters(["stone", "ember", "tide", "thorn"])
    ['S', 'E', 'T', 'H']
    """
    taken: list[str | None] = []
    for key in keys:
        free = [ch.upper() for ch in key if ch.isascii() and ch.isalpha() and ch.upper() not in taken]
        taken.append(free[0] if free else None)
    return taken


def check_side_count(game: Game, data: dict[str, Any]) -> None:
    """Ruling 1: 2 to 4 `[sides.NAME]` tables; GameFileError at the fifth, or at [sides]."""
    sides = data.get("sides", {})
    keys = list(sides) if isinstance(sides, dict) else []
    if len(keys) > MAX_SIDES:
        raise game.error(f"sides.{keys[MAX_SIDES]}", None,
                         f"[sides.{keys[MAX_SIDES]}] is side {MAX_SIDES + 1}: a territory game has "
                         f"{MIN_SIDES} to {MAX_SIDES} sides (ruling 1)")
    if len(keys) < MIN_SIDES:
        where = ("sides", None) if keys else ("game", "package")
        raise game.error(*where, f"a territory game needs {MIN_SIDES} to {MAX_SIDES} [sides.NAME] tables, "
                                 f"found {len(keys)} (ruling 1)")


def read_rules(game: Game, data: dict[str, Any]) -> Rules:
    """Rulings 1-5 from a game's tables (the kit has read and checked their shapes already).
    Raises GameFileError at the line of the key that breaks a ruling."""
    numbers = data.get("numbers", {})
    sides = data.get("sides", {})
    keys = list(sides)
    letters = clan_letters(keys)
    clans = []
    for key, letter in zip(keys, letters):
        if letter is None:
            raise game.error(f"sides.{key}", None, f"[sides.{key}]: every letter of {key!r} is taken by an "
                                                   f"earlier side; a side needs a letter of its own (ruling 1)")
        entry = sides[key]
        clans.append(Clan(key, entry.get("name", key.capitalize()), letter, entry.get("colour", "#d8c9a8")))
    if "clans" in numbers and _whole(game, "clans", numbers["clans"]) != len(clans):
        raise game.error("numbers", "clans", f"[numbers] clans is {numbers['clans']}, but the file has "
                                              f"{len(clans)} [sides.NAME] tables (ruling 1)")
    board = data.get("board", {})
    files, ranks = board.get("files", 8), board.get("ranks", 8)
    cells = board.get("cells", {})
    from ..grid import geometry
    geo = geometry(files, ranks)
    mines = tuple(sorted(geo.parse(square) for square, kind in cells.items() if kind == MINE))
    counts = {name: _whole(game, name, numbers.get(name, default), least)
              for name, default, least in (("palisade_count", 35, 0), ("palisades_per_turn", 2, 1),
                                           ("min_territory", 4, 1), ("gold_piles", 8, 0))}
    try:
        sizes = tuple(sorted(read_whole(word, "a pile's size", 1, MAX_PILE)
                             for word in _text(numbers.get("gold_pile_sizes", DEFAULT_PILES)).split()))
    except ValueError as exc:
        raise game.error("numbers", "gold_pile_sizes", f"[numbers] gold_pile_sizes: {exc} (ruling 3)") from None
    if len(sizes) != counts["gold_piles"]:
        raise game.error("numbers", "gold_pile_sizes" if "gold_pile_sizes" in numbers else "gold_piles",
                         f"[numbers] gold_pile_sizes gives {len(sizes)} piles, but gold_piles is "
                         f"{counts['gold_piles']} (ruling 5)")
    if len(mines) != counts["gold_piles"]:
        raise game.error("board", "cells", f"[board] cells marks {len(mines)} squares \"{MINE}\", but "
                                           f"gold_piles is {counts['gold_piles']}: one pile on each mine (ruling 5)")
    printed = _printed(game, data)
    sets = []
    for players in range(MIN_SIDES, MAX_SIDES + 1):
        key = f"warriors_{players}"
        if key not in numbers:
            continue
        try:
            chosen = pairs(numbers[key], f"[numbers] {key}")
        except ValueError as exc:
            raise game.error("numbers", key, f"{exc} (ruling 4)") from None
        have = dict(printed)
        for value, count in chosen:
            if count > have.get(value, 0):
                raise game.error("numbers", key, f"[numbers] {key} uses {count} warrior{'s' if count != 1 else ''} "
                                                 f"of value {value}, but "
                                                 f"[tokens.{WARRIORS}] prints {have.get(value, 0)} for each side "
                                                 f"(ruling 4)")
        sets.append((players, chosen))
    rules = Rules(tuple(clans), files, ranks, mines, sizes, counts["palisade_count"],
                  counts["palisades_per_turn"], counts["min_territory"], printed, tuple(sets))
    return rules


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text such as \"3 4 4 5\", not {value!r}")
    return value


def _whole(game: Game, name: str, value: Any, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_WHOLE:
        raise game.error("numbers", name, f"[numbers] {name} must be a whole number from {least} to "
                                          f"{MAX_WHOLE:,}, not {value!r} (ruling 5)")
    return value


def _printed(game: Game, data: dict[str, Any]) -> Pairs:
    """Ruling 4: `[tokens.warriors] values`, the set printed for each side."""
    entry = data.get("tokens", {}).get(WARRIORS)
    if not isinstance(entry, dict) or not isinstance(entry.get("values"), dict):
        raise game.error("tokens", None, f"a territory game needs [tokens.{WARRIORS}] with values = "
                                         f"{{ value = count }}, the warriors printed for each side (ruling 4)")
    found = []
    for value, count in entry["values"].items():
        try:
            found.append((read_whole(value, "a warrior's value", 1, MAX_VALUE), count))
        except ValueError as exc:
            raise game.error(f"tokens.{WARRIORS}", "values", f"[tokens.{WARRIORS}] values: {exc} (ruling 4)") from None
    return tuple(sorted((v, n) for v, n in found if n))
