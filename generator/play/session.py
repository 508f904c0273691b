"""One game at the browser table: the true state, who sits where, the AI's replies, and what each
seat may be told. No web code here (the server is `generator.play.server`).

Seats: every side is played by a person or by the AI. Each person's side has its own secret key
(its link); with two people or more there is also the hot-seat key, one screen shared by them.

No peeking, by construction:

- *What a page holds.* Everything a seat receives is built by `Table.payload` from its side's
  view (`State.view`): each move leaves a `Frame` per side, drawn from that side's view only, and
  the move's notation as that side may read it (masked where the side could not tell it from
  another move). Once the game is over every frame is the whole state: the hidden pieces show.
- *A run of secret moves is shown whole.* While a side makes several moves in a row that another
  side sees masked (placing pieces whose reverses are secret), that other side is shown the position from
  before the run until the run ends, and then the run's moves in sorted order: neither the order
  nor the timing of the choices says anything (an AI's included).
- *The hot seat* shows one side's frame at a time and covers the screen whenever the side to move
  changes while anything is secret; under the cover the page is sent no frame at all.
- *Undo never reveals.* A move that showed a side something hidden from it is marked (`revealed`,
  found by replaying the move in worlds that side cannot tell from the true one; a draw of the
  rules' own chance, by the other outcomes it could have had); taking it back at that side's
  request needs every other person's consent, and is refused against the AI. So a draw cannot be
  made again by taking it back either.

Chance: where the rules draw (a tile from a bag, `State.is_chance_node`), the table draws, from
its own generator (seeded with `seed`), never the AI's nor a person's.
"""

from __future__ import annotations

import random
import re
import secrets
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Sequence

from ..games.base import Game, InvalidMoveError, State
from ..games.values import TINTS
from .blocks import game_title

SQUARE = re.compile(r"[a-z]\d{1,2}")
TABLE = "table"  # the hot-seat seat
HUMAN = "human"
WORLDS = 24     # samples of what the other sides may hold, to find the moves a seat cannot tell apart
AI_BUDGET = 300     # MCTS playouts per decision at the table (mcts:N overrides) ...
AI_SECONDS = 0.75   # ... or this long, whichever comes first, so a large position never keeps people waiting
MAX_STEPS = 12   # moves a page animates one after another; after a longer absence it just redraws


class PlayError(ValueError):
    """A request the table refuses: `reason` in words, `ruling` when the engine cites one."""

    def __init__(self, reason: str, ruling: int | None = None, move: str = ""):
        self.reason, self.ruling, self.move = reason, ruling, move
        super().__init__(reason)


class UnknownSeat(PlayError):
    """A key that names no seat of the table (the message never repeats it)."""


