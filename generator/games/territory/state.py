"""A territory game's position and its rules (docs/rulings/territory.md): the deal, placing
warriors, palisades under the minimum-territory rule, passing, the end and the scoring, and what
each side may see of the hidden values.

Territories are kept square by square (`region`): a palisade only ever splits the one territory
it crosses (ruling 16), so placing one searches that territory alone (`Lines.split`), and
whether a line is legal is a search of at most K squares on each side of it (`Lines.cut_off`).

Seats are the playing sides in file order (ruling 10); `clans[seat]` is the side's index among
all the sides of the game file (its letter's). Lists of the position are replaced, never edited,
when a move changes them, so `push` saves references and a copy shares them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Sequence

from ..base import DiagramError, IllegalMoveError, Snapshot, State
from ..values import CellArt, EdgeArt, Effect, Motion, Outcome, ScoreTable
from .moves import DEAL, END, PALISADE, PASS, PLACE, Move
from .scoring import Result, UnknownValue, score
from .table import TableView

if TYPE_CHECKING:
    from .game import TerritoryGame


@dataclass(frozen=True)
class Options:
    """The rulings marked option, resolved: peek (ruling 26), K and N (ruling 27)."""

    peek: bool
    least: int   # K, the smallest territory a placement may create
    most: int    # N, the most palisades in one action


class Warrior(NamedTuple):
    """A warrior on the board: its seat and value (0: a value this position does not know)."""

    seat: int
    value: int


SNAPSHOT = Snapshot("owner", "value", "warriors", "walls", "region", "regions", "gold", "undealt", "supply", "left",
                    "palisades", "passed", "mover", "this_turn", "turn", "_outcome", "_result", "_lines")


class TerritoryState(TableView, State):
    """A position of a territory game with its history: make one with
    `TerritoryGame.new_initial_state()` (the deal comes first, as chance events) or from a
    diagram (`game.grammar.read_diagram`)."""

    snapshot = SNAPSHOT

    def __init__(self, game: "TerritoryGame", options: dict[str, object] | None = None):
        self.game = game
        self.rules = game.resolve(options)
        layout = game.layout
        self.lines, self.codec, self.mine = layout.lines, layout.codec, layout.mine
        self.size = layout.lines.size
        self.clans = game.playing
        seats = len(self.clans)
        self.sets = (game.rules.warriors(seats),) * seats   # ruling 4: each side's warriors
        pairs = self.sets[0]
        self.mean = sum(v * n for v, n in pairs) / max(1, sum(n for _, n in pairs))  # a hidden warrior's worth
        self.owner = [-1] * self.size
        self.value = [0] * self.size
        self.warriors: tuple[int, ...] = ()                   # the squares with a warrior
        self.walls = [0] * (2 * self.size)
        self.region = [0] * self.size
        self.regions = 1
        self.gold = [0] * self.size
        self.undealt = tuple(game.rules.pile_sizes)          # ruling 11: dealt before the first turn
        self.supply: tuple = self.sets
        self.left = tuple(sum(n for _, n in pairs) for pairs in self.sets)
        self.palisades = game.rules.palisade_count
        self.passed = 0                                       # a bit per seat
        self.mover = 0                                        # ruling 12: the first side starts
        self.this_turn: tuple[int, ...] = ()                  # the lines of a palisade action under way
        self.turn = 1
        self.viewer = -1                                      # a view's seat; -1: the whole position
        self._outcome: Outcome | None = None
        self._result: Result | None = None
        self._lines: tuple[int, ...] | None = None            # the legal lines, until a palisade changes them
        self._stack: list[tuple] = []
        self.move_stack: list[Move] = []

    # ----------------------------------------------------------------- reading the position
    @property
    def to_move(self):
        """The side to move (a `Side` of the game); once the game is over, the side that passed
        last (as a finished Siege game shows a side to move with no move; the diagram's `to-move`
        line says `none`)."""
        return self.game.sides[self.mover]

    def copy(self) -> "TerritoryState":
        other = TerritoryState.__new__(TerritoryState)
        other.__dict__.update(self.__dict__)
        other._stack, other.move_stack = [], []
        return other

    def piece_at(self, square: int) -> Warrior | None:
        seat = self.owner[square]
        return Warrior(seat, self.value[square]) if seat >= 0 else None

    def letter(self, seat: int) -> str:
        return self.game.rules.clans[self.clans[seat]].letter

    def in_setup(self) -> bool:
        """Whether the gold is still being dealt (ruling 11)."""
        return bool(self.undealt)

    def is_chance_node(self) -> bool:
        return bool(self.undealt) and self._outcome is None

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The next mine's pile: each size still undealt, with its share of the piles left."""
        if not self.is_chance_node():
            return []
        mine = self.game.rules.mines[len(self.game.rules.mines) - len(self.undealt)]
        counts = Counter(self.undealt)
        return [(self.codec.deal(mine, size), n / len(self.undealt)) for size, n in sorted(counts.items())]

    def scores(self) -> tuple[int, ...] | None:
        """Each seat's gold once the game is over (ruling 23); None before."""
        return self._result.scores if self._result else None

    @property
    def result(self) -> Result | None:
        """The scoring, once the game is over."""
        return self._result

    def free_squares(self) -> list[int]:
        """Squares a warrior may be placed on (ruling 14): no warrior, no mine."""
        owner, mine = self.owner, self.mine
        return [s for s in range(self.size) if owner[s] < 0 and not mine[s]]

    def legal_lines(self) -> tuple[int, ...]:
        """The free lines a palisade may stand on now (rulings 15-16), ascending; kept until a
        palisade changes them."""
        lines = self._lines
        if lines is None:
            walls, least, board = self.walls, self.rules.least, self.lines
            around, cut_off = board.around, board.cut_off
            found = []
            for line in board.inner:
                if walls[line]:
                    continue
                for first, second, third in around[line]:   # cut_off's first test, inlined: most lines pass it
                    if not (walls[first] or walls[second] or walls[third]):
                        break
                else:
                    if cut_off(walls, line, least):
                        continue
                found.append(line)
            lines = self._lines = tuple(found)
        return lines

    def values_of(self, seat: int) -> tuple[int, ...]:
        """The values `seat` may place: its supply's, or (a supply this view hides) every value of its set."""
        pairs = self.supply[seat]
        if pairs is None:
            return tuple(v for v, _ in self.sets[seat]) if self.left[seat] else ()
        return tuple(v for v, _ in pairs)

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """Every legal move, in the order of their kinds (deal, place, palisade, end, pass); empty
        once the game is over. While the gold is dealt, the deals (chance outcomes)."""
        if self._outcome is not None:
            return []
        if self.undealt:
            return [move for move, _ in self.chance_outcomes()]
        seat, codec = self.mover, self.codec
        moves: list[Move] = []
        if not self.this_turn:
            values = self.values_of(seat)
            if values:
                free = self.free_squares()
                for value in values:
                    row = codec.row(self.clans[seat], value)
                    moves += [row[s] for s in free]
        if self.palisades and len(self.this_turn) < self.rules.most:
            palisade = codec.lines_row()
            moves += [palisade[line] for line in self.legal_lines()]
        moves.append(codec.end if self.this_turn else codec.passing)
        return moves

    def why_illegal(self, move: Move) -> IllegalMoveError | None:
        """None when `move` is legal, else why, citing the ruling."""
        def refuse(reason: str, ruling: int) -> IllegalMoveError:
            return IllegalMoveError(move.text, reason, ruling)

        kind = move.kind
        if self._outcome is not None:
            return refuse("the game is over: every side has passed", 19)
        if self.undealt:
            if kind == DEAL and move in [m for m, _ in self.chance_outcomes()]:
                return None
            return refuse("the gold is still being dealt onto the mines", 11)
        if kind == DEAL:
            return refuse("the gold has been dealt already", 11)
        letter = self.letter(self.mover)
        if kind == PALISADE:
            if not self.palisades:
                return refuse("the supply of palisades is empty", 15)
            most = self.rules.most
            if len(self.this_turn) >= most:
                return refuse(f"one action places at most {most} palisade{'s' if most > 1 else ''}", 15)
            line = move.at
            if self.walls[line]:
                return refuse(f"{self.lines.name(line)} already holds a palisade", 15)
            small = self.lines.cut_off(self.walls, line, self.rules.least)
            if small:
                return refuse(f"it would close off a territory of {small} square{'s' if small > 1 else ''}, "
                              f"fewer than {self.rules.least}", 16)
            return None
        if self.this_turn:
            if kind == END:
                return None
            return refuse(f"{letter} is placing palisades this turn: another palisade, or the end of the action", 13)
        if kind == END:
            return refuse("there is no palisade action to end", 15)
        if kind == PASS:
            return None
        clan = self.clans.index(move.clan) if move.clan in self.clans else -1
        if clan != self.mover:
            return refuse(f"it is {letter}'s turn, not {self.codec.letters[move.clan]}'s", 13)
        if move.value not in self.values_of(clan):
            return refuse(f"{letter} has no warrior of value {move.value} left", 14)
        square = self.lines.geo.names[move.at]
        if self.mine[move.at]:
            return refuse(f"{square} is a gold mine", 14)
        if self.owner[move.at] >= 0:
            return refuse(f"{square} already holds a warrior", 14)
        return None

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind == PLACE:
            seat = self.mover
            owner, value = self.owner[:], self.value[:]
            owner[move.at], value[move.at] = seat, move.value
            self.owner, self.value, self.warriors = owner, value, self.warriors + (move.at,)
            pairs = self.supply[seat]
            if pairs is not None:
                self.supply = _replace(self.supply, seat, _take(pairs, move.value))
            self.left = _replace(self.left, seat, self.left[seat] - 1)
            self._next_turn()
        elif kind == PALISADE:
            walls = self.walls[:]
            walls[move.at] = 1
            self.walls = walls
            part = self.lines.split(walls, move.at)
            if part is not None:                   # ruling 16: it split its territory in two
                region = self.region[:]
                for s in part:
                    region[s] = self.regions
                self.region, self.regions = region, self.regions + 1
            self.palisades -= 1
            self._lines = None
            self.this_turn += (move.at,)
            if len(self.this_turn) >= self.rules.most or not self.palisades:
                self._next_turn()
        elif kind == PASS:
            self.passed |= 1 << self.mover
            self._next_turn()
        elif kind == END:
            self._next_turn()
        else:                                      # DEAL
            gold = self.gold[:]
            gold[move.at] = move.value
            undealt = list(self.undealt)
            undealt.remove(move.value)
            self.gold, self.undealt = gold, tuple(undealt)

    def _next_turn(self) -> None:
        """Ruling 13: the turn goes to the next side clockwise that has not passed; when every side
        has passed the game ends and is scored (ruling 19)."""
        self.this_turn = ()
        self.turn += 1
        seats = len(self.clans)
        for step in range(1, seats + 1):
            seat = (self.mover + step) % seats
            if not self.passed >> seat & 1:
                self.mover = seat
                return
        self.finish()

    def finish(self) -> None:
        """Every side has passed: the warriors are turned up and the gold scored (rulings 19-24)."""
        self._result = result = self._score()
        sides = self.game.sides
        self._outcome = Outcome(tuple(sides[seat] for seat in result.winners), "all-passed", (result.way,))

    def _score(self) -> Result:
        try:
            return score(self.owner, self.value, self.region, self.gold, len(self.clans), self.lines.files)
        except UnknownValue as exc:
            seat, name = self.owner[exc.square], self.lines.geo.names[exc.square]
            raise DiagramError(None, f"the scoring needs the value of {self.letter(seat)}? on {name}, which "
                                     f"stands in a territory holding gold: give it a value") from None

    def play_turn(self, moves: Sequence[Move]) -> None:
        """One whole turn, as a `play:` line: a warrior, `pass`, or 1 to N palisades placed
        together (ruling 15; the whole action is refused and nothing placed when one line is
        illegal). Raises IllegalMoveError with `index` set; DiagramError when the scoring needs a
        value the position does not know."""
        pushed = 0
        try:
            if len(moves) > 1 or moves[0].kind == PALISADE:
                self._check_action(moves)
            for index, move in enumerate(moves):
                error = self.why_illegal(move)
                if error is not None:
                    error.index = index
                    raise error
                pushed += 1                        # before: a scoring that raises is taken back too
                self.push(move)
            if self.this_turn and self._outcome is None:
                pushed += 1
                self.push(self.codec.end)
        except (IllegalMoveError, DiagramError):
            for _ in range(pushed):
                self.pop()
            raise

    def _check_action(self, moves: Sequence[Move]) -> None:
        """Ruling 15 for the lines of one action, before any is placed."""
        def refuse(index: int, reason: str) -> IllegalMoveError:
            return IllegalMoveError(moves[index].text, reason, 15, index)

        if self._outcome is not None or self.undealt:
            return                                  # the first move's refusal says why
        most, seen = self.rules.most - len(self.this_turn), set()
        for index, move in enumerate(moves):
            if move.kind != PALISADE:
                raise refuse(index, "one action places a warrior, palisades or a pass, not several kinds")
            if index >= most:
                raise refuse(index, f"one action places at most {self.rules.most} "
                                    f"palisade{'s' if self.rules.most > 1 else ''}")
            if move.at in seen:
                raise refuse(index, f"{self.lines.name(move.at)} is named twice")
            seen.add(move.at)
            if index >= self.palisades:
                raise refuse(index, "the supply of palisades is empty" if not self.palisades else
                             f"the supply holds only {self.palisades} palisade{'s' if self.palisades != 1 else ''}")

    # ----------------------------------------------------------------- hidden information
    def view(self, side) -> "TerritoryState":
        """What `side` sees (rulings 25-26): every other side's warriors face down (value 0) until
        the scoring, and their supplies hidden (None). Its own values stay in the view as its
        memory; they are shown (`shows`) only with the peek option."""
        seat = self.game.seat(side)
        if self._outcome is None and not self.undealt:
            self.legal_lines()               # public: found once here, not again in every view
        seen = self.copy()
        seen.viewer = seat
        if self._outcome is None:
            owner = self.owner
            seen.value = [v if owner[s] == seat else 0 for s, v in enumerate(self.value)]
        seen.supply = tuple(pairs if k == seat or not self.left[k] else None for k, pairs in enumerate(self.supply))
        return seen

    def shows(self, square: int) -> bool:
        """Whether this position shows the value of the warrior on `square` (the face up side)."""
        seat = self.owner[square]
        return bool(self.value[square]) and (self.viewer < 0 or self._outcome is not None or
                                              seat != self.viewer or self.rules.peek)

    def is_hidden(self) -> bool:
        """Whether a value or a supply is unknown here (a side's view)."""
        owner, value = self.owner, self.value
        return any(pairs is None and left for pairs, left in zip(self.supply, self.left)) or \
            any(owner[s] >= 0 and not value[s] for s in range(self.size))

    def determinize(self, rng: random.Random) -> "TerritoryState":
        """A whole position this view cannot be told from: each side's unknown warriors and hidden
        supply dealt at random from its set (ruling 4), less what the view knows of it."""
        full = self.copy()
        full.viewer = -1
        value, supply = self.value[:], list(self.supply)
        for seat, pairs in enumerate(self.supply):
            hidden = [s for s in range(self.size) if self.owner[s] == seat and not value[s]]
            if not hidden and pairs is not None:
                continue
            pool = Counter(dict(self.sets[seat]))
            pool.subtract(value[s] for s in range(self.size) if self.owner[s] == seat and value[s])
            if pairs is not None:
                pool.subtract(dict(pairs))
            drawn = sorted(pool.elements())
            rng.shuffle(drawn)
            for s in hidden:
                value[s] = drawn.pop() if drawn else 1
            if pairs is None:
                kept = Counter(drawn[:self.left[seat]])
                supply[seat] = tuple(sorted(kept.items()))
        full.value, full.supply = value, tuple(supply)
        return full

    # ----------------------------------------------------------------- pictures
    def cell_art(self, square: int) -> CellArt:
        """A mine with its gold written on it, or a warrior: its face with the value when this
        position shows it (rulings 25-26), else its back."""
        faces = self.game.faces.draw
        if self.mine[square]:
            return CellArt(ground=self.game.mine_face, badge=str(self.gold[square] or "?"), ground_inset=False)
        seat = self.owner[square]
        if seat < 0:
            return CellArt()
        key = self.game.rules.clans[self.clans[seat]].key
        shown = str(self.value[square]) if self.shows(square) else ""
        face, back = self.game.warrior_face(key, shown), self.game.warrior_face(key, "back")
        if shown and face in faces:
            return CellArt(piece=face)
        if back in faces:
            return CellArt(piece=back, badge=shown)
        return CellArt(badge=f"{self.letter(seat)}{shown or '?'}")   # a kit without a face for each side

    def edges(self) -> tuple[EdgeArt, ...]:
        """Each palisade, on the line between its two squares."""
        face, ends, walls = self.game.palisade_face, self.lines.ends, self.walls
        return tuple(EdgeArt(*ends[line], face) for line in self.lines.inner if walls[line])

    def move_edge(self, move: Move) -> tuple[int, int] | None:
        """The two squares of a palisade move's line (legal or not)."""
        return self.lines.ends[move.at] if move.kind == PALISADE else None

    def tint_groups(self) -> list[int] | None:
        """The territories (ruling 9), numbered in reading order, when there are several."""
        if self.regions == 1:
            return None
        number: dict[int, int] = {}
        from .scoring import groups
        for n, squares in enumerate(groups(self.region, self.lines.files)):
            number[self.region[squares[0]]] = n
        return [number[r] for r in self.region]

    def score_table(self) -> ScoreTable | None:
        """Once the game is over: each territory with gold or warriors (its tint, size, gold, each
        side's strength, who takes what), then the scores (rulings 21-23)."""
        result = self._result
        if result is None:
            return None
        letters = [self.letter(seat) for seat in range(len(self.clans))]
        rows = []
        for group, territory in enumerate(result.territories):
            present = {self.owner[s] for s in territory.squares if self.owner[s] >= 0}
            if not territory.gold and not present:
                continue
            takes = "nobody" if not territory.takers else \
                f"{'+'.join(letters[seat] for seat in territory.takers)} {territory.take}" + \
                (" each" if len(territory.takers) > 1 else "")
            rows.append((group, (f"{len(territory.squares)} squares", str(territory.gold),
                                 *(str(territory.strengths[seat]) if seat in present else "-"
                                   for seat in range(len(letters))), takes)))
        winners = "+".join(letters[seat] for seat in result.winners)
        verdict = f"{winners} wins" if len(result.winners) == 1 else f"{winners} share"
        rows.append((None, ("score", "", *(str(points) for points in result.scores), verdict)))
        return ScoreTable(("territory", "gold", *letters, "takes"), tuple(rows))

    def effect(self, move: Move) -> Effect:
        return Effect(motions=self.motions(move))

    def motions(self, move: Move) -> list[Motion]:
        """A placed warrior comes onto its square; palisades, passes and deals move no piece."""
        if move.kind != PLACE:
            return []
        return [Motion(None, move.at, self.game.rules.clans[move.clan].key, "move")]

    def notes(self) -> str:
        """The supply of palisades and who has passed, in words; the score once it is over."""
        parts = [f"Palisades left: {self.palisades}."]
        names = [self.game.sides[seat].noun for seat in range(len(self.clans)) if self.passed >> seat & 1]
        if names and self._outcome is None:
            parts.append(f"Passed: {', '.join(names)}.")
        if self.this_turn and self._outcome is None:
            parts.append(f"Placing palisades: {', '.join(self.lines.name(line) for line in self.this_turn)}.")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<TerritoryState\n{self.diagram()}>"


def _replace(values: tuple, index: int, new) -> tuple:
    return values[:index] + (new,) + values[index + 1:]


def _take(pairs: tuple[tuple[int, int], ...], value: int) -> tuple[tuple[int, int], ...]:
    """A supply with one warrior of `value` taken out."""
    return tuple((v, n - (v == value)) for v, n in pairs if n - (v == value) > 0)
