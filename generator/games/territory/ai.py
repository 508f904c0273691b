"""What the lab's players know of a territory game: each seat's prospects in a position.

A seat's value is the gold it would take if the game were scored now (ruling 21, ties shared),
plus a share of what its warriors still in hand may yet win, less the best such total among the
other seats: the AIs (greedy, MCTS) play to lead, whatever the number of seats. A value the
position does not know (a face-down warrior in a view) counts as the mean of the warrior set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TerritoryState

IN_HAND = 0.35   # gold a point of strength still in hand is worth, on average


def prospects(state: "TerritoryState") -> list[float]:
    """Each seat's gold if scored now, plus its warriors in hand at IN_HAND per point (none once
    it has passed: a pass is final)."""
    seats = len(state.clans)
    owner, value, gold, region = state.owner, state.value, state.gold, state.region
    sets = state.sets
    unknown = [sum(v * n for v, n in pairs) / max(1, sum(n for _, n in pairs)) for pairs in sets]
    gold_in: dict[int, int] = {}
    strength: dict[int, list[float]] = {}
    for s in range(state.size):
        r = region[s]
        if gold[s]:
            gold_in[r] = gold_in.get(r, 0) + gold[s]
        seat = owner[s]
        if seat >= 0:
            row = strength.get(r)
            if row is None:
                row = strength[r] = [0.0] * seats
            row[seat] += value[s] or unknown[seat]
    out = [0.0] * seats
    for r, total in gold_in.items():
        row = strength.get(r)
        if row is None:
            continue
        best = max(row)
        takers = [seat for seat in range(seats) if row[seat] == best]
        for seat in takers:
            out[seat] += total / len(takers)
    for seat in range(seats):
        if not state.passed >> seat & 1:
            pairs = state.supply[seat]
            held = sum(v * n for v, n in pairs) if pairs is not None else state.left[seat] * unknown[seat]
            out[seat] += IN_HAND * held
    return out


def evaluations(state: "TerritoryState") -> list[float]:
    """Each seat's lead over the best other seat in `prospects`; +-1000 once decided."""
    if state.is_game_over():
        return [1000.0 * r for r in state.returns()]
    mine = prospects(state)
    out = []
    for seat, own in enumerate(mine):
        others = [v for k, v in enumerate(mine) if k != seat]
        out.append(own - max(others))
    return out
