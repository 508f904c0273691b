"""Engine options: the rulings marked option in docs/rulings/siege.md, selectable by name per game
(`[rules.options]` in components.toml) and per example block (`option: NAME=VALUE`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import OptionSpec, resolve_options

__all__ = ["SPECS", "Options", "check_options"]

SPECS = (
    OptionSpec("no-moves", ("pass", "lose"), "pass",
               "ruling 5: a player with no legal action at the start of a turn passes, or loses the game"),
    OptionSpec("tracker-advance", ("irish-turn", "every-turn"), "irish-turn",
               "ruling 15: reinforcements move down at the start of each Irish turn, or of every turn "
               "of either side (a draft-rules variant)"),
    OptionSpec("treasure-pickup", ("arrive", "own-move"), "arrive",
               "ruling 18: a Viking picks up the treasure on arriving on rank 1 by any means, "
               "or only by its own move"),
    OptionSpec("turn-cap", None, "0",
               "ruling 23: declare a draw after this many turns without a winner (0: no cap)"),
)


@dataclass(frozen=True)
class Options:
    """Resolved option values."""

    no_moves_loses: bool = False
    tracker_every_turn: bool = False
    pickup_own_move_only: bool = False
    turn_cap: int = 0


def check_options(values: dict[str, object]) -> Options:
    """Validate `{name: value}` and resolve it. Unknown names and values raise ValueError.

    >>> check_options({"turn-cap": "50"}).turn_cap
    50
    """
    resolved = resolve_options(SPECS, values)
    return Options(
        no_moves_loses=resolved["no-moves"] == "lose",
        tracker_every_turn=resolved["tracker-advance"] == "every-turn",
        pickup_own_move_only=resolved["treasure-pickup"] == "own-move",
        turn_cap=int(resolved["turn-cap"]),
    )
