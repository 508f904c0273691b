"""AI players for the playtest lab: random, greedy (one-action lookahead) and information-set Monte
Carlo tree search with heuristic leaf values, for any game package (and OpenSpiel's bots, in
`openspiel.py`).

The game supplies the knowledge: `game.evaluate(state, side)` scores a position (greedy, and the
search's root moves and leaves). Hidden information: a player is only ever handed `state.view(side)`;
a player that needs to try moves out (greedy, MCTS) does so on `view.determinize(rng)` samples
when the view hides something, now or in moves to come (`hides`), never on the true state. The
simulator (`simulate.play_game`) enforces this by construction: it never passes the true state to
a player.

Every player is deterministic given its `rng`, so the same seed gives the same game (but for a
search given seconds rather than iterations).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from typing import Callable

from ..games.base import State
from .limits import MAX_BUDGET, MAX_SECONDS

Evaluator = Callable[[State, object], float]

# ------------------------------------------------------------------------------ players
class Player:
    """Chooses a move from what its side may see. `choose(view, rng)` gets `state.view(side)`."""

    name = "player"
    seen: set | None = None   # keys of the positions met at this player's decisions in this game
    _turn = 0

    def choose(self, view: State, rng: random.Random) -> object:
        raise NotImplementedError

    def _meet(self, view: State):
        """Note the position of this decision among those met in this game (`seen`; a new game,
        found by its turns going back, starts afresh) and return its key: a player that counts a
        return to a position met as a draw does not shuffle."""
        if self.seen is None or view.turn < self._turn:
            self.seen = set()
        self._turn = view.turn
        key = view.key(view.to_move)
        self.seen.add(key)
        return key

    def __repr__(self) -> str:
        return self.name


def hides(view: State) -> bool:
    """Whether moves must be tried on samples of `view`: it hides something now or in moves to come."""
    return view.is_hidden() or view.will_hide()


class RandomPlayer(Player):
    """A uniformly random legal move (setup included)."""

    name = "random"

    def choose(self, view: State, rng: random.Random):
        return rng.choice(view.legal_moves())


class GreedyPlayer(Player):
    """One-action lookahead: play each legal move on a determinised sample and keep the one whose
    result `evaluate`s best for the mover (ties broken at random). `samples` determinisations are
    averaged when the view hides something. A move back to a position this player met earlier in
    the game counts as a draw (0), as in the search: the side ahead makes progress instead of
    shuffling, and only the side behind is content to repeat."""

    name = "greedy"

    def __init__(self, samples: int = 2):
        self.samples = samples

    def choose(self, view: State, rng: random.Random):
        self._meet(view)
        seen = self.seen
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        side = view.to_move
        evaluate = view.game.evaluate
        # a view that hides something is tried on determinised samples (reverses dealt at random
        # from the unseen pool); one that hides nothing is the full state
        states = [view.determinize(rng) for _ in range(self.samples)] if hides(view) else [view.copy()]
        best, best_value = [], -math.inf
        after = {}
        for move in moves:
            value = 0.0
            for state in states:
                state.push(move)
                key = after[move] = state.key(side)
                value += 0.0 if key in seen else _expected(state, lambda: evaluate(state, side))
                state.pop()
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        choice = rng.choice(best)
        seen.add(after[choice])  # the position the chosen move makes is met too
        return choice


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


class _Edge:
    """A move from a node: how often it was tried, the summed reward of the seat that made it, and
    how often it was legal when its node was visited (ISMCTS: a move may be legal in one sample and
    not in another)."""

    __slots__ = ("avail", "minimax", "move", "outcomes", "value", "visits")

    def __init__(self, move):
        self.move, self.avail, self.value, self.visits = move, 0, 0.0, 0
        self.minimax: list[float] | None = None   # every seat's minimax reward of the position it makes
        self.outcomes: dict | None = None   # hidden: each position it made -> [times, its latest minimax]

    def reach(self, key, minimax: list[float], hidden: bool) -> None:
        """Note that this move made position `key`, now worth `minimax`. Seen through hidden
        information one move can make different positions by sample (a push on an unseen reverse
        removes a piece or flips it): the move is then worth the mean over the positions it made,
        weighted by how often each came up, as at a chance node, not the last sample's."""
        if not hidden:
            self.minimax = minimax
            return
        outcomes = self.outcomes
        if outcomes is None:
            outcomes = self.outcomes = {}
        made = outcomes.setdefault(key, [0, minimax])
        made[0] += 1
        made[1] = minimax
        if len(outcomes) == 1:
            self.minimax = minimax
            return
        total = sum(times for times, _ in outcomes.values())
        self.minimax = [sum(times * m[i] for times, m in outcomes.values()) / total
                        for i in range(len(minimax))]


