"""The sandbox table: a game folder without a rules engine, played as on a real table, so a designer
can try a data-only game before its rules exist. The kit's own pieces lie in a shared supply, in
each side's hand and in bags; people drag them onto squares (and, for long pieces such as
palisades, onto the lines between squares), turn two-sided ones over and draw from bags. Nothing
checks the rules.

No peeking, as at the rules table (`generator.play.session`):

- A piece whose face hides a value or an identity - several copies share one face and differ on
  the other, like warriors with secret strengths - starts in its owner's hand (a shared one in the
  shared bag) and is put down secret side down. Its owner sees the hidden face as an inset; every
  other seat is sent only the face that is up.
- A hand or a bag is sent to the other seats as a count: no face, no piece number. A piece that
  goes into a hand or a bag gets a new random number, so a number never follows a piece you
  cannot see. Drawing from a bag takes a piece at random.
- The hot seat shows one side at a time and is covered when the device is passed on.

Moves, in the sandbox's own notation (`Sandbox.play`):

    p12 c3       put piece 12 on c3 (on top of what lies there)
    p12 c3|c4    put it on the line between c3 and c4
    p12 hand     into your hand;  p12 bag: into your bag;  p12 pool: into the shared bag;
    p12 supply   back to the shared supply, face up
    flip p12     turn it over
    draw         a random piece from your bag into your hand;  draw pool: from the shared bag
    pass         hot seat: cover the screen and pass the device
"""

from __future__ import annotations

import random
import re
import threading
from dataclasses import dataclass

from ..games.base import Game
from .blocks import game_title
from .session import TABLE, PlayError, Seats

EVERYONE = "everyone"   # the one seat of a game without 2 to 4 [sides]
EDGE_RATIO = 3.0        # a piece at least this many times longer than wide stands on a line
FURNITURE = 2.5         # squares: a larger component (a screen, a track strip) is shown, not moved
PUT = re.compile(r"p(\d{1,6}) +(?:([a-z]\d{1,2})(?:\|([a-z]\d{1,2}))?|(hand|bag|pool|supply))")
AREAS = ("hand", "bag", "pool", "supply")


@dataclass
class Item:
    """A copy of a kit piece on the sandbox table."""

    number: int
    kind: str            # the kit piece's key
    front: str
    back: str            # "" for a one-sided piece
    owner: str           # the side it is made for, "" shared
    secret: str          # "front" or "back": the face that hides a value or identity; "" none
    size: tuple[float, float]   # in squares
    where: tuple         # ("square", s) | ("edge", a, b) | ("hand", side) | ("bag", side) | ("pool",) | ("supply",)
    up: str = "front"    # the face on top
    order: int = 0       # stacking: the latest put down lies on top

    @property
    def down(self) -> str:
        return "back" if self.up == "front" else "front"

    def face(self, which: str) -> str:
        return self.front if which == "front" else self.back

    @property
    def edge_piece(self) -> bool:
        return max(self.size) >= EDGE_RATIO * min(self.size)


