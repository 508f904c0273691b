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
    means = state.mean
    gold_in: dict[int, int] = {}
    for s in state.game.rules.mines:
        if gold[s]:
            gold_in[region[s]] = gold_in.get(region[s], 0) + gold[s]
    strength: dict[int, list[float]] = {}
    for s in state.warriors:
        r = region[s]
        if r in gold_in:
            row = strength.get(r)
            if row is None:
                row = strength[r] = [0.0] * seats
            row[owner[s]] += value[s] or means
    out = [0.0] * seats
    for r, row in strength.items():
        best = max(row)
        takers = [seat for seat in range(seats) if row[seat] == best]
        for seat in takers:
            out[seat] += gold_in[r] / len(takers)
    for seat in range(seats):
        if not state.passed >> seat & 1:
            pairs = state.supply[seat]
            held = sum(v * n for v, n in pairs) if pairs is not None else state.left[seat] * means
            out[seat] += IN_HAND * held
    return out


def evaluations(state: "TerritoryState") -> list[float]:
    """Each seat's lead over the best other seat in `prospects`; +-1000 once decided."""
    if state.is_game_over():
        return [1000.0 * r for r in state.returns()]
    mine = prospects(state)
    first, second = sorted(range(len(mine)), key=mine.__getitem__, reverse=True)[:2]
    return [own - mine[second if seat == first else first] for seat, own in enumerate(mine)]