def clip(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters, for repeating a visitor's words back to them."""
    return text if len(text) <= limit else text[:limit] + "\u2026"


def frame(game: Game, view: State) -> dict:
    """What a page draws of `view`: each square's art and tint (a territory washed in its colour, as
    the rulebook's diagrams wash it), the pieces on lines and off the board, the scores, the notes
    and the actions taken this turn."""
    board = game.board
    cells = []
    for square in range(board.size):
        art = view.cell_art(square)
        if art.ground or art.piece or art.overlays:
            cells.append({"square": board.square_name(square), "ground": art.ground, "piece": art.piece,
                          "badge": art.badge, "secret": art.secret, "turned": art.turned,
                          "overlays": [list(o) for o in art.overlays], "inset": art.ground_inset})
    groups = view.tint_groups()
    return {
        "cells": cells,
        "tints": {board.square_name(s): TINTS[g % len(TINTS)] for s, g in enumerate(groups)} if groups else {},
        "edges": [{"a": board.square_name(e.a), "b": board.square_name(e.b), "face": e.face} for e in view.edges()],
        "zones": [{"name": z.name, "side": z.side, "card": z.card, "pieces": [list(p) for p in z.pieces]}
                  for z in view.zones()],
        "scores": [{"side": t.side, "points": t.points, "needed": t.needed,
                    "ways": [{"words": w, "held": bool(h), "progress": p} for w, h, p in t.ways]}
                   for t in view.scoreboard()],
        "notes": view.notes(),
        "clock": list(view.turn_actions() or ()) or None,
    }


def sight(view: State) -> tuple:
    """Everything a page shows of `view`, as one value to compare (cheaper than its diagram): two
    views with equal sights look the same at the table."""
    return (tuple(map(view.cell_art, range(view.game.board.size))), view.edges(), view.zones(),
            view.scoreboard(), view.notes(), view.turn_actions(), view.to_move, view.is_game_over())


@dataclass
class Played:
    """A move of the game: the move, the side that made it, how each side reads its notation,
    the sides it showed something hidden from them, and each side's frame and motion after it."""

    move: object
    side: str
    seen: dict[str, str]
    revealed: frozenset[str]
    frames: dict[str, dict]
    motion: dict[str, dict]
    chance: bool = False


class Seats:
    """Who sits at a table (a rules `Table` or a `Sandbox`): a secret key per person's side and,
    with two people or more, the hot seat's key; `shown` is the side on the hot seat's screen
    (None while it is covered)."""

    game: Game
    keys: dict[str, str]
    shown: str | None

    def _seat(self, people: Sequence[str]) -> None:
        self.keys = {secrets.token_urlsafe(9): label for label in people}
        if len(people) > 1:
            self.keys[secrets.token_urlsafe(9)] = TABLE

    @property
    def handover(self) -> bool:
        """Hot seat: the screen is covered while the device is passed on."""
        return TABLE in self.keys.values() and self.shown is None

    def seat(self, key: str | None) -> str:
        seat = self.keys.get(key or "")
        if seat is None:
            raise UnknownSeat("unknown or missing key: use the link `pnp play` printed")
        return seat

    def key_of(self, seat: str) -> str:
        return next(key for key, s in self.keys.items() if s == seat)

    def plural(self, label: str) -> str:
        """The plural name of the side `label` (its players, as the table addresses them)."""
        return next((s.plural for s in self.game.sides if s.label == label), label)


@dataclass
class Request:
    """A request to take back moves that showed `by` something hidden: it waits for `asks`."""

    by: str
    count: int
    asks: list[str]
    agreed: set[str] = field(default_factory=set)


class Table(Seats):
    """A game between the seats; every method is safe to call from several threads.

    `vs`: "human" (every side a person) or an AI (`mcts`, `mcts:N`, `greedy`, `random`) playing
    every side but `side` (one label, or several: the people's sides)."""

    def __init__(self, game: Game, vs: str = "mcts", side: str | Sequence[str] | None = None,
                 seed: int | None = None, ai_pause: float = 0.25, start: State | None = None):
        if not game.engine:
            raise ValueError(f"{game_title(game)} has no rules engine (game package {game.name!r}): "
                             f"there is nothing to play")
        labels = [s.label for s in game.sides]
        people = [side] if isinstance(side, str) else list(side or [])
        for label in people:
            if label not in labels:
                raise ValueError(f"unknown side {label!r}; sides: {', '.join(labels)}")
        self.game, self.vs = game, vs
        self.ai = None
        if vs == HUMAN:
            people = labels
        else:
            from ..lab.players import PlayerSpec
            spec = PlayerSpec.parse(vs, budget=AI_BUDGET)
            if vs == "mcts":   # the table's own default: capped in time too
                spec = replace(spec, seconds=AI_SECONDS)
            self.ai = spec.build()
            people = people or labels[:1]
        self.humans = tuple(label for label in labels if label in people)
        self.ai_sides = tuple(label for label in labels if label not in people)
        self.rng = random.Random(seed)
        self.chance = random.Random(f"chance {seed}" if seed is not None else None)
        self.ai_pause = ai_pause
        self.lock = threading.RLock()
        self.start = start.copy() if start is not None else game.new_initial_state()
        self._seat(self.humans)
        self.error = ""     # the AI's last failure, if any
        self._begin()

    def _begin(self) -> None:
        self.state = self.start.copy()
        self.played: list[Played] = []
        self.start_frames = {label: frame(self.game, self._view(self.state, label)) for label in self.labels}
        self.request: Request | None = None
        self.notice = ""
        self.thinking = False
        self.shown: str | None = None   # hot seat: the side whose frame is on screen (None: covered)
        self.version = getattr(self, "version", 0) + 1
        self._draw()
        self._pass_device()
        self._ai_turn()

    # ------------------------------------------------------------------ seats
    @property
    def labels(self) -> list[str]:
        return [s.label for s in self.game.sides]

    def side_of_seat(self, seat: str) -> str | None:
        """The side whose frame a seat is shown: its own, or on the hot seat the one on screen."""
        return self.shown if seat == TABLE else seat

    def mover(self, state: State) -> str:
        """The label of the side to move in `state`."""
        return self.game.side_of(state.to_move).label

    def _view(self, state: State, label: str) -> State:
        """What `label` may see of `state`: its view, or everything once the game is over."""
        return state.copy() if state.is_game_over() else state.view(self.game.side(label))

    # ------------------------------------------------------------------ moves
    def play(self, key: str, text: str) -> None:
        """Play `text` for the seat of `key`; raises PlayError (the engine's reason and ruling)."""
        with self.lock:
            seat = self.seat(key)
            if self.state.is_game_over():
                raise PlayError(f"the game is over: {self.state.outcome()}")
            mover = self.mover(self.state)
            if self.request is not None:
                raise PlayError("a request to take moves back is waiting for an answer")
            if seat == TABLE:
                if self.shown is None:
                    raise PlayError(f"pass the device to the {self.plural(mover)} first")
                if mover not in self.humans:
                    raise PlayError(f"wait: the {self.plural(mover)} (AI) are to move")
            elif seat != mover:
                raise PlayError(f"not your turn: the {self.plural(mover)} are to move")
            try:
                move = self.game.parse_move(text.strip())
            except InvalidMoveError as exc:
                raise PlayError(str(exc), move=text) from None
            error = self.state.view(self.state.to_move).why_illegal(move) or self.state.why_illegal(move)
            if error is not None:
                raise PlayError(error.reason, error.ruling, move.notation())
            self.notice = ""
            self._push(move)
            self._draw()
            self._pass_device()
            self._ai_turn()

    def undo(self, key: str) -> None:
        """Take back the seat's last move, with the AI's moves after it (the hot seat: the last
        move of any person). A take-back that would hide again what a move showed the asking side
        waits for the other people's consent (`answer`), and is refused when only the AI could give it."""
        with self.lock:
            seat = self.seat(key)
            if self.thinking:
                raise PlayError("wait for the AI to finish its move")
            if self.request is not None:
                raise PlayError("a request to take moves back is waiting for an answer")
            if seat == TABLE and self.shown is None:
                raise PlayError("pass the device first")
            who = self.side_of_seat(seat)
            index = len(self.played) - 1
            while index >= 0 and (self.played[index].side in self.ai_sides or self.played[index].chance):
                index -= 1
            if index < 0:
                raise PlayError("there is no move of yours to take back" if self.ai_sides else
                                "there is no move to take back")
            if seat != TABLE and self.played[index].side != who:
                raise PlayError(f"the last move was made by the {self.plural(self.played[index].side)}: "
                                f"only they can take it back")
            count = len(self.played) - index
            shown = next((p for p in self.played[index:] if who in p.revealed), None)
            if shown is None:
                self._take_back(count)
                return
            others = [label for label in self.humans if label != who]
            what = f"{shown.seen[who]}, which showed you what was hidden"
            if not others:
                ai = " and the ".join(self.plural(label) for label in self.ai_sides)
                raise PlayError(f"this would take back {what}; the {ai} (AI) cannot agree to that")
            self.request = Request(who, count, others)
            self.notice = ""
            self.version += 1
            self._pass_device()

    def answer(self, key: str, allow: bool) -> None:
        """A person's answer to a request to take moves back (the asker may withdraw it)."""
        with self.lock:
            seat = self.seat(key)
            request = self.request
            if request is None:
                raise PlayError("there is no request to answer")
            who = self._pass_to() if seat == TABLE else seat
            if who == request.by:
                if allow:
                    raise PlayError(f"the {' and the '.join(self.plural(a) for a in request.asks)} must agree")
                self.request, self.notice = None, "The request to take moves back was withdrawn."
            elif who not in request.asks:
                raise PlayError("this request is not yours to answer")
            elif not allow:
                self.request = None
                self.notice = f"The {self.plural(who)} did not agree to take the moves back."
            else:
                request.agreed.add(who)
                if request.agreed >= set(request.asks):
                    self.request = None
                    self._take_back(request.count)
                    self.notice = f"The {self.plural(who)} agreed: the moves were taken back."
                    return
            self.version += 1
            self._pass_device()

    def _take_back(self, count: int) -> None:
        for _ in range(count):
            self.state.pop()
            self.played.pop()
        self.version += 1
        self._pass_device()

    def restart(self, key: str) -> None:
        """A new game at the same table (same links): against the AI at any time, between two
        people once the game is over."""
        with self.lock:
            self.seat(key)
            if not self.ai_sides and not self.state.is_game_over():
                raise PlayError("a new game can start once this one is over (or take moves back)")
            if self.thinking:
                raise PlayError("wait for the AI to finish its move")
            self.error = ""
            self._begin()

    def reveal(self, key: str, side: str | None = None) -> None:
        """Hot seat: the next player (`side`, if the page names it) has the device; show their frame."""
        with self.lock:
            if self.seat(key) != TABLE:
                raise PlayError("only the hot-seat screen is passed around")
            if self.request is not None:
                raise PlayError("answer the request to take moves back first")
            if side is not None and side != self._device_side():
                raise PlayError(f"the device goes to the {self.plural(self._device_side())}")
            self.shown = self._device_side()
            self.version += 1

    def _device_side(self) -> str:
        """Hot seat: the person who acts next (the side to move, or while the AI moves, the one
        on screen or the first person)."""
        mover = self.mover(self.state)
        return mover if mover in self.humans else (self.shown or self.humans[0])

    def _pass_device(self) -> None:
        """Hot seat: cover the screen when the person to act changes and something is secret, or
        while a request waits for an answer."""
        if TABLE not in self.keys.values():
            return
        target = self._device_side()
        if self.request is not None:
            self.shown = None
        elif self.state.is_game_over() or (self.shown is not None and target == self.shown):
            self.shown = self.shown or target
        elif self._secret():
            self.shown = None
        else:
            self.shown = target
        self.version += 1

    def _secret(self) -> bool:
        """Whether the sides' pages differ: a view hides something, or a move reads differently."""
        return any(self._view(self.state, label).is_hidden() for label in self.labels) or \
            any(len(set(p.seen.values())) > 1 for p in self.played)

    def _draw(self) -> None:
        """The rules' own draws (chance nodes), from the table's generator."""
        while not self.state.is_game_over() and self.state.is_chance_node():
            self._push(self.state.sample_chance(self.chance), chance=True)

    def _push(self, move, chance: bool = False) -> None:
        before = self.state
        mover = self.mover(before)
        seen = {label: self._seen_by(before, move, label) for label in self.labels}
        effect = before.effect(move)
        after = before.copy()
        after.push(move)
        revealed = frozenset(label for label in self.labels if self._reveals(before, move, after, label))
        before.push(move)
        last = self.played[-1].frames if self.played else self.start_frames
        frames = {label: frame(self.game, self._view(before, label)) for label in self.labels}
        motion = {label: self._motion(effect, last[label], frames[label]) for label in self.labels}
        self.played.append(Played(move, mover, seen, revealed, frames, motion, chance))
        self.version += 1

    def _reveals(self, before: State, move, after: State, label: str) -> bool:
        """Whether `move` shows `label` something its view of `before` hid: in some world it cannot
        tell from the true one, the move leaves it a different view (a flip); a draw, when another
        outcome would have shown it something else. The end of the game shows everything."""
        side = self.game.side(label)
        goal = sight(after.view(side))
        if before.is_chance_node():
            for other, _ in before.chance_outcomes():
                world = before.copy()
                world.push(other)
                if sight(world.view(side)) != goal:
                    return True
            return False
        view = before.view(side)
        if not view.is_hidden():
            return False
        if after.is_game_over():
            return True
        rng = random.Random(len(self.played))
        for _ in range(WORLDS):
            world = view.determinize(rng)
            if world.why_illegal(move) is None:
                world.push(move)
                if sight(world.view(side)) != goal:
                    return True
        return False

    def _motion(self, effect, before: dict, after: dict) -> dict:
        """What a page animates of a move: its motions, removals and flips, by square name, kept to
        what the side's own frames before and after show (faces come from those frames)."""
        board = self.game.board
        pieces = {cell["square"]: cell["piece"] for cell in before["cells"] if cell["piece"]}
        now = {cell["square"]: cell["piece"] for cell in after["cells"] if cell["piece"]}
        name = lambda square: board.square_name(square) if isinstance(square, int) else None
        motions = [{"from": name(m.frm) if m.frm is not None else None, "to": name(m.to), "role": m.role,
                    "side": m.side} for m in effect.motions if name(m.to)]
        removals = [{"from": name(r.frm), "to": name(r.at), "face": pieces[name(r.frm)]}
                    for r in effect.removals if name(r.frm) in pieces]
        flips = [name(s) for s in effect.flipped if name(s) in pieces and pieces[name(s)] != now.get(name(s))]
        return {"motions": motions, "removals": removals, "flips": flips}

    # ------------------------------------------------------------------ what a seat may read of a move
    def _seen_by(self, state: State, move, viewer: str) -> str:
        """The move's notation as `viewer` may read it: positions where moves `viewer` could not
        tell apart (the same view after them) write differently are masked with `?`."""
        text = move.notation()
        if self.mover(state) == viewer:
            return text
        side = self.game.side(viewer)
        before_view = state.view(side)
        after = state.copy()
        after.push(move)
        target = after.view(side)
        if not before_view.is_hidden() and not target.is_hidden():
            return text
        goal = sight(target)
        rng = random.Random(len(self.played))
        worlds = [state] + [before_view.determinize(rng) for _ in range(WORLDS)]
        candidates: dict[str, tuple[State, object]] = {}  # each other text once, in a world where it is legal
        for world in worlds:
            for other in world.legal_moves():
                other_text = other.notation()
                if other_text != text and len(other_text) == len(text):
                    candidates.setdefault(other_text, (world, other))
        mask = list(text)
        for other_text, (world, other) in candidates.items():
            world.push(other)
            same = sight(world.view(side)) == goal
            world.pop()
            if same:
                mask = [a if a == b else "?" for a, b in zip(mask, other_text)]
        return "".join(mask)

    def _visible(self, label: str) -> int:
        """How many moves `label` is shown: all, except a run of moves another side is still
        making that `label` reads masked (it is shown whole once it ends)."""
        played, n = self.played, len(self.played)
        if not n or played[-1].side == label or self.state.is_game_over() or \
                self.mover(self.state) != played[-1].side:
            return n
        start = n
        while start and played[start - 1].side == played[-1].side:
            start -= 1
        return start if self._masked(label, start, n) else n

    def _runs(self, count: int) -> list[tuple[int, int]]:
        """The runs of moves by one side among the first `count`, as (start, end) pairs."""
        runs: list[tuple[int, int]] = []
        for index in range(count):
            if runs and self.played[runs[-1][0]].side == self.played[index].side:
                runs[-1] = (runs[-1][0], index + 1)
            else:
                runs.append((index, index + 1))
        return runs

    def _masked(self, label: str, start: int, end: int) -> bool:
        return any(p.seen[label] != p.move.notation() for p in self.played[start:end])

    def _history(self, label: str, count: int) -> list[dict]:
        """The moves as `label` reads them; a run with masked moves is sorted (its order is secret)."""
        history = []
        for start, end in self._runs(count):
            texts = [p.seen[label] for p in self.played[start:end]]
            if self._masked(label, start, end):
                texts.sort()
            history += [{"side": self.played[start].side, "move": text} for text in texts]
        return history

    # ------------------------------------------------------------------ the AI
    def _ai_turn(self) -> None:
        if not self.ai_sides or self.thinking:
            return
        if self.state.is_game_over() or self.mover(self.state) not in self.ai_sides:
            return
        self.thinking = True
        self.version += 1
        threading.Thread(target=self._ai_loop, args=(self.version,), daemon=True).start()

    def _ai_loop(self, version: int) -> None:
        try:
            while True:
                with self.lock:
                    state = self.state
                    if state.is_game_over() or self.mover(state) not in self.ai_sides or self.version != version:
                        break
                    view = state.view(state.to_move)
                    rng = random.Random(self.rng.random())
                started = time.monotonic()
                move = self.ai.choose(view, rng)
                time.sleep(max(0.0, self.ai_pause - (time.monotonic() - started)))
                with self.lock:
                    if self.version != version:
                        break
                    error = self.state.why_illegal(move)
                    if error is not None:  # the reason only: the move's text may hold a secret
                        self.error = f"the AI chose a move the engine refused: {error.reason}"
                        break
                    self._push(move)
                    self._draw()
                    version = self.version
        except Exception as exc:  # the page must learn that the AI failed, not wait forever
            import traceback
            traceback.print_exc()
            self.error = f"the AI failed ({type(exc).__name__}); see the server's output"
        finally:
            with self.lock:
                self.thinking = False
                self.version += 1
                self._pass_device()

    # ------------------------------------------------------------------ what a seat is sent
    def payload(self, key: str, since: int | None = None) -> dict:
        """Everything the seat's page shows, from its side's frames only. `since`: how many moves
        the page has drawn; the moves after it come as `steps` to animate."""
        with self.lock:
            seat = self.seat(key)
            state = self.state
            mover = self.mover(state)
            label = self.side_of_seat(seat)
            payload = {
                "kind": "game", "version": self.version, "title": game_title(self.game),
                "files": self.game.board.files, "ranks": self.game.board.ranks,
                "sides": [{"label": s.label, "plural": s.plural, "noun": s.noun, "colour": s.colour,
                           "ai": s.label in self.ai_sides, "home": self.game.board.home_edge(s.label)}
                          for s in self.game.sides],
                "seat": seat, "mode": "hot-seat" if seat == TABLE else "people" if not self.ai_sides else "ai",
                "to_move": mover, "turn": state.turn, "setup": state.in_setup(), "thinking": self.thinking,
                "error": self.error, "notice": self.notice, "request": self._request_for(seat, label),
                "handover": label is None, "pass_to": self._pass_to() if label is None else None,
            }
            if label is None:   # the hot seat, covered: no frame at all
                return payload
            count = self._visible(label)
            shown = self.played[count - 1].frames[label] if count else self.start_frames[label]
            view = state.view(self.game.side(label))
            yours = (not state.is_game_over() and not self.thinking and self.request is None and
                     mover == label and mover in self.humans)
            moves = [self._move_info(view, move) for move in view.legal_moves()] if yours else []
            payload.update(shown)
            payload.update({
                "side": label, "flip": self.game.board.home_edge(label) == "top",
                "your_turn": yours, "moves": moves, "prompt": view.prompt() if yours else "",
                "history": self._history(label, count), "last": self._last(label, count),
                "steps": self._steps(label, since, count),
                "can_undo": any(p.side in self.humans for p in self.played) and not self.thinking,
                "outcome": self._outcome(state),
            })
            return payload

    def _request_for(self, seat: str, label: str | None) -> dict | None:
        request = self.request
        if request is None:
            return None
        waiting = [a for a in request.asks if a not in request.agreed]
        return {"by": request.by, "asks": waiting, "count": request.count,
                "yours": seat == TABLE or label in waiting, "mine": label == request.by}

    def _pass_to(self) -> str:
        request = self.request
        if request is not None:
            return next(a for a in request.asks if a not in request.agreed)
        return self._device_side()

    def _last(self, label: str, count: int) -> list[str]:
        """The squares of the last run of moves `label` is shown (the whole last turn)."""
        runs = self._runs(count)
        if not runs:
            return []
        start, end = runs[-1]
        squares: list[str] = []
        for p in self.played[start:end]:
            motion = p.motion[label]
            squares += [m[k] for m in motion["motions"] for k in ("from", "to") if m[k]]
            squares += [r["from"] for r in motion["removals"]] + motion["flips"]
            if not motion["motions"]:
                squares += [s for s in SQUARE.findall(p.seen[label]) if self._on_board(s)]
        return sorted(set(squares))

    def _steps(self, label: str, since: int | None, count: int) -> list[dict]:
        """The moves after the page's `since` to animate one by one: each move's frame and motion;
        none for a run shown whole (its order is secret) or after a long absence."""
        if since is None or not 0 <= since < count or count - since > MAX_STEPS:
            return []
        if any(self._masked(label, start, end) and end > since for start, end in self._runs(count)):
            return []
        return [{"frame": p.frames[label], "motion": p.motion[label]} for p in self.played[since:count]]

    def _outcome(self, state: State) -> dict | None:
        outcome = state.outcome()
        if outcome is None:
            return None
        headline, how = self.game.describe_outcome(outcome)
        return {"winners": [self.game.side_of(side).label for side in outcome.winners], "headline": headline,
                "how": how, "text": str(outcome)}

    def _on_board(self, name: str) -> bool:
        try:
            self.game.board.parse_square(name)
        except ValueError:
            return False
        return True

    def _move_info(self, view: State, move) -> dict:
        """A legal move for the page: its notation and words, the squares it names, where its acting
        piece goes (from the engine's motions), the line it builds on, and for a step that names
        one square and moves nothing (a placement) what it leaves there."""
        text = move.notation()
        board = self.game.board
        squares = [name for name in SQUARE.findall(text) if self._on_board(name)]
        frm = to = None
        words = []
        for motion in view.motions(move):
            there = board.square_name(motion.to) if isinstance(motion.to, int) else None
            if motion.role == "move":
                frm = board.square_name(motion.frm) if motion.frm is not None else None
                to = there
                words.insert(0, f"{frm} \u2192 {there}" if frm else f"enters at {there}")
            elif motion.role == "support" and motion.frm is not None:
                words.append(f"backed by {board.square_name(motion.frm)}")
        if to is None and squares:
            to = squares[-1]
        edge = view.move_edge(move)
        info = {"move": text, "words": view.move_words(move) or ", ".join(words) or text, "squares": squares,
                "from": frm, "to": to, "edge": [board.square_name(s) for s in edge] if edge else None}
        if not words and squares:  # a setup step: show what it leaves on its square(s)
            after = view.copy()
            after.push(move)
            info["after"] = {name: self._cell(after, board.parse_square(name)) for name in squares}
        return info

    @staticmethod
    def _cell(state: State, square: int) -> dict:
        art = state.cell_art(square)
        return {"ground": art.ground, "piece": art.piece, "badge": art.badge, "secret": art.secret}

    # ------------------------------------------------------------------ export
    def export(self, key: str, what: str = "game") -> str:
        """The game as an example block; refused while it would show the seat what it may not see."""
        from .blocks import game_block, position_block

        with self.lock:
            seat = self.seat(key)
            if seat == TABLE and self.shown is None:
                raise PlayError("pass the device first")
            label = self.side_of_seat(seat)
            if not self.state.is_game_over() and self.state.view(self.game.side(label)).is_hidden():
                raise PlayError("an example block shows every hidden piece; it can be exported by the side "
                                "that sees them, or once the game is over")
            moves = [p.move for p in self.played]
            who = self.vs if self.ai_sides else "a person"
            try:
                if what == "position":
                    return position_block(self.game, self.start, moves)
                if what == "game":
                    return game_block(self.game, self.start, moves,
                                      f"{game_title(self.game)}: as played at the table "
                                      f"against {who}")
            except ValueError as exc:
                raise PlayError(str(exc)) from None
            raise PlayError(f"export what? 'position' or 'game', not {clip(what)!r}")
