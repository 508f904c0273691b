"""The numbers of Siege of Armagh: component counts, victory numbers and the two rule sets, read
from components.toml (docs/rulings/siege.md, "Components")."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import MAX_COPIES, BoardSpec

RANK = 8  # squares per rank


@dataclass(frozen=True)
class Counts:
    """How many of each component the game has (Components)."""

    viking_troops: int = 8
    chiefs: int = 1
    berserkers: int = 2
    irish_troops: int = 8
    villages: int = 5
    river_tiles: int = 8
    treasure: int = 1
    stun_markers: int = 8

    @property
    def plain_vikings(self) -> int:
        return self.viking_troops - self.chiefs - self.berserkers

    @property
    def tracker_spaces(self) -> int:
        """Ruling 15: an eliminated Irish troop enters at 1 + unlooted villages, so 1 + villages spaces."""
        return 1 + self.villages

    @property
    def irish_villages(self) -> int:
        """Ruling 3: villages are placed alternately, Irish first."""
        return (self.villages + 1) // 2

    @property
    def viking_villages(self) -> int:
        return self.villages // 2


@dataclass(frozen=True)
class RuleNumbers:
    """Numbers of the victory rules (rulings 21-22)."""

    points_to_win: int = 2
    defeats_for_point: int = 4


@dataclass(frozen=True)
class RuleSet:
    """A rule set as data (python-chess keeps variants as classes; ours differ only in numbers).

    `vikings_lay_river`: the Vikings choose the river's rank (draft) or it lies on rank 5 (final);
    `shifts`: the fewest and most river tiles the Irish move; `irish_rows`: how many home ranks
    the Irish may place troops on (rulings 2 and 4)."""

    name: str
    vikings_lay_river: bool
    shifts: tuple[int, int]
    irish_rows: int


FINAL = RuleSet("final", vikings_lay_river=False, shifts=(3, 3), irish_rows=1)
DRAFT = RuleSet("draft", vikings_lay_river=True, shifts=(3, 5), irish_rows=2)
RULE_SETS = {rules.name: rules for rules in (FINAL, DRAFT)}

BOARD = BoardSpec(
    files=8, ranks=8,
    home=(("irish", "bottom"), ("viking", "top")),
)


MAX_POINTS = 3   # ruling 21: the Irish can hold 3 points (treasure, defeats, Chief), the Vikings 2


def validate_counts(counts: Counts, where) -> None:
    """Counts that contradict each other or the 8x8 board. `where(key, message)` makes the error."""
    if counts.chiefs + counts.berserkers > counts.viking_troops:
        raise where("berserkers", f"chiefs ({counts.chiefs}) + berserkers ({counts.berserkers}) "
                                  f"exceed viking_troops ({counts.viking_troops})")
    if not 1 <= counts.viking_troops <= RANK:
        raise where("viking_troops", f"viking_troops must be 1 to 8 (they start on rank 8), got {counts.viking_troops}")
    if counts.irish_troops < 1:
        raise where("irish_troops", "irish_troops must be at least 1")
    if counts.river_tiles != RANK:
        raise where("river_tiles", f"the river spans the 8 files of the board: river_tiles must be 8, got {counts.river_tiles}")
    if not 1 <= counts.villages <= 16:
        raise where("villages", f"villages must be 1 to 16 (they go on ranks 3-5 beside the river), got {counts.villages}")
    if counts.treasure != 1:
        raise where("treasure", f"the game has one Monastery's Treasure: treasure must be 1, got {counts.treasure}")
    for name, value in vars(counts).items():
        if value > MAX_COPIES:
            raise where(name, f"{name} must be at most {MAX_COPIES} (pieces to cut out), got {value}")


def validate_numbers(numbers: RuleNumbers, counts: Counts, where) -> None:
    """Victory numbers no game could reach (rulings 21-22). `where(key, message)` makes the error."""
    if not 1 <= numbers.points_to_win <= MAX_POINTS:
        raise where("points_to_win", f"points_to_win must be 1 to {MAX_POINTS} (the Irish can hold 3 points, "
                                     f"the Vikings 2), got {numbers.points_to_win}")
    if not 1 <= numbers.defeats_for_point <= counts.viking_troops:
        raise where("defeats_for_point", f"defeats_for_point must be 1 to viking_troops ({counts.viking_troops}), "
                                         f"got {numbers.defeats_for_point}")
