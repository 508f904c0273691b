"""Every hosted game as an OpenSpiel game, and OpenSpiel's bots and evaluation against ours (the
optional extra: `pip install 'siege-pnp[openspiel]'`).

- `spiel_game(game, options)` registers the game (with its numbers and engine options) as a
  Python game of OpenSpiel's (`pyspiel.load_game` can then load it by its short name) whose states
  wrap ours: seats are OpenSpiel's player ids, chance nodes its chance nodes, `returns()` ours, the
  information state the game's `key(side)` (what that side sees), and `resample_from_infostate`
  our `view(side).determinize(...)`.
- Actions: OpenSpiel numbers actions. A move's number is a hash of its notation (stable on every
  machine and process), made unique within a state by taking the next free number in the order of
  `legal_moves` in the rare case of a clash.
- `SpielPlayer`, the lab's `openspiel:N` player: OpenSpiel's own MCTS bot (random rollouts, N
  simulations) on a game that hides nothing, its information-set MCTS bot on one that does.
- `evaluate_players` plays a seeded round robin and rates it with OpenSpiel's Elo (Hunter's MM
  algorithm) and alpha-rank (Omidshafiei et al. 2019).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from ..games.base import Game, State
from .players import hides

try:
    import numpy as np
    import pyspiel
except ImportError as exc:   # the optional extra is missing
    raise ImportError("OpenSpiel is an optional extra: pip install 'siege-pnp[openspiel]' (open_spiel)") from exc

ACTION_SPACE = 2**31 - 1   # action numbers are hashes below this
MAX_GAME_LENGTH = 100_000  # actions: the lab's turn caps end every game long before this
_LOADED: dict[str, Game] = {}   # short name -> the hosted game it plays


def action_number(notation: str) -> int:
    """The action number of a move: the first 31 bits of the BLAKE2b hash of its notation."""
    return int.from_bytes(hashlib.blake2b(notation.encode(), digest_size=4).digest(), "big") & ACTION_SPACE


def numbered(moves: Sequence) -> dict[int, object]:
    """Action numbers to the moves of one state (ascending by move order; a clash takes the next
    free number)."""
    out: dict[int, object] = {}
    for move in moves:
        n = action_number(move.notation() if hasattr(move, "notation") else str(move))
        while n in out:
            n = (n + 1) & ACTION_SPACE
        out[n] = move
    return out


def short_name(game: Game, options: dict[str, str]) -> str:
    digest = hashlib.sha256(repr((repr(game), sorted(options.items()))).encode()).hexdigest()[:10]
    return f"pnp_{game.name or 'game'}_{digest}"


def spiel_game(game: Game, options: dict[str, str] | None = None) -> "pyspiel.Game":
    """`game` with `options` as a registered OpenSpiel game (`pyspiel.load_game(short_name)` loads it too)."""
    options = dict(options or {})
    name = short_name(game, options)
    if name not in _LOADED:
        imperfect = game.new_initial_state(options).is_hidden() or _ever_hides(game, options)
        game_type = pyspiel.GameType(
            short_name=name, long_name=f"{game.info.title or game.name} (siege-pnp)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                         else pyspiel.GameType.Information.PERFECT_INFORMATION),
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=len(game.sides), min_num_players=len(game.sides),
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=False,
            parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=ACTION_SPACE, max_chance_outcomes=ACTION_SPACE,
                                num_players=len(game.sides), min_utility=-1.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        _LOADED[name] = game

        class Hosted(pyspiel.Game):
            def __init__(self, params=None):
                super().__init__(game_type, info, params or {})
                self.hosted, self.options = game, options

            def new_initial_state(self):
                return SpielState(self, self.hosted.new_initial_state(self.options))

            def make_py_observer(self, iig_obs_type=None, params=None):
                return _Observer()

        pyspiel.register_game(game_type, Hosted)
    return pyspiel.load_game(name)


def _ever_hides(game: Game, options: dict[str, str], steps: int = 400) -> bool:
    """Whether any side's view of a seeded random game hides something (a game whose secrets
    appear after the start, e.g. a hand drawn later)."""
    rng = random.Random(0)
    state = game.new_initial_state(options)
    for _ in range(steps):
        if state.is_game_over():
            return False
        if any(hides(state.view(side)) for side in _sides(game)):
            return True
        moves = state.legal_moves()
        if not moves:
            return False
        state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(moves))
    return False


def _sides(game: Game) -> list:
    return [game.side(side.label) for side in game.sides]


class SpielState(pyspiel.State):
    """One of our states as OpenSpiel's: a wrapper, every call answered by the engine."""

    def __init__(self, game: "pyspiel.Game", state: State):
        super().__init__(game)
        self.state = state
        self._numbered: dict[int, object] | None = None   # this position's moves by number

    def current_player(self) -> int:
        if self.state.is_game_over() or not self._moves():
            return pyspiel.PlayerId.TERMINAL
        if self.state.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return self.state.game.seat(self.state.to_move)

    def _moves(self) -> dict[int, object]:
        if self._numbered is None:
            self._numbered = numbered(self.state.legal_moves())
        return self._numbered

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        by_move = {move: n for n, move in self._moves().items()}
        return sorted((by_move[move], p) for move, p in self.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.state.push(self._moves()[action])
        self._numbered = None

    def _action_to_string(self, player: int, action: int) -> str:
        move = self._moves().get(action)
        return move.notation() if hasattr(move, "notation") else str(move)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        return list(self.state.returns())

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        side = _sides(self.state.game)[seat] if seat >= 0 else None
        return repr(self.state.key(side))

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player: int, sampler) -> "SpielState":
        """A full state the player cannot tell from this one: its view, determinised."""
        rng = random.Random(float(sampler()))
        view = self.state.view(_sides(self.state.game)[player])
        return SpielState(self.get_game(), view.determinize(rng) if hides(view) else view)

    def clone(self) -> "SpielState":
        return SpielState(self.get_game(), self.state.copy())

    def __str__(self) -> str:
        return self.state.diagram()


