"""AI players for the playtest lab: random, greedy (one-action lookahead) and Monte Carlo tree
search (UCT with random, capped playouts).

Hidden information (issue 5): a player is only ever handed `state.view(side)`. For the Irish that
view shows every hidden Viking reverse as `Kind.UNKNOWN`; a player that needs to try moves out
(greedy, MCTS) does so on `view.determinize(rng)` samples, never on the true state. The simulator
(`simulate.play_game`) enforces this by construction: it never passes the true state to a player.

Every player is deterministic given its `rng`, so the same seed gives the same game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..engine.board import NEIGHBOURS, OPPOSITE, STEP
from ..engine.state import Kind, Phase, Side, State

WIN = 1000.0
_UNKNOWN = int(Kind.UNKNOWN)
# AT_RISK[kind]: what a Viking piece of that kind costs the Vikings if it is pushed out (see below).
AT_RISK = (0.0, 0.0, 1.0, 0.3, 3.0, 1.0, 3.0, 1.0)
# DISTANCE[a][b]: king moves between two squares (Chebyshev distance).
DISTANCE = tuple(tuple(max(abs(a % 8 - b % 8), abs(a // 8 - b // 8)) for b in range(64)) for a in range(64))


# ------------------------------------------------------------------------------ evaluation
def evaluate(state: State, side: Side) -> float:
    """A heuristic value of `state` for `side` (positive: good for `side`); +-WIN once decided.

    Terms, in victory-point units of 10: points held (ruling 21), Viking defeats (4 give the Irish
    a point), looted villages (all looted give the Vikings a point), the treasure's position (a
    Viking carrier's progress toward rank 8, or the Vikings' closest approach to rank 1), the
    Vikings' distance to unlooted villages, Irish troops knocked out of play, and Viking pieces
    one Irish push away from elimination (the Chief above all).
    """
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN if outcome.winner is side else -WIN
    return _viking_edge(state) if side is Side.VIKING else -_viking_edge(state)


def _viking_edge(state: State) -> float:
    """How much better the position is for the Vikings than for the Irish (see `evaluate`).

    Called for every child of every node the search expands, so it reads the state's lists
    directly, in one pass over the pieces (the point test is ruling 21, as `State.points`)."""
    if state.phase < Phase.VIKING_TROOPS:
        return 0.0
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
    looted = terrain.count(3)  # Terrain.LOOTED
    defeats_needed = max(1, numbers.defeats_for_point)
    carried_by_irish = treasure == 1 and kind[carrier] == 1
    # Victory points (ruling 21), 10 each.
    viking_points = (treasure == 2 or (treasure == 1 and not carried_by_irish)) + (looted >= counts.villages)
    irish_points = (treasure == 0 or carried_by_irish) + (state.defeated >= defeats_needed) + state.chief_defeated
    score = 10.0 * (viking_points - irish_points)
    score += 8.0 * looted / max(1, counts.villages)
    score -= 6.0 * min(state.defeated, defeats_needed) / defeats_needed
    # The treasure (rulings 17-20): a carrier's progress, or the Vikings' nearest approach.
    if treasure == 1:
        carrier_rank = pos[carrier] // 8 + 1
        score += -0.5 * (8 - carrier_rank) if carried_by_irish else 0.8 * (carrier_rank - 1)
    elif treasure == 0:
        score += 0.6 * (7 - nearest)
    # Unlooted villages: how far the nearest Viking is from each (king moves on the 8x8 board).
    if vikings and looted < counts.villages:
        far = 0
        for square in range(16, 40):  # ruling 3: villages lie on ranks 3-5
            if terrain[square] == 2:  # Terrain.VILLAGE
                row = DISTANCE[square]
                far += min([row[v] for v in vikings])
        score -= 0.15 * far
    # Irish troops out of play (on the reinforcement tracker).
    score += 0.8 * len(state.tracker)
    # Viking pieces an unstunned Irish troop could eliminate with one push (ruling 8: pushed off
    # the board, into the river, onto an unlooted village or into an Irish troop), weighted by
    # what losing them costs: the Chief (a victory point), a plain troop or revealed Berserker (a
    # defeat), a hidden Berserker (it only flips). Played on samples, the Irish see sampled kinds.
    if state.phase == Phase.PLAY:
        board, stun = state.board, state.stun
        for piece in range(1, len(kind)):
            square = pos[piece]
            weight = AT_RISK[kind[piece]]
            if square < 0 or not weight:
                continue
            for d, t in NEIGHBOURS[square]:
                pusher = board[t]
                if pusher and kind[pusher] == 1 and not stun[pusher]:
                    beyond = STEP[square][OPPOSITE[d]]
                    if beyond < 0 or terrain[beyond] == 1 or terrain[beyond] == 2 or \
                            (board[beyond] and kind[board[beyond]] == 1):
                        score -= weight
                        break
    return score


# ------------------------------------------------------------------------------ players
class Player:
    """Chooses a move from what its side may see. `choose(view, rng)` gets `state.view(side)`."""

    name = "player"

    def choose(self, view: State, rng: random.Random) -> object:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


def is_hidden(view: State) -> bool:
    """Whether `view` hides something that must be sampled before moves can be tried on it."""
    return _UNKNOWN in view.kind


def _sample(view: State, rng: random.Random) -> State:
    """A full state to try moves on: a determinised sample of the Irish view (hidden reverses dealt
    at random from the unseen pool); the Viking view already is the full state."""
    return view.determinize(rng) if is_hidden(view) else view.copy()


class RandomPlayer(Player):
    """A uniformly random legal move (setup included)."""

    name = "random"

    def choose(self, view: State, rng: random.Random):
        return rng.choice(view.legal_moves())


class GreedyPlayer(Player):
    """One-action lookahead: play each legal move on a determinised sample and keep the one whose
    result `evaluate`s best for the mover (ties broken at random). `samples` determinisations are
    averaged for the Irish."""

    name = "greedy"

    def __init__(self, samples: int = 2):
        self.samples = samples

    def choose(self, view: State, rng: random.Random):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        side = view.to_move
        states = [_sample(view, rng) for _ in range(self.samples if is_hidden(view) else 1)]
        best, best_value = [], -math.inf
        for move in moves:
            value = 0.0
            for state in states:
                state.push(move)
                value += evaluate(state, side)
                state.pop()
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)


class _Node:
    __slots__ = ("avail", "children", "move", "parent", "player", "value", "visits")

    def __init__(self, move, parent, player):
        self.move, self.parent, self.player = move, parent, player
        self.children: dict = {}
        self.visits = 0
        self.value = 0.0   # summed reward for `player`, who made `move`
        self.avail = 0     # times this move was legal when its parent was visited (ISMCTS)


class MCTSPlayer(Player):
    """UCT over single actions (a turn is one or two actions then `end`) with `budget` playouts per
    decision.

    Each iteration starts from a fresh determinised sample of the view (single-observer
    information-set MCTS: a child's exploration term counts the times it was available, since a move
    can be legal in one sample and not in another), so the Irish search never sees a hidden reverse.
    When the search reaches a node it expands every legal move at once, each child starting with
    `prior` virtual visits worth the `evaluate` score of the position right after the move (the
    greedy player's knowledge, as progressive bias); with `prior=0` it is plain UCT expanding one
    random untried move at a time. A playout then plays random moves for at most `depth` actions
    and scores the position with `evaluate`, squashed to [0, 1]; a finished game scores 1, 0.5, 0.
    """

    def __init__(self, budget: int = 50, depth: int = 4, c: float = 0.7, scale: float = 8.0,
                 prior: float = 2.0):
        self.budget, self.depth, self.c, self.scale, self.prior = budget, depth, c, scale, prior
        self.name = f"mcts{budget}"

    def choose(self, view: State, rng: random.Random):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        hidden = is_hidden(view)
        root = _Node(None, None, None)
        base = None if hidden else _sample(view, rng)
        for _ in range(self.budget):
            state = _sample(view, rng) if hidden else base
            depth = self._iterate(root, state, rng)
            if not hidden:
                for _ in range(depth):
                    state.pop()
        best = max(root.children.values(), key=lambda n: (n.visits, n.value))
        return best.move

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> int:
        """One selection-expansion-playout-backup pass; returns how many moves it pushed."""
        node, pushed, c, prior = root, 0, self.c, self.prior
        log, sqrt = math.log, math.sqrt
        # Selection and expansion.
        while True:
            moves = state.legal_moves()
            if not moves:
                break
            children = node.children
            leaf = not children
            untried = []
            for move in moves:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.avail += 1
            if untried and not prior:
                move = untried[rng.randrange(len(untried))]
                child = _Node(move, node, state.to_move)
                child.avail = 1
                children[move] = child
                state.push(move)
                pushed += 1
                node = child
                break
            if untried:
                mover = state.to_move
                for move in untried:
                    state.push(move)
                    viking = self._reward(state)
                    state.pop()
                    child = _Node(move, node, mover)
                    child.avail, child.visits = 1, prior
                    child.value = prior * (viking if mover is Side.VIKING else 1.0 - viking)
                    children[move] = child
            best, best_score = None, -math.inf
            for move in moves:
                child = children[move]
                score = child.value / child.visits + c * sqrt(log(child.avail + 1) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            state.push(best.move)
            pushed += 1
            node = best
            if leaf:
                break
        # Playout.
        steps = 0
        while steps < self.depth:
            moves = state.legal_moves()
            if not moves:
                break
            state.push(moves[rng.randrange(len(moves))])
            pushed += 1
            if state.phase is Phase.PLAY:
                steps += 1
        viking = self._reward(state)
        # Backup.
        while node is not root:
            node.visits += 1
            node.value += viking if node.player is Side.VIKING else 1.0 - viking
            node = node.parent
        return pushed

    def _reward(self, state: State) -> float:
        """The Vikings' reward in [0, 1]: 1 win, 0 loss, 0.5 draw; else the squashed evaluation."""
        outcome = state.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.5
            return 1.0 if outcome.winner is Side.VIKING else 0.0
        x = _viking_edge(state) / self.scale
        return 1.0 / (1.0 + math.exp(-x))


# ------------------------------------------------------------------------------ by name
@dataclass(frozen=True)
class PlayerSpec:
    """A player by name, picklable for worker processes: `random`, `greedy`, `mcts` or `mcts:N`
    (N playouts per decision; `budget` gives the default)."""

    kind: str
    budget: int = 50

    @classmethod
    def parse(cls, text: str, budget: int = 50) -> PlayerSpec:
        name, _, arg = text.strip().lower().partition(":")
        if name not in AI_NAMES:
            raise ValueError(f"unknown AI {text!r}; choose one of: {', '.join(AI_NAMES)} (mcts:N sets the budget)")
        if arg:
            if name != "mcts" or not arg.isdigit() or int(arg) < 1:
                raise ValueError(f"bad AI {text!r}: only mcts takes a budget, as mcts:N with N >= 1")
            budget = int(arg)
        return cls(name, budget if name == "mcts" else 0)

    def build(self) -> Player:
        if self.kind == "random":
            return RandomPlayer()
        if self.kind == "greedy":
            return GreedyPlayer()
        return MCTSPlayer(self.budget)

    def __str__(self) -> str:
        return f"mcts:{self.budget}" if self.kind == "mcts" else self.kind


AI_NAMES = ("random", "greedy", "mcts")