class _Node:
    """A position as the searching side sees it, shared by every path that reaches it (the
    transposition table maps its key to it): its moves' edges, the seat to move (None at a chance
    node or the game's end), its visits and the summed reward of that seat, and every seat's reward
    backed up by minimax. A position made with its value (`rewards`) counts that as its first visit."""

    __slots__ = ("edges", "key", "minimax", "moves", "seat", "value", "visits", "weighed")

    def __init__(self, key, seat, rewards: list[float] | None = None):
        self.key, self.seat = key, seat
        self.edges: dict = {}
        self.moves: list | None = None   # its legal moves' edges, kept when they cannot differ by sample
        self.value, self.visits = 0.0, 0
        self.weighed = False
        self.minimax = rewards   # every seat's reward backed up by minimax from the evaluations below
        if rewards is not None:
            self.visits = 1
            if seat is not None:
                self.value = rewards[seat]


class MCTSPlayer(Player):
    """Information-set Monte Carlo tree search with a heuristic leaf value, over positions merged by
    their key, with a budget of `budget` iterations or `seconds` of thinking per decision (both:
    whichever comes first).

    - Hidden information: each iteration plays on a fresh determinised sample of the view, and a
      position is found by `state.key(side)`, what the searching side sees of it, so every sample
      of one information set shares its statistics (single-observer ISMCTS, Cowling, Powley and
      Whitehouse 2012). A move's exploration counts the visits in which it was legal. A move
      whose result depends on the sample (a push on an unseen reverse: removed, or flipped and
      stronger) is worth the mean of the positions it made, by how often each came up (`_Edge.reach`).
    - Whole turns: a node is a position, whoever is to move; when a side acts several times in a
      turn the tree follows every action, and the key merges the orders that lead to one position
      (a transposition table), so two actions played either way round are searched once.
    - Lazy evaluation: a position is evaluated once, when an iteration first reaches it, and
      that value is the iteration's result (no random rollout: a leaf ends in the game's own
      evaluation, squashed to [0, 1] per seat, or in `returns()` once the game is over). When a
      position is reached again (`weigh_at` visits, the first one counted when it was made; the
      root at once), every move from it is weighed once by the evaluation of the position it
      makes, and that weighing is the iteration's result: the position's value becomes its
      mover's best move as greedy sees it. So each move of the searcher is answered by the
      opponent's best reply, not by the first one tried. Without it an untried reply counts at
      its node's mean (first-play urgency) and a budget of hundreds cannot find the one reply
      that refutes a move among 30 to 150 (README, the playtest lab: more budget then won the
      first seat no more games). Going on below a fresh weighing to one untried move, picked at
      random, backed that move's value up as the position's until the next visit weighed it: an
      iteration spent on a random reply (README: this search won 63% of games against that one
      at the same budget).
    - Minimax backups: every position keeps every seat's reward backed up from the values below
      it, each position taking its mover's best move among those with a value (a chance node,
      the mean of the outcomes drawn); a move is judged by that reward, not by the mean of its
      iterations, so a refutation found deep in a line counts at once and in full (implicit
      minimax backups, Lanctot, Winands, Pepels and Sturtevant 2014, at full weight: the mean
      dilutes a refutation among the iterations that missed it, and more budget then bought
      little; README, the playtest lab).
    - Selection: that reward + `c` sqrt(times available) / (1 + visits), each node maximising
      the reward of the seat that moves there (max^n for N players); `c` = 0.05 suits rewards
      that differ by a few hundredths between sound moves. The move played is the most visited
      among those the search has not found lost.
    - Chance nodes: an iteration follows an outcome drawn with its probability; a new position at
      a chance node is valued by the expectation over its outcomes.
    - Stalling: a position this player met earlier in the game, or earlier on the same line, is
      valued as a draw (0.5 for every seat), as chess engines score a repetition: the side ahead
      looks for progress instead of shuffling, and only the side behind is content to repeat.

    `evaluator(state, side)` replaces the game's own `evaluations`.
    """

    def __init__(self, budget: int = 50, seconds: float = 0.0, c: float = 0.05, scale: float = 8.0,
                 evaluator: Evaluator | None = None, weigh_at: int = 2):
        self.budget, self.seconds, self.c, self.scale = budget, seconds, c, scale
        self.weigh_at = weigh_at
        self.evaluator = evaluator
        self.name = (f"mcts:{budget} within {seconds:g}s" if budget and seconds else
                     f"mcts:{seconds:g}s" if seconds else f"mcts:{budget}")

    def choose(self, view: State, rng: random.Random):
        me = view.to_move
        root = _Node(self._meet(view), view.game.seat(me))
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = view.game
        self._seat = game.seat
        if self.evaluator is None:
            self._evaluations = game.evaluations
        else:
            sides = [game.side(side.label) for side in game.sides]
            self._evaluations = lambda state: [self.evaluator(state, side) for side in sides]
        hidden = self._hidden = hides(view)   # every sample of the view is one information set
        base = None if hidden else view.copy()
        table = {root.key: root}
        after = self._weigh_root(root, view.determinize(rng) if hidden else base, me, table)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        limit = self.budget or float("inf")     # both given: whichever comes first
        done = 0
        while done < limit and (deadline is None or time.perf_counter() < deadline):
            state = view.determinize(rng) if hidden else base
            pushed = self._iterate(root, state, rng, me, table)
            if not hidden:
                for _ in range(pushed):
                    state.pop()
            done += 1
        # the most visited move, then the best summed reward, then at random (moves alike to it);
        # but never a move the search found lost (backed-up reward 0) while another is not. Where
        # every move looks lost alike the visits spread evenly, and the summed reward favours the
        # move whose first look was the most hopeful (README: a game given away at mcts:400).
        seat = root.seat
        best = max(root.edges.values(), key=lambda e: (e.minimax is not None and e.minimax[seat] > 0.0,
                                                         e.visits, e.value, rng.random()))
        self.seen.add(after[best.move])  # the position the chosen move makes is met too
        return best.move

    def _weigh_root(self, root: _Node, state: State, me, table: dict) -> dict:
        """Weigh every legal move of the root once (the greedy player's knowledge, so the search
        never knows less). Returns each move's child key."""
        after = self._weigh(root, state, me, table, {root.key})
        root.visits = len(after)   # the count its moves' exploration grows with
        return after

    def _weigh(self, node: _Node, state: State, me, table: dict, line) -> dict:
        """Give every legal move of `node` one visit valued by the evaluation of the position it
        makes (a chance outcome by its expectation; a repetition a draw), and a new child position
        that value as its first visit. Returns each move's child key."""
        after = {}
        moves = state.legal_moves()
        for move in moves:
            state.push(move)
            key = after[move] = state.key(me)
            if key in line or key in self.seen:
                minimax = rewards = [0.5] * len(state.game.sides)
            else:
                rewards = self._leaf(state)
                child = table.get(key)
                if child is None:
                    child = table[key] = _Node(key, self._seat_of(state), rewards)
                # what the search below has backed up; a game's end (or a chance node) is valued
                # by its own result (or expectation), whatever else its key merges with it
                minimax = rewards if child.seat is None else child.minimax
            state.pop()
            edge = node.edges.setdefault(move, _Edge(move))
            edge.avail += 1
            edge.visits += 1
            edge.value += rewards[node.seat]
            edge.reach(key, minimax, self._hidden)
        node.weighed = True
        self._back_up(node)
        return after

    def _seat_of(self, state: State) -> int | None:
        """The seat to move in `state`, or None at a chance node or once the game is over."""
        if state.is_chance_node() or state.outcome() is not None:
            return None
        return self._seat(state.to_move)

    def _iterate(self, root: _Node, state: State, rng: random.Random, me, table: dict) -> int:
        """One pass: select down the known positions to one not yet searched (or a repetition, or
        the game's end), value it, and back the value up. Returns how many moves it pushed."""
        node, pushed = root, 0
        path: list[tuple[_Node, _Edge | None, object]] = []   # each node passed, the edge taken, the key made
        line = {root.key}
        while True:
            if state.outcome() is not None:
                rewards = self._rewards(state)
                break
            if node.seat is None:  # a chance node: the rules draw
                edge = None
                move = state.sample_chance(rng)
            else:
                edge = self._select(node, state, rng)
                move = edge.move
            state.push(move)
            pushed += 1
            key = state.key(me)
            path.append((node, edge, key))
            if key in line or key in self.seen:  # a repetition: valued as a draw
                rewards = [0.5] * len(state.game.sides)
                break
            line.add(key)
            child = table.get(key)
            if child is None:
                rewards = self._leaf(state)
                table[key] = _Node(key, self._seat_of(state), rewards)
                break
            if child.seat is not None and not child.weighed and child.visits + 1 >= self.weigh_at:
                # reached again: its moves are weighed, and that is this iteration's news
                self._weigh(child, state, me, table, line)
                child.visits += 1
                rewards = child.minimax
                break
            node = child
        below = rewards   # a new position's value, a repetition's draw or the game's result
        for node, edge, key in reversed(path):
            node.visits += 1
            if edge is None:   # a chance node: the mean of the outcomes drawn
                node.minimax = [m + (b - m) / node.visits for m, b in zip(node.minimax or below, below)]
            else:
                edge.visits += 1
                edge.value += rewards[node.seat]
                node.value += rewards[node.seat]
                edge.reach(key, below, self._hidden)
                self._back_up(node)
            below = node.minimax
        return pushed

    @staticmethod
    def _back_up(node: _Node) -> None:
        """A node's minimax rewards: those of its move best for the seat to move there, among the
        moves whose positions have a value (implicit minimax backups, Lanctot et al. 2014)."""
        seat, best = node.seat, None
        for edge in node.edges.values():
            m = edge.minimax
            if m is not None and (best is None or m[seat] > best[seat]):
                best = m
        if best is not None:
            node.minimax = best

    def _select(self, node: _Node, state: State, rng: random.Random) -> _Edge:
        """The edge to follow from `node`: the best minimax reward plus exploration for its seat;
        an untried move counts at its node's mean (first-play urgency), ties broken at random."""
        c, sqrt, seat = self.c, math.sqrt, node.seat
        fpu = node.value / node.visits if node.visits else 0.5
        best, best_score = None, -math.inf
        if self._hidden:  # the legal moves may differ by sample: a move's count is its availability
            edges = node.edges
            for move in state.legal_moves():
                e = edges.get(move)
                if e is None:
                    e = edges[move] = _Edge(move)
                e.avail += 1
                score = (e.minimax[seat] + c * sqrt(e.avail) / (1 + e.visits) if e.visits
                         else fpu + c * sqrt(e.avail) + 1e-9 * rng.random())
                if score > best_score:
                    best, best_score = e, score
            return best
        if node.moves is None:  # the same moves every visit: kept with their edges
            node.moves = [node.edges.setdefault(move, _Edge(move)) for move in state.legal_moves()]
        explore = c * sqrt(node.visits)
        untried = fpu + explore
        for e in node.moves:
            visits = e.visits
            score = e.minimax[seat] + explore / (1 + visits) if visits else untried + 1e-9 * rng.random()
            if score > best_score:
                best, best_score = e, score
        return best

    def _leaf(self, state: State) -> list[float]:
        """A new position's value for every seat; at a chance node, the expectation over its outcomes."""
        if not state.is_chance_node():
            return self._rewards(state)
        total = [0.0] * len(state.game.sides)
        for move, probability in state.chance_outcomes():
            state.push(move)
            total = [t + probability * r for t, r in zip(total, self._rewards(state))]
            state.pop()
        return total

    def _rewards(self, state: State) -> list[float]:
        """Every seat's reward in [0, 1]: 1 win, 0 loss, 0.5 draw (`returns()`); else its squashed
        evaluation."""
        if state.outcome() is not None:
            return [0.5 + 0.5 * r for r in state.returns()]
        scale, exp = self.scale, math.exp
        return [1.0 / (1.0 + exp(-value / scale)) for value in self._evaluations(state)]