class _Observer:
    """OpenSpiel's observer interface: the observation as a string only (the game's key)."""

    tensor = None
    dict: dict = {}

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        return state.information_state_string(player)


class SpielPlayer:
    """OpenSpiel's MCTS bot as a lab player (`openspiel:N`): on a game that hides nothing its
    `MCTSBot`, on one that hides something its `ISMCTSBot` resampling with `determinize`; random
    rollouts (one per simulation), `simulations` per decision, UCT constant 2 (OpenSpiel's)."""

    def __init__(self, simulations: int = 200):
        self.simulations = simulations
        self.name = f"openspiel:{simulations}"

    def choose(self, view: State, rng: random.Random):
        from open_spiel.python.algorithms import ismcts, mcts
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = spiel_game(view.game)
        seed = rng.randrange(2**31)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        if hides(view):
            bot = ismcts.ISMCTSBot(game, evaluator, 2.0, self.simulations, random_state=np.random.RandomState(seed),
                                   allow_inconsistent_action_sets=True)
            samples = random.Random(seed)
            bot.set_resampler(lambda state, player: SpielState(
                state.get_game(), state.state.determinize(samples)))
            root = SpielState(game, view)
        else:
            bot = mcts.MCTSBot(game, 2.0, self.simulations, evaluator, random_state=np.random.RandomState(seed))
            root = SpielState(game, view.copy())
        return numbered(moves)[bot.step(root)]

    def __repr__(self) -> str:
        return self.name


def evaluate_players(game: Game, players: Sequence, games: int, seed: int = 0, turn_cap: int = 200,
                     workers: int | None = 1) -> dict:
    """A seeded round robin of `players` (PlayerSpecs) on `game`, each pair on the same `games`
    seeds in every seating, rated by OpenSpiel: Elo from the win and draw matrices, and alpha-rank
    from the payoff table of mean returns. Returns the names, the win and draw matrices, the Elo
    ratings and the alpha-rank stationary distribution."""
    from open_spiel.python.algorithms import elo
    from open_spiel.python.egt import alpharank

    from .ladder import seatings
    from .simulate import GameTask, game_seed, resolve, run_tasks, winners, Variant

    run = resolve(Variant(), turn_cap, game)
    names = [str(p) for p in players]
    k = len(players)
    tasks = []
    for a in range(k):
        for b in range(a + 1, k):
            for n, seated in enumerate(seatings(players[a], players[b], len(game.sides))):
                tasks += [GameTask(i, game_seed(seed, i), seated, run[0], f"{names[a]} vs {names[b]} #{n}", run[2])
                          for i in range(games)]
    records = run_tasks(tasks, workers)
    wins = np.zeros((k, k), dtype=int)
    draws = np.zeros((k, k), dtype=int)   # symmetric: each drawn pairing counted for both
    payoff = np.zeros((k, k))
    count = np.zeros((k, k))
    for record in records:
        seated = list(record["players"].items())
        won = set(winners(record))
        for side_a, a in seated:
            for side_b, b in seated:
                if a == b:
                    continue
                i, j = names.index(a), names.index(b)
                if side_a in won and side_b not in won:
                    wins[i, j] += 1
                elif (side_a in won) == (side_b in won):
                    draws[i, j] += 1
                payoff[i, j] += 1.0 if side_a in won else 0.0 if side_b in won else 0.5
                count[i, j] += 1
    payoff = np.divide(payoff, count, out=np.full_like(payoff, 0.5), where=count > 0)
    ratings = elo.compute_ratings_from_matrices(wins, draws)
    ranks = alpharank.compute([payoff], alpha=10.0, m=k if k > 1 else 2)
    pi = ranks[2]
    return {"players": names, "wins": wins.tolist(), "draws": draws.tolist(),
            "payoff": payoff.tolist(), "elo": [float(r) for r in ratings], "alpharank": [float(p) for p in pi]}
