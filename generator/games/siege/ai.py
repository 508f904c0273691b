"""The lab's knowledge of Siege of Armagh: a heuristic evaluation for the greedy and MCTS players."""

from __future__ import annotations

from functools import lru_cache

from .board import DISTANCE, NEIGHBOURS, OPPOSITE, STEP
from .enums import Phase, Side
from .state import State

WIN = 1000.0
POINT = 10.0     # a victory point
DEFEATS = 6.0    # the defeats toward the defeats point, all of them
LOST = 40.0      # a push away from the Irish winning: worth more than every point on the board
# What a flip costs the Vikings (ruling 12): a hidden Berserker turns into a stronger pusher, a
# hidden Chief turns into a target whose removal is a point.
FLIP_BERSERKER, FLIP_CHIEF = 0.3, 3.0
HIDDEN = (2, 3, 4)  # Kind.VIKING, HIDDEN_BERSERKER, HIDDEN_CHIEF: reverses only the Vikings know


def evaluate(state: State, side: Side) -> float:
    """A heuristic value of `state` for `side` (positive: good for `side`); +-WIN once decided.

    Terms, in victory-point units of 10: points held (ruling 21), Viking defeats (4 give the Irish
    a point), looted villages (all looted give the Vikings a point), the treasure's position (a
    Viking carrier's progress toward rank 8, or the Vikings' closest approach to rank 1), the
    Vikings' distance to unlooted villages, Irish troops knocked out of play (on the tracker,
    ruling 15) and Irish troops off the board (there or in the Reserve: a troop pushes no one until
    deployed, and deploying takes an action, ruling 16), and Viking pieces one Irish turn away from
    a knock-out (a push, or a step that fills the square behind and then a push: a turn is two
    actions; in the middle of the Irish turn, only what the troops that have not acted can do with
    the actions left, ruling 5), each at what losing it would cost in points
    (`at_risk_costs`). The Irish value a hidden piece at risk by what the hidden reverses would
    cost on average (they cannot see which one it is), so no search, the Vikings' included,
    credits the Irish with knowing the reverses (ruling 4).
    """
    if state.outcome() is not None:
        return WIN * state.player_return(side)
    edge, seen = viking_edges(state)
    return edge if side is Side.VIKING else -seen


def evaluations(state: State) -> list[float]:
    """`evaluate` for each seat (Vikings, Irish) from one pass (`viking_edges`)."""
    if state.outcome() is not None:
        return [WIN * r for r in state.returns()]
    edge, seen = viking_edges(state)
    return [edge, -seen]


# The evaluation's terms, in the order `evaluation_terms` gives them, and the weights the hand
# evaluation gives each (victory-point units of 10; `evaluate` explains each term). The pieces at
# risk are a further term, already in points, that the hand evaluation subtracts at weight 1. A
# learned evaluation fits its own weights to the same terms (benchmarks/bench_learned.py).
TERMS = ("points", "looted", "defeats", "irish_carrier", "viking_carrier", "approach",
         "village_distance", "troops_out", "troops_off_board")
HAND_WEIGHTS = (POINT, 8.0, -DEFEATS, -0.5, 0.8, 0.6, -0.15, 0.8, 2.0)
NO_TERMS = ((0.0,) * len(TERMS), 0.0, 0.0)   # before the Vikings' troops are placed


def viking_edges(state: State) -> tuple[float, float]:
    """The Vikings' edge (see `evaluate`), and the same as the Irish can know it: a hidden piece at
    risk costs the mean of what the hidden pieces on the board would cost, a number the Irish know
    (the reverses still unseen), instead of its own.

    Called for every position a search adds (one pass over the pieces for the terms, one for the
    pieces at risk)."""
    terms, at_risk, seen_at_risk = evaluation_terms(state)
    p, l, d, ic, vc, a, v, t, o = terms
    wp, wl, wd, wic, wvc, wa, wv, wt, wo = HAND_WEIGHTS
    score = wp * p + wl * l + wd * d + wic * ic + wvc * vc + wa * a + wv * v + wt * t + wo * o
    return score - at_risk, score - seen_at_risk


def evaluation_terms(state: State) -> tuple[tuple[float, ...], float, float]:
    """The terms of `TERMS` for the Vikings, then the cost of their pieces at risk, and that cost as
    the Irish can know it (`viking_edges`); all nought before the Vikings' troops are placed.

    It reads the state's lists directly, in one pass over the pieces (the point test is ruling 21,
    as `State.points`)."""
    if state.phase < Phase.VIKING_TROOPS:
        return NO_TERMS
    counts, numbers = state.counts, state.numbers
    kind, pos, terrain = state.kind, state.pos, state.terrain
    treasure, carrier = state.treasure, state.carrier
    vikings = []
    nearest = 7  # the lowest rank a Viking stands on, 0-based
    for piece in range(1, len(kind)):
        square = pos[piece]
        if square >= 0 and kind[piece] != 1:  # Kind.IRISH
            vikings.append(square)
            if square < 8 * nearest:
                nearest = square // 8
    looted = state.looted  # villages looted (ruling 14)
    defeats_needed = max(1, numbers.defeats_for_point)
    # Victory points: the engine's own ruling-21 flags (Irish three, then Viking two).
    flags = state.point_flags()
    points = flags[3] + flags[4] - flags[0] - flags[1] - flags[2]
    # The treasure (rulings 17-20): a carrier's progress, or the Vikings' nearest approach.
    irish_carrier = viking_carrier = approach = 0
    if treasure == 1:
        carrier_rank = pos[carrier] // 8 + 1
        if kind[carrier] == 1:
            irish_carrier = 8 - carrier_rank
        else:
            viking_carrier = carrier_rank - 1
    elif treasure == 0:
        approach = 7 - nearest
    # Unlooted villages: how far the nearest Viking is from each (king moves on the 8x8 board).
    far = 0
    if vikings and looted < counts.villages:
        for square in range(16, 40):  # ruling 3: villages lie on ranks 3-5
            if terrain[square] == 2:  # Terrain.VILLAGE
                row = DISTANCE[square]
                far += min([row[v] for v in vikings])
    out = len(state.tracker)   # Irish troops out of play; with the Reserve, off the board
    terms = (points, looted / max(1, counts.villages), min(state.defeated, defeats_needed) / defeats_needed,
             irish_carrier, viking_carrier, approach, far, out, out + state.reserve)
    if state.phase != Phase.PLAY:
        return terms, 0.0, 0.0
    return (terms, *at_risk(state, flags, defeats_needed))