# ------------------------------------------------------------------------------ by name
@dataclass(frozen=True)
class PlayerSpec:
    """A player by name, picklable for worker processes: `random`, `greedy`, `mcts`, `mcts:N` (N
    iterations per decision; `budget` gives the default), `mcts:Ts` (T seconds per decision, e.g.
    `mcts:1s`, `mcts:0.25s`: a result then depends on the machine's speed, not only the seed), or
    `openspiel:N` (OpenSpiel's own MCTS bot with N simulations; the optional extra)."""

    kind: str
    budget: int = 50
    seconds: float = 0.0

    @classmethod
    def parse(cls, text: str, budget: int = 50) -> PlayerSpec:
        name, _, arg = text.strip().lower().partition(":")
        if name not in AI_NAMES:
            raise ValueError(f"unknown AI {text!r}; choose one of: {', '.join(AI_NAMES)} "
                             f"(mcts:N sets the iterations, mcts:Ts the seconds per decision)")
        if name == "openspiel":
            import importlib.util
            if importlib.util.find_spec("pyspiel") is None:
                raise ValueError(f"AI {text!r} needs OpenSpiel: pip install 'siege-pnp[openspiel]'")
            if arg and (not arg.isdigit() or not 1 <= int(arg) <= MAX_BUDGET):
                raise ValueError(f"bad AI {text!r}: openspiel:N takes 1 to {MAX_BUDGET} simulations")
            return cls(name, int(arg) if arg else budget)
        if not arg:
            return cls(name, budget if name == "mcts" else 0)
        if name != "mcts":
            raise ValueError(f"bad AI {text!r}: only mcts takes a budget, as mcts:N or mcts:Ts")
        if arg.endswith("s"):
            try:
                seconds = float(arg[:-1])
            except ValueError:
                seconds = 0.0
            if not 0 < seconds <= MAX_SECONDS or not math.isfinite(seconds):
                raise ValueError(f"bad AI {text!r}: mcts:Ts takes 0 < T <= {MAX_SECONDS:g} seconds per decision")
            return cls(name, 0, seconds)
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError(f"bad AI {text!r}: only mcts takes a budget, as mcts:N with N >= 1 or mcts:Ts")
        if int(arg) > MAX_BUDGET:
            raise ValueError(f"bad AI {text!r}: at most {MAX_BUDGET} playouts per decision")
        return cls(name, int(arg))

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
        if self.kind == "openspiel":
            from .openspiel import SpielPlayer
            return SpielPlayer(self.budget)
        return MCTSPlayer(self.budget, self.seconds)

    def weaker(self) -> PlayerSpec | None:
        """The level below on the strength ladder: mcts at half the budget (down to greedy below
        mcts:2 or mcts:0.01s), greedy's is random; random has none."""
        if self.kind == "openspiel":
            return PlayerSpec("openspiel", self.budget // 2) if self.budget >= 2 else PlayerSpec("random", 0)
        if self.kind == "mcts":
            if self.seconds:
                return PlayerSpec("mcts", 0, self.seconds / 2) if self.seconds >= 0.02 else PlayerSpec("greedy", 0)
            return PlayerSpec("mcts", self.budget // 2) if self.budget >= 2 else PlayerSpec("greedy", 0)
        return PlayerSpec("random", 0) if self.kind == "greedy" else None

    def __str__(self) -> str:
        if self.kind == "openspiel":
            return f"openspiel:{self.budget}"
        if self.kind != "mcts":
            return self.kind
        return f"mcts:{self.seconds:g}s" if self.seconds else f"mcts:{self.budget}"


AI_NAMES = ("random", "greedy", "mcts", "openspiel")