class Sandbox(Seats):
    """A table for a game without rules: the same seats, keys and calls as `session.Table`."""

    def __init__(self, game: Game, seed: int | None = None):
        from ..kit.model import load_kit

        self.game = game
        self.kit = load_kit(game)
        self.rng = random.Random(seed)
        self.lock = threading.RLock()
        self.sides = [s.label for s in game.sides] or [EVERYONE]
        self._seat(self.sides)
        self.version = 0
        self.error = ""
        self._begin()

    # ------------------------------------------------------------------ the pieces
    def _begin(self) -> None:
        square = self.kit.square
        items, furniture = [], []
        for piece in self.kit.pieces:
            if piece.kind != "token":
                continue
            copies = piece.copies()
            size = (piece.width / square, piece.height / square)
            if max(size) > FURNITURE:
                furniture += [front for front, _ in dict.fromkeys(copies)]
                continue
            for front, back in copies:
                secret = piece.secret_side(front, back)
                owner = self.game.owner(front)
                where = (("hand", owner) if owner else ("pool",)) if secret else ("supply",)
                up = "back" if secret == "front" else "front"
                items.append(Item(0, piece.key, front, back or "", owner, secret, size, where, up))
        self.items: dict[int, Item] = {}
        for item in items:
            self._renumber(item)
        self.furniture = list(dict.fromkeys(furniture))
        self.order = 0
        self.shown: str | None = self.sides[0] if TABLE in self.keys.values() else None
        self.version += 1

    def _renumber(self, item: Item) -> None:
        """A fresh random number: a piece entering a hand or a bag leaves its old number behind."""
        self.items.pop(item.number, None)
        number = self.rng.randrange(100, 1_000_000)
        while number in self.items:
            number = self.rng.randrange(100, 1_000_000)
        item.number = number
        self.items[number] = item

    # ------------------------------------------------------------------ seats
    def _acting(self, seat: str) -> str:
        if seat != TABLE:
            return seat
        if self.shown is None:
            raise PlayError("pass the device first")
        return self.shown

    # ------------------------------------------------------------------ moves
    def play(self, key: str, text: str) -> None:
        """A move in the sandbox's notation (the module's docstring); raises PlayError."""
        with self.lock:
            seat = self.seat(key)
            words = text.strip().lower()
            if words == "pass":
                if seat != TABLE:
                    raise PlayError("only the hot-seat screen is passed around")
                self.shown = None
            else:
                self._act(self._acting(seat), words, text)
            self.version += 1

    def _act(self, side: str, words: str, text: str) -> None:
        if words in ("draw", "draw pool"):
            where = ("pool",) if words == "draw pool" else ("bag", side)
            inside = [item for item in self.items.values() if item.where == where]
            if not inside:
                raise PlayError("the bag is empty", move=text)
            item = self.rng.choice(sorted(inside, key=lambda i: i.number))
            item.where = ("hand", side)
            self._renumber(item)
            return
        flip = re.fullmatch(r"flip p(\d{1,6})", words)
        if flip:
            item = self._item(side, int(flip.group(1)), text)
            if not item.back:
                raise PlayError("this piece has one face", move=text)
            if item.where[0] not in ("square", "edge", "supply"):
                raise PlayError("turn a piece over on the table, not in a hand or a bag", move=text)
            item.up = item.down
            return
        put = PUT.fullmatch(words)
        if not put:
            raise PlayError("expected p12 c3, p12 c3|c4, p12 hand|bag|pool|supply, flip p12, draw or draw pool",
                            move=text)
        item = self._item(side, int(put.group(1)), text)
        a, b, area = put.group(2), put.group(3), put.group(4)
        if area:
            self._to_area(side, item, area, text)
            return
        square = self._square(a, text)
        if b:
            other = self._square(b, text)
            if sorted(map(abs, _offset(self.game, square, other))) != [0, 1]:
                raise PlayError(f"{a} and {b} are not neighbours: a piece stands on the line between two "
                                f"squares side by side", move=text)
            if not item.edge_piece:
                raise PlayError("only a long piece (a palisade, a wall) stands on a line", move=text)
            where = ("edge", min(square, other), max(square, other))
        else:
            where = ("square", square)
        if item.where[0] in ("hand", "bag", "pool") and item.secret:
            item.up = "back" if item.secret == "front" else "front"   # put down secret side down
        item.where = where
        self.order += 1
        item.order = self.order

    def _to_area(self, side: str, item: Item, area: str, text: str) -> None:
        if area in ("hand", "bag") and item.owner and item.owner != side:
            raise PlayError(f"that piece is the {self.plural(item.owner)}'s: only they take it in", move=text)
        if area == "supply":
            item.where, item.up = ("supply",), "back" if item.secret == "front" else "front"
            if item.secret:   # a secret face is never laid open by putting the piece away
                item.where = ("hand", item.owner) if item.owner else ("pool",)
                self._renumber(item)
            return
        item.where = ("pool",) if area == "pool" else (area, side)
        self._renumber(item)

    def _item(self, side: str, number: int, text: str) -> Item:
        """A piece `side` can see and reach; any other number is simply unknown."""
        item = self.items.get(number)
        if item is None or item.where[0] in ("bag", "pool") or (item.where[0] == "hand" and item.where[1] != side):
            raise PlayError(f"there is no piece p{number} within your reach", move=text)
        return item

    def _square(self, name: str, text: str) -> int:
        try:
            return self.game.board.parse_square(name)
        except ValueError as exc:
            raise PlayError(str(exc), move=text) from None

    def undo(self, key: str) -> None:
        raise PlayError("the sandbox keeps no history: move the piece back by hand")

    def answer(self, key: str, allow: bool) -> None:
        raise PlayError("there is no request to answer")

    def reveal(self, key: str, side: str | None = None) -> None:
        """Hot seat: the person holding the device says which side they play."""
        with self.lock:
            if self.seat(key) != TABLE:
                raise PlayError("only the hot-seat screen is passed around")
            if side not in self.sides:
                raise PlayError(f"say which side you play: {', '.join(self.sides)}")
            self.shown = side
            self.version += 1

    def restart(self, key: str) -> None:
        with self.lock:
            self.seat(key)
            self._begin()

    def export(self, key: str, what: str = "game") -> str:
        raise PlayError(f"{game_title(self.game)} has no rules engine, so no example blocks to export")

    # ------------------------------------------------------------------ what a seat is sent
    def payload(self, key: str, since: int | None = None) -> dict:
        with self.lock:
            seat = self.seat(key)
            side = self.shown if seat == TABLE else seat
            sides = [{"label": s.label, "plural": s.plural, "noun": s.noun, "colour": s.colour, "ai": False,
                      "home": self.game.board.home_edge(s.label)} for s in self.game.sides]
            payload = {"kind": "sandbox", "version": self.version, "title": game_title(self.game),
                       "files": self.game.board.files, "ranks": self.game.board.ranks, "sides": sides,
                       "seat": seat, "mode": "hot-seat" if seat == TABLE else "people",
                       "handover": side is None, "pass_to": None, "choose": self.sides if side is None else [],
                       "error": self.error, "notice": "", "request": None}
            if side is None:
                return payload
            pieces, counts = [], []
            for item in sorted(self.items.values(), key=lambda i: (i.order, i.number)):
                shown = self._shown(item, side)
                if shown is not None:
                    pieces.append(shown)
            for label in self.sides:
                for area in ("hand", "bag"):
                    n = sum(1 for i in self.items.values() if i.where == (area, label))
                    counts.append({"area": area, "side": label, "count": n})
            counts.append({"area": "pool", "side": "", "count": sum(1 for i in self.items.values()
                                                                      if i.where == ("pool",))})
            payload.update({"side": side, "flip": False, "pieces": pieces, "counts": counts,
                            "furniture": self.furniture, "your_turn": True})
            return payload

    def _shown(self, item: Item, side: str) -> dict | None:
        """How `side` sees a piece, or None when it cannot (another's hand or bag, a bag)."""
        place = item.where[0]
        if place in ("bag", "pool") or (place == "hand" and item.where[1] != side):
            return None
        board = self.game.board
        face, secret = item.face(item.up), None
        if place == "hand":
            face = item.face("back" if item.secret == "back" else "front")
            secret = item.back if item.secret == "back" else None
        elif item.secret == item.down and item.owner == side:
            secret = item.face(item.down)
        shown = {"id": f"p{item.number}", "face": face, "secret": secret, "owner": item.owner,
                 "size": [round(v, 3) for v in item.size], "two_sided": bool(item.back), "area": place,
                 "edge_piece": item.edge_piece}
        if place == "square":
            shown["square"] = board.square_name(item.where[1])
        elif place == "edge":
            shown["edge"] = [board.square_name(item.where[1]), board.square_name(item.where[2])]
        return shown


def _offset(game: Game, a: int, b: int) -> tuple[int, int]:
    (fa, ra), (fb, rb) = game.board.file_rank(a), game.board.file_rank(b)
    return fb - fa, rb - ra
