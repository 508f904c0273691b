"""AI players for the playtest lab: random, greedy (one-action lookahead) and Monte Carlo tree
search (UCT with random, capped playouts), for any game package.

The game supplies the knowledge: `game.evaluate(state, side)` scores a position (greedy, and MCTS's
priors and playout ends). Hidden information: a player is only ever handed `state.view(side)`;
a player that needs to try moves out (greedy, MCTS) does so on `view.determinize(rng)` samples
when the view hides something, never on the true state. The simulator (`simulate.play_game`)
enforces this by construction: it never passes the true state to a player.

Every player is deterministic given its `rng`, so the same seed gives the same game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from typing import Callable

from ..games.base import State
from .limits import MAX_BUDGET

Evaluator = Callable[[State, object], float]

# ------------------------------------------------------------------------------ players
class Player:
    """Chooses a move from what its side may see. `choose(view, rng)` gets `state.view(side)`."""

    name = "player"

    def choose(self, view: State, rng: random.Random) -> object:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


def _sample(view: State, rng: random.Random) -> State:
    """A full state to try moves on: a determinised sample of a view that hides something (e.g.
    reverses dealt at random from the unseen pool); a view that hides nothing is the full state."""
    return view.determinize(rng) if view.is_hidden() else view.copy()


class RandomPlayer(Player):
    """A uniformly random legal move (setup included)."""

    name = "random"

    def choose(self, view: State, rng: random.Random):
        return rng.choice(view.legal_moves())


class GreedyPlayer(Player):
    """One-action lookahead: play each legal move on a determinised sample and keep the one whose
    result `evaluate`s best for the mover (ties broken at random). `samples` determinisations are
    averaged when the view hides something."""

    name = "greedy"

    def __init__(self, samples: int = 2):
        self.samples = samples

    def choose(self, view: State, rng: random.Random):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        side = view.to_move
        evaluate = view.game.evaluate
        states = [_sample(view, rng) for _ in range(self.samples if view.is_hidden() else 1)]
        best, best_value = [], -math.inf
        for move in moves:
            value = 0.0
            for state in states:
                state.push(move)
                value += _expected(state, lambda: evaluate(state, side))
                state.pop()
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)


def _expected(state: State, value: Callable[[], float]) -> float:
    """`value()` of `state`, or at a chance node its expectation over the chance outcomes."""
    if not state.is_chance_node():
        return value()
    total = 0.0
    for move, probability in state.chance_outcomes():
        state.push(move)
        total += probability * value()
        state.pop()
    return total


class _Node:
    __slots__ = ("avail", "children", "move", "parent", "player", "value", "visits")

    def __init__(self, move, parent, player):
        self.move, self.parent, self.player = move, parent, player
        self.children: dict = {}
        self.visits = 0
        self.value = 0.0   # summed reward of `player`, the seat that made `move`
        self.avail = 0     # times this move was legal when its parent was visited (ISMCTS)


class MCTSPlayer(Player):
    """UCT over single moves with `budget` playouts per decision.

    Each iteration starts from a fresh determinised sample of the view (single-observer
    information-set MCTS: a child's exploration term counts the times it was available, since a move
    can be legal in one sample and not in another), so a search never sees what its side cannot.
    When the search reaches a node it expands every legal move at once, each child starting with
    `prior` virtual visits worth the `evaluate` score of the position right after the move (the
    greedy player's knowledge, as progressive bias); with `prior=0` it is plain UCT expanding one
    random untried move at a time. A playout then plays random moves for at most `depth` actions
    and scores the position for every seat, with the evaluator squashed to [0, 1]; a finished game
    scores 1 for a win, 0.5 for a draw, 0 for a loss (from `returns()`). As in OpenSpiel's MCTSBot
    for N players, a node keeps the reward of the seat that moved into it, so each seat's choices
    maximise its own reward. `evaluator(state, side)` defaults to the game's own `evaluations`.
    """

    def __init__(self, budget: int = 50, depth: int = 4, c: float = 0.7, scale: float = 8.0,
                 prior: float = 2.0, evaluator: Evaluator | None = None):
        self.budget, self.depth, self.c, self.scale, self.prior = budget, depth, c, scale, prior
        self.evaluator = evaluator
        self.name = f"mcts{budget}"

    def choose(self, view: State, rng: random.Random):
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        hidden = view.is_hidden()
        game = view.game
        self.seat = game.seat
        if self.evaluator is None:
            self.evaluations = game.evaluations
        else:
            sides = [game.side(side.label) for side in game.sides]
            self.evaluations = lambda state: [self.evaluator(state, side) for side in sides]
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
            if state.is_chance_node():  # the rules draw: follow a sampled outcome, no choice to weigh
                move = state.sample_chance(rng)
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node(move, node, None)
                state.push(move)
                pushed += 1
                node = child
                continue
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
                child = _Node(move, node, self.seat(state.to_move))
                child.avail = 1
                children[move] = child
                state.push(move)
                pushed += 1
                node = child
                break
            if untried:
                mover = self.seat(state.to_move)
                for move in untried:
                    state.push(move)
                    reward = _expected(state, lambda: self._reward(state, mover))
                    state.pop()
                    child = _Node(move, node, mover)
                    child.avail, child.visits = 1, prior
                    child.value = prior * reward
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
            if state.is_chance_node():
                state.push(state.sample_chance(rng))
                pushed += 1
                continue
            moves = state.legal_moves()
            if not moves:
                break
            state.push(moves[rng.randrange(len(moves))])
            pushed += 1
            if not state.in_setup():
                steps += 1
        rewards = self._rewards(state)
        # Backup: each node gains the reward of the seat that moved into it.
        while node is not root:
            node.visits += 1
            if node.player is not None:  # a chance outcome's node has no mover to reward
                node.value += rewards[node.player]
            node = node.parent
        return pushed

    def _rewards(self, state: State) -> list[float]:
        """Every seat's reward in [0, 1]: 1 win, 0 loss, 0.5 draw (`returns()`); else its squashed
        evaluation."""
        if state.outcome() is not None:
            return [0.5 + 0.5 * r for r in state.returns()]
        scale, exp = self.scale, math.exp
        return [1.0 / (1.0 + exp(-value / scale)) for value in self.evaluations(state)]

    def _reward(self, state: State, seat: int) -> float:
        """`_rewards(state)[seat]`, squashing only that seat's evaluation (a search's every child)."""
        if state.outcome() is not None:
            return 0.5 + 0.5 * state.returns()[seat]
        return 1.0 / (1.0 + math.exp(-self.evaluations(state)[seat] / self.scale))


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
            if budget > MAX_BUDGET:
                raise ValueError(f"bad AI {text!r}: at most {MAX_BUDGET} playouts per decision")
        return cls(name, budget if name == "mcts" else 0)

    @classmethod
    def for_sides(cls, sides: list[str], texts: list[str], budget: int = 50) -> tuple[PlayerSpec, ...]:
        """The players in side order from `--ai` texts: at most one `AI` for every side, and
        `SIDE=AI` for one side each (whatever the order); mcts by default. Raises ValueError
        naming the sides, or the two texts that choose for the same sides."""
        given: dict[str, str] = {}   # side, or "" for every side -> its text
        for text in texts:
            side, sep, _ = text.rpartition("=")
            side = side.strip()
            if sep and side not in sides:
                raise ValueError(f"unknown side {side!r} in --ai {text!r}; sides: {', '.join(sides)}")
            if side in given:
                which = f"the {side} side" if side else "every side"
                raise ValueError(f"--ai {given[side]!r} and --ai {text!r} both choose {which}'s AI; "
                                 f"give one (SIDE=AI sets one side's)")
            given[side] = text
        default = cls.parse(given.get("", "mcts"), budget)
        return tuple(cls.parse(given[side].rpartition("=")[2], budget) if side in given else default
                     for side in sides)

    def build(self) -> Player:
        if self.kind == "random":
            return RandomPlayer()
        if self.kind == "greedy":
            return GreedyPlayer()
        return MCTSPlayer(self.budget)

    def __str__(self) -> str:
        return f"mcts:{self.budget}" if self.kind == "mcts" else self.kind


AI_NAMES = ("random", "greedy", "mcts")