def at_risk(state: State, flags, defeats_needed: int) -> tuple[float, float]:
    """What the Viking pieces an unstunned Irish troop could knock out cost (`at_risk_costs`), in
    truth and as the Irish can know it (`viking_edges`): with one push (ruling 8: pushed off the
    board, into the river, onto an unlooted village or into an Irish troop), or with a push once
    another Irish troop has stepped into the empty square behind (a turn's two actions, ruling 5;
    a stunned troop may still step there, ruling 7). Played on samples, the Irish see sampled kinds."""
    kind, pos, terrain = state.kind, state.pos, state.terrain
    treasure, carrier = state.treasure, state.carrier
    costs = at_risk_costs(flags[0], flags[1], flags[2], state.defeated, defeats_needed,
                          state.numbers.points_to_win)
    board, stun = state.board, state.stun
    # In the middle of the Irish turn only troops that have not acted may push or step, and a step
    # and a push need both actions (ruling 5): a threat they cannot carry out now waits for their
    # next turn, and the Vikings move before it. (On the Viking turn `acted` holds Vikings only.)
    acted = state.acted
    two_actions = state.to_move is not Side.IRISH or state.actions == 0
    hidden = 0
    hidden_costs = [0.0, 0.0]   # over the hidden pieces on the board: each's cost, not carrying, carrying
    known_lost = secret_lost = 0.0
    secret_at_risk = [0, 0]     # hidden pieces at risk: not carrying, carrying
    for piece in range(1, len(kind)):
        square = pos[piece]
        what = kind[piece]
        if square < 0 or what == 1:
            continue
        carries = treasure == 1 and carrier == piece
        secret = what in HIDDEN  # a reverse the Irish have not seen
        if secret:
            hidden += 1
            hidden_costs[0] += costs[0][what]
            hidden_costs[1] += costs[1][what]
        for d, t in NEIGHBOURS[square]:
            pusher = board[t]
            if pusher and kind[pusher] == 1 and not stun[pusher] and pusher not in acted:
                beyond = STEP[square][OPPOSITE[d]]
                if beyond < 0 or terrain[beyond] == 1 or terrain[beyond] == 2:
                    lost = True   # off the board, into the river, onto an unlooted village
                elif board[beyond]:
                    lost = kind[board[beyond]] == 1   # into an Irish troop
                else:   # a troop steps in first: both actions, each by a troop that has not acted
                    lost = two_actions and any(kind[board[u]] == 1 and board[u] not in acted
                                               for _, u in NEIGHBOURS[beyond] if board[u])
                if lost:
                    if secret:
                        secret_lost += costs[carries][what]
                        secret_at_risk[carries] += 1
                    else:
                        known_lost += costs[carries][what]
                    break
    seen = known_lost
    if hidden:
        seen += (secret_at_risk[0] * hidden_costs[0] + secret_at_risk[1] * hidden_costs[1]) / hidden
    return known_lost + secret_lost, seen


@lru_cache(maxsize=1024)
def at_risk_costs(treasure_point: bool, defeats_point: bool, chief_point: bool, defeated: int,
                  need: int, points_to_win: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """What losing a Viking piece to a push would cost the Vikings, indexed by its kind, for a piece
    not carrying the treasure and for its carrier, from the Irish points held (ruling 21), the
    defeats and the game's numbers (so a rule tweak moves the costs with it; a few dozen cases in
    all, cached): a hidden Berserker or Chief only flips (ruling 12); any other piece is removed,
    a defeat (ruling 13), the Chief also the Chief's point, a carrier's treasure taken by the
    pusher (ruling 19); and a loss that gives the Irish `points_to_win` costs `LOST` besides
    (ruling 22)."""
    defeat = DEFEATS / need if defeated < need else 0.0
    defeat_point = not defeats_point and defeated + 1 >= need
    irish_points = treasure_point + defeats_point + chief_point

    def removal(chief: bool, carrier: bool) -> float:
        gained = defeat_point + (chief and not chief_point) + carrier
        cost = defeat + POINT * (gained + carrier)   # a carrier's point changes hands
        return cost + LOST if irish_points + gained >= points_to_win else cost

    # by Kind: -, IRISH, VIKING, HIDDEN_BERSERKER, HIDDEN_CHIEF, BERSERKER, CHIEF, UNKNOWN
    return tuple((0.0, 0.0, removal(False, carrier), FLIP_BERSERKER, FLIP_CHIEF,
                  removal(False, carrier), removal(True, carrier), removal(False, carrier))
                 for carrier in (False, True))
