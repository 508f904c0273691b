"""Seeded self-play: one game per task, a process pool over all cores, and aggregation.

`play_game(task)` is the unit of work: a pure, top-level function of a small picklable `GameTask`
that returns a JSON-ready dict. It needs no shared state, so the same function runs under
`multiprocessing` (here), Ray (`ray.remote(play_game)`) or Dask (`client.map(play_game, tasks)`);
see the README (the playtest lab). A game's seed comes from the base seed and the game's index only, so results do
not depend on the number or order of workers, and the variants of a comparison play the same seeds.
Tasks are made as they are read (`Tasks`), so a long run's memory does not grow with its tasks.
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from math import prod

from ..config import load_game
from ..errors import UsageError
from ..games.base import Game
from . import stats
from .limits import MAX_TURN_CAP, MAX_VARIANTS, at_most
from .players import PlayerSpec

DEFAULT_TURN_CAP = 200


@dataclass(frozen=True)
class Variant:
    """One rule set to test: the rules, and the engine options and numbers (counts, rule numbers)
    that differ from the game's."""

    label: str = "default"
    rules: str | None = None   # None: the game's rule set
    options: tuple[tuple[str, str], ...] = ()
    changes: tuple[tuple[str, int], ...] = ()

    def game(self, base: Game) -> Game:
        """`base` with this variant's numbers and rule set; raises ValueError for impossible ones."""
        game = base.with_numbers(**dict(self.changes)) if self.changes else base
        return game.with_rule_set(self.rules) if self.rules is not None else game


@dataclass(frozen=True)
class GameTask:
    """Everything one game needs (picklable, small): the players by side, the seed, the game with
    the variant's numbers and rules, and the resolved engine options (turn cap included)."""

    index: int
    seed: int
    players: tuple[PlayerSpec, ...]
    game: Game
    variant: str = "default"
    options: tuple[tuple[str, str], ...] = (("turn-cap", str(DEFAULT_TURN_CAP)),)
    keep_moves: bool = False   # the record lists every move played, chance draws too (objects, not JSON: a replay)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index`: a hash of (base seed, index), the same on every machine."""
    digest = hashlib.sha256(f"siege-pnp:{base_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


Run = tuple[Game, str, tuple[tuple[str, str], ...]]   # a variant's game, label and resolved options


def resolve(variant: Variant, turn_cap: int = DEFAULT_TURN_CAP, game: Game | None = None) -> Run:
    """The game and engine options of `variant`'s games. Options: the game's, then `turn-cap`,
    then the variant's (so `--option turn-cap=N` wins over the default cap). Raises ValueError for
    bad ones, and UsageError for a turn cap outside 1 to `MAX_TURN_CAP`. A game without a
    `turn-cap` option ends by its own rules (every game of it is finite)."""
    game = variant.game(game or load_game(None))
    options = dict(game.options)
    capped = any(spec.name == "turn-cap" for spec in game.option_specs)
    if capped:
        options["turn-cap"] = str(turn_cap)
    options.update(dict(variant.options))
    game.check_options(options, game.rule_set)
    if capped:
        cap = int(options["turn-cap"])
        if cap < 1:
            raise UsageError(f"turn-cap {cap}: the lab needs a cap of 1 to {MAX_TURN_CAP}, so that every game ends")
        at_most("turn-cap", cap, MAX_TURN_CAP)
    return game, variant.label, tuple(sorted((k, str(v)) for k, v in options.items()))


@dataclass(frozen=True)
class Tasks(Sequence):
    """The tasks of `games` games of each run (variant by variant, games 0 to games - 1), each
    `GameTask` made when it is read: a sequence as long as the run, as small as one task."""

    runs: tuple[Run, ...]
    games: int
    players: tuple[PlayerSpec, ...]
    seed: int = 0
    first: int = 0   # the index of each run's first game (a later round of `--until-ci` goes on from there)

    def __len__(self) -> int:
        return self.games * len(self.runs)

    def __getitem__(self, n):
        if isinstance(n, slice):
            return [self[i] for i in range(*n.indices(len(self)))]
        if not -len(self) <= n < len(self):
            raise IndexError(n)
        run, index = divmod(n % len(self), self.games)
        game, label, options = self.runs[run]
        index += self.first
        return GameTask(index, game_seed(self.seed, index), self.players, game, label, options)

    def position(self, variant: str, index: int) -> int:
        """Where the task of game `index` of `variant` is in this sequence."""
        return self._run_of[variant] * self.games + index - self.first

    @cached_property
    def _run_of(self) -> dict[str, int]:
        return {label: n for n, (_, label, _) in enumerate(self.runs)}


def make_tasks(games: int, players: Sequence[PlayerSpec], variant: Variant = Variant(),
               seed: int = 0, turn_cap: int = DEFAULT_TURN_CAP, game: Game | None = None) -> Tasks:
    """The tasks of `games` games of one variant (see `resolve`). Raises ValueError for bad options."""
    return Tasks((resolve(variant, turn_cap, game),), games, tuple(players), seed)


def play_game(task: GameTask) -> dict:
    """Play one game from setup to the end and return its record (JSON-ready, but for the moves
    `keep_moves` asks for).

    Each player gets only `state.view(side)`: nobody sees what their side may not."""
    started = time.perf_counter()
    game = task.game
    state = game.new_initial_state(dict(task.options))
    players = [spec.build() for spec in task.players]
    rngs = [random.Random(task.seed * 2 + n) for n in range(len(players))]
    chance = random.Random(f"chance {task.seed}")  # the rules' own draws, apart from any player's
    actions = turns = repeats = 0
    met: set = set()   # positions met at a decision: one met again is a repeat (shuffling)
    played: list | None = [] if task.keep_moves else None
    while not state.is_game_over():
        if state.is_chance_node():
            move = state.sample_chance(chance)
        else:
            setup = state.in_setup()
            if setup and not state.legal_moves():
                break  # a setup step with no legal move (impossible counts): recorded as "stalled"
            key = state.key()
            if key in met:
                repeats += 1
            met.add(key)
            side = state.to_move
            seat = game.seat(side)
            move = players[seat].choose(state.view(side), rngs[seat])
            if not setup:
                turns = state.turn  # turns played: the last one a move was made in (a capped game: the cap)
            actions += 1
        if played is not None:
            played.append(move)
        state.push(move)
    outcome = state.outcome()
    winners = [game.side_of(side).label for side in outcome.winners] if outcome else []
    scores = state.scores() if outcome else None
    termination = outcome.termination if outcome else "stalled"
    record = {
        "index": task.index,
        "seed": task.seed,
        "variant": task.variant,
        "rules": game.rule_set,
        "players": {info.label: str(spec) for info, spec in zip(game.sides, task.players)},
        "winner": winners[0] if len(winners) == 1 else None,   # the sole winner
        "winners": winners,                                     # every winner (a shared win: several)
        "scores": list(scores) if scores is not None else None,   # each seat's, for a scoring game
        "termination": termination,
        "points": list(outcome.ways) if outcome else [],
        "turns": turns,
        "actions": actions,
        "repeats": repeats,   # decisions at a position met before in the game
        "position": state.diagram() if termination in UNFINISHED else None,  # where an unfinished game stood
        "seconds": round(time.perf_counter() - started, 4),
    }
    if played is not None:
        record["moves"] = played
    return record


UNFINISHED = ("turn-cap", "stalled")  # games the players did not finish: no verdict on the game
SHUFFLING = 0.25  # an unfinished game with this share of its decisions at positions met before: stalling


def play_games(tasks: Iterable[GameTask]) -> list[dict]:
    """A batch of games in one process (the chunk a distributed worker runs)."""
    return [play_game(task) for task in tasks]


Mapper = Callable[[Callable[[GameTask], dict], Sequence[GameTask]], Iterable[dict]]


def run_tasks(tasks: Sequence[GameTask], workers: int | None = None,
              progress: Callable[[dict], None] | None = None, mapper: Mapper | None = None) -> list[dict]:
    """Play `tasks` over a pool of `workers` processes (default: every core); records come back in
    task order whatever the pool does. `progress(record)` is called as each game ends.

    `mapper(play_game, tasks)`, if given, replaces the local pool: any function that applies
    `play_game` to every task and yields the records in any order, e.g. a Dask or Ray map
    (the README shows both)."""
    workers = workers or os.cpu_count() or 1
    records: list[dict] = []
    if mapper is not None:
        for record in mapper(play_game, tasks):
            records.append(record)
            if progress:
                progress(record)
    elif workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            records.append(play_game(task))
            if progress:
                progress(records[-1])
    else:
        import multiprocessing
        ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with ctx.Pool(workers, initializer=_ignore_interrupts) as pool:  # Ctrl-C: the parent terminates it
            chunk = max(1, min(16, len(tasks) // (workers * 16)))  # cheap games: fewer round trips
            for record in pool.imap_unordered(play_game, tasks, chunksize=chunk):
                records.append(record)
                if progress:
                    progress(record)
    if isinstance(tasks, Tasks):
        records.sort(key=lambda r: tasks.position(r["variant"], r["index"]))
    else:
        order = {(t.variant, t.index): n for n, t in enumerate(tasks)}
        records.sort(key=lambda r: order[(r["variant"], r["index"])])
    return records


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent (no traceback from every worker), and dies quietly of
    SIGTERM (the parent's pool ends its workers so) rather than taking the parent's handler."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


# ------------------------------------------------------------------------------ aggregation
def winners(record: dict) -> list[str]:
    """The labels of a game record's winners (a record written before shared wins has `winner` only)."""
    if "winners" in record:
        return record["winners"]
    return [] if record["winner"] is None else [record["winner"]]


def summarize(records: Sequence[dict], sides: Sequence[str], ways: Sequence[str] = ()) -> dict:
    """Win rates with Wilson 95% intervals per side (labels, in seat order), how games were won,
    game length and draws (no winner). A shared win counts as a win for each of its winners.
    `advantage` is a seat's share of the won games above (or below) an even share, 1/N: the
    first-player advantage, for every seat."""
    n = len(records)
    out: dict = {"games": n}
    won = [winners(r) for r in records]
    decided = sum(len(w) for w in won)
    for side in sides:
        wins = sum(1 for w in won if side in w)
        low, high = stats.wilson_interval(wins, n)
        out[side] = {"wins": wins, "rate": wins / n if n else 0.0, "ci95": [low, high],
                     "advantage": wins / decided - 1 / len(sides) if decided else 0.0}
        held: dict[str, int] = {w: 0 for w in ways}
        combos: dict[str, int] = {}
        for r, w in zip(records, won):
            if side in w:
                for point in r["points"]:
                    held[point] = held.get(point, 0) + 1
                key = "+".join(r["points"]) or r["termination"]
                combos[key] = combos.get(key, 0) + 1
        out[side]["points"] = held
        out[side]["ways"] = dict(sorted(combos.items(), key=lambda kv: (-kv[1], kv[0])))
    out.update(seats(records, sides))
    unfinished = [r for r in records if r["termination"] in UNFINISHED]
    draws = sum(1 for r, w in zip(records, won) if not w and r["termination"] not in UNFINISHED)
    low, high = stats.wilson_interval(draws, n)
    out["draws"] = {"games": draws, "rate": draws / n if n else 0.0, "ci95": [low, high]}
    low, high = stats.wilson_interval(len(unfinished), n)
    example = max(unfinished, key=lambda r: (r.get("repeats", 0), -r["index"]), default=None)
    out["unfinished"] = {"games": len(unfinished), "rate": len(unfinished) / n if n else 0.0, "ci95": [low, high],
                         "shuffling": sum(1 for r in unfinished if r.get("repeats", 0) >= SHUFFLING * max(1, r["actions"])),
                         "example": {k: example.get(k) for k in ("index", "seed", "turns", "repeats", "position")}
                         if example else None}
    out["no_moves"] = sum(1 for r in records if r["termination"] == "no-moves")
    out["turns"] = stats.describe([r["turns"] for r in records])
    out["actions"] = stats.describe([r["actions"] for r in records])
    seconds = sum(r["seconds"] for r in records)
    out["cpu_seconds"] = round(seconds, 3)
    return out


def seats(records: Sequence[dict], sides: Sequence[str]) -> dict:
    """What a game of N seats needs beyond win rates: shared wins (games won by several seats,
    and each side's), each side's score and the winner's margin over the best other score (games
    that keep a score), and the seat-order effect: a chi-square test that each seat's share of
    the wins (a shared win split among its winners) is 1/N, with its p-value."""
    won = [winners(r) for r in records]
    out: dict = {"shared": {"games": sum(1 for w in won if len(w) > 1),
                            **{side: sum(1 for w in won if len(w) > 1 and side in w) for side in sides}}}
    scored = [r for r in records if r.get("scores")]
    if scored:
        out["scores"] = {side: stats.describe([r["scores"][seat] for r in scored]) for seat, side in enumerate(sides)}
        margins = []
        for r, w in zip(records, won):
            if r.get("scores") and w:
                best = max(r["scores"][sides.index(side)] for side in w)
                rest = [points for seat, points in enumerate(r["scores"]) if sides[seat] not in w]
                margins.append(best - max(rest) if rest else 0)
        out["margin"] = stats.describe(margins)
    shares = [0.0] * len(sides)
    for w in won:
        for side in w:
            shares[sides.index(side)] += 1 / len(w)
    out["seat_order"] = {"shares": shares, **stats.uniformity(shares)}
    return out


@dataclass
class Simulation:
    """A finished run: its settings, the per-variant summaries and every game record."""

    settings: dict
    variants: list[str]
    summaries: dict[str, dict]
    records: list[dict] = field(default_factory=list)
    wall_seconds: float = 0.0
    findings: dict = field(default_factory=dict)   # how far to trust it (`balance`): strength, convergence...

    def to_json(self) -> dict:
        return {"settings": self.settings, "variants": self.variants, "summaries": self.summaries,
                "findings": self.findings, "wall_seconds": round(self.wall_seconds, 3), "games": self.records}


def simulate(variants: Sequence[Variant], games: int, players: Sequence[PlayerSpec],
             seed: int = 0, turn_cap: int = DEFAULT_TURN_CAP, game: Game | None = None,
             workers: int | None = None, progress: Callable[[dict], None] | None = None,
             mapper: Mapper | None = None, first: int = 0) -> Simulation:
    """Play `games` seeded games of every variant (the same seeds for each, game indices from
    `first`) and summarise them. `players` are by side, in the game's side order."""
    game = game or load_game(None)
    labels = [v.label for v in variants]
    if len(set(labels)) != len(labels):
        raise ValueError(f"variant labels must differ: {labels}")
    tasks = Tasks(tuple(resolve(v, turn_cap, game) for v in variants), games, tuple(players), seed, first)
    started = time.perf_counter()
    records = run_tasks(tasks, workers, progress, mapper)
    wall = time.perf_counter() - started
    sides = [info.label for info in game.sides]
    summaries = {v.label: summarize([r for r in records if r["variant"] == v.label], sides, game.ways)
                 for v in variants}
    settings = {"game": game.info.title, "games": games, "seed": seed,
                "sides": [{"label": info.label, "plural": info.plural, "colour": info.colour, "player": str(spec)}
                          for info, spec in zip(game.sides, players)],
                "ways": list(game.ways),
                "turn_cap": turn_cap if any(spec.name == "turn-cap" for spec in game.option_specs) else None,
                "workers": "distributed" if mapper else workers or os.cpu_count() or 1,
                "variants": [asdict(v) for v in variants]}
    return Simulation(settings, labels, summaries, records, wall)


# ------------------------------------------------------------------------------ comparisons
def parse_vary(text: str) -> tuple[str, list[str]]:
    """`pieces=4,5,6` or `turn-cap=100,200` to (name, values); raises ValueError."""
    name, sep, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not sep or not name.strip() or not items:
        raise ValueError(f"expected --vary NAME=V1,V2,..., got {text!r}")
    return name.strip(), items


def plan_variants(game: Game, rules: Sequence[str | None], options: dict[str, str] | None = None,
                  vary: Sequence[tuple[str, Sequence[str]]] = ()) -> list[Variant]:
    """Every combination of the rule sets and the swept values, labelled for the report.

    A swept name is one of the game's numbers (`pnp rules` lists them; whole numbers) or
    an engine option (`turn-cap`, ...). `options` apply to every variant. A rule set of None is the
    game's own."""
    numbers = game.number_names()
    option_names = [spec.name for spec in game.option_specs]
    count = len(rules) * prod(len(values) for _, values in vary)
    if count > MAX_VARIANTS:
        raise UsageError(f"{count} variants (--rules times every --vary value): at most {MAX_VARIANTS}")
    combos: list[list[tuple[str, str]]] = [[]]
    for name, values in vary:
        key = name.replace("-", "_") if name.replace("-", "_") in numbers else name
        if key not in numbers and key not in option_names:
            raise ValueError(f"cannot vary {name!r}; numbers: {', '.join(numbers) or 'none'}; "
                             f"options: {', '.join(option_names)}")
        combos = [combo + [(key, value)] for combo in combos for value in values]
    variants = []
    for rule_set in rules:
        if rule_set is not None:
            game.with_rule_set(rule_set)  # raises ValueError for a rule set the game does not have
        for combo in combos:
            changes, opts = [], dict(options or {})
            for key, value in combo:
                if key in option_names:
                    opts[key] = value
                else:
                    if not value.lstrip("-").isdigit():
                        raise ValueError(f"{key} takes whole numbers, not {value!r}")
                    changes.append((key, int(value)))
            parts = ([rule_set or game.rule_set or "default"] if len(rules) > 1 or not combo else []) + \
                [f"{k}={v}" for k, v in combo]
            variants.append(Variant(" ".join(parts), rule_set, tuple(sorted(opts.items())), tuple(changes)))
    return variants
