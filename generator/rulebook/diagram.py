"""An example block drawn as a diagram: the same `Replay` that `pnp check` judged, as a flowable.

`trace(replay)` (no reportlab) asks the engine what each of the example's moves did
(`State.effect`): who moved, which pieces were pushed where, which were removed and which flipped. `ExampleDiagram` draws it: the before board cropped to the part that matters, with
rank and file labels, an arrow for each move (numbered when there are several, each side in
their own colours, pushed pieces' paths dashed), and beside it the after board (removed pieces as
ghosts with a cross where they were pushed to) or an "illegal" panel with the engine's reason.
A block that failed the check (drawn only when the build is forced) gets a red frame and the
check's report.

Piece faces, terrain and markers are the kit's own art (the game's `FaceSet`, through
`State.cell_art`), so a diagram shows the pieces the player cut out. Any game's board size works.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from ..examples import Replay, differences
from ..games.base import Effect, State
from ..games.values import TINTS
from ..kit.faces import FaceSet, draw_face
from ..pdf import BOLD as SERIF_BOLD, ITALIC as SERIF_ITALIC, MONO, SERIF, Forms, bold_safe, escape, wrap
from .markdown import ACCENT, INK, RULE, Styles

PUSH_INK = colors.HexColor("#5b5247")
FAIL = colors.HexColor("#d0021b")
LIGHT = colors.HexColor("#f3ecdf")
DARK = colors.HexColor("#e4d8c3")
PANEL = colors.HexColor("#fbf8f2")
GRASS = colors.HexColor("#a7b98f")
EDGE = colors.HexColor("#8a7d6a")
LABEL_INK = colors.HexColor("#6b5f50")


# ----------------------------------------------------------------- what happened (no drawing)
@dataclass
class Arrow:
    frm: tuple[float, float]  # (file, rank), 0-based; may lie off the board
    to: tuple[float, float]
    side: str                 # the side's label
    kind: str                 # "step", "push" (a pushed piece), "support" (a piece lending its strength),
    #                           "deploy", "strike" (a blow at a square, the piece staying), "command" (an order
    #                           from a piece to the piece it moves)
    number: int = 0           # the move's number when a block has several (0: none)
    illegal: bool = False


@dataclass
class Ghost:
    """A piece removed from play, drawn on the after board where it was pushed to."""

    at: tuple[float, float]   # (file, rank) it was pushed to; may be off the board
    face: str
    frm: tuple[int, int]      # (file, rank) it was pushed from


@dataclass
class Trace:
    before: State
    after: State | None       # None when the last play was rejected
    arrows: list[Arrow] = field(default_factory=list)
    ghosts: list[Ghost] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)  # squares of pieces revealed by a flip
    illegal: str | None = None
    refused_edges: list = field(default_factory=list)  # the lines a refused play would have put pieces on


def trace(replay: Replay) -> Trace:
    """What each move of `replay` did, line by line from the states the check kept: arrows,
    ghosts and flips for the drawing; the move the check refused is drawn crossed out."""
    example = replay.example
    result = Trace(replay.states[0], None)
    done = []   # (state before, effect, refused) of each move played, up to a refused one
    for line, play in enumerate(example.plays):
        state = replay.states[line].copy()
        for index, move in enumerate(play.moves):
            if replay.rejected == (line, index):
                done.append((state.copy(), Effect(state.motions(move)), True))
                result.illegal = _sentence(replay.illegal)
                before = replay.states[line]      # the whole turn is refused: all it would place
                result.refused_edges = [edge for m in play.moves if (edge := before.move_edge(m))]
                break
            done.append((state.copy(), state.effect(move), False))
            state.push(move)
        if result.illegal:
            break
    # moves that draw nothing (a draw from a bag, say) take no number
    total = sum(1 for _, effect, _ in done if effect.motions)
    number = 0
    for state, effect, refused in done:
        number += bool(effect.motions)
        _add(state, effect, result, number if total > 1 else 0, illegal=refused)
    if not result.illegal:
        result.after = replay.final
    return result


def _add(state: State, effect: Effect, result: Trace, number: int, illegal: bool = False) -> None:
    """A move's arrows (the acting pieces' first: the mover's carries the number), ghosts, flips."""
    board = state.game.board
    for motion in effect.motions:
        kind = {"move": "step", "support": "support", "push": "push", "strike": "strike",
                "command": "command"}[motion.role]
        if motion.frm is None:
            to = _at(board, motion.to)
            result.arrows.append(Arrow(to, to, motion.side, "deploy", number, illegal))
        else:
            acting = kind in ("step", "strike")
            result.arrows.append(Arrow(_at(board, motion.frm), _at(board, motion.to), motion.side, kind,
                                       number if acting else 0, illegal and kind != "push"))
    for removal in effect.removals:
        result.ghosts.append(Ghost(_at(board, removal.at), removal.face, board.file_rank(removal.frm)))
    result.flipped += effect.flipped


def _at(board, where) -> tuple[float, float]:
    """(file, rank), 0-based, of a square or of an off-board (file, rank) pair."""
    return board.file_rank(where) if isinstance(where, int) else where


# ----------------------------------------------------------------- the part of the board shown
@dataclass(frozen=True)
class Crop:
    files: tuple[int, int]  # first and last file shown, inclusive (may reach -1 or N: off-board room)
    ranks: tuple[int, int]


def crop_for(t: Trace, states: list[State]) -> Crop:
    """The files and ranks that matter: every piece, every arrow end and ghost, one square of
    context around them, at least 4 x 4 squares; the whole board's width when most of it is used."""
    board = states[0].game.board
    last_f, last_r = board.files - 1, board.ranks - 1
    occupied = {s for state in states for s in range(board.size) if state.piece_at(s) is not None}
    occupied |= {s for state in states for edge in state.edges() for s in (edge.a, edge.b)}
    occupied |= {s for state in states for s in range(board.size)   # a ground with a label (a number on it)
                 if (art := state.cell_art(s)).piece is None and art.badge}
    points: list[tuple[float, float]] = [board.file_rank(s) for s in occupied]
    for a in t.arrows:
        if a.kind != "deploy":
            points += [a.frm, a.to]
        else:
            points.append(a.to)
    points += [g.at for g in t.ghosts]
    if not points:
        return Crop((0, last_f), (0, last_r))
    fs = [p[0] for p in points]
    rs = [p[1] for p in points]
    f0, f1 = max(min(fs) - 1, 0), min(max(fs) + 1, last_f)
    r0, r1 = max(min(rs) - 1, 0), min(max(rs) + 1, last_r)
    # ghosts pushed off the board need a column or row of room
    f0, f1 = min(f0, min(fs)), max(f1, max(fs))
    r0, r1 = min(r0, min(rs)), max(r1, max(rs))
    f0, f1 = _widen(int(f0), int(f1), 4, last_f)
    r0, r1 = _widen(int(r0), int(r1), 4, last_r)
    if f1 - f0 + 1 >= 6 * board.files / 8:
        f0, f1 = min(f0, 0), max(f1, last_f)
    if r1 - r0 + 1 >= 6 * board.ranks / 8:
        r0, r1 = min(r0, 0), max(r1, last_r)
    return Crop((f0, f1), (r0, r1))


def _widen(a: int, b: int, least: int, last: int) -> tuple[int, int]:
    least = min(least, last + 1)      # a board narrower than `least` is shown whole
    while b - a + 1 < least:
        if b < last:
            b += 1
        if b - a + 1 < least and a > 0:
            a -= 1
    return a, b


def _cross(c, cx: float, cy: float, half: float, width: float) -> None:
    """An X centred on (cx, cy), in the current stroke colour: "refused" or "removed"."""
    c.setLineWidth(width)
    c.setLineCap(1)
    c.line(cx - half, cy - half, cx + half, cy + half)
    c.line(cx - half, cy + half, cx + half, cy - half)


FACE_UNIT = 100.0  # the kit's art is drawn in a 100-unit box, then scaled


def _forms(canvas) -> Forms:
    """The rulebook's form XObjects on `canvas` (its own, or the kit's)."""
    forms = canvas.__dict__.get("_rulebook_forms")
    if forms is None:
        forms = canvas._rulebook_forms = Forms(canvas)
    return forms


def _face(canvas, faces: FaceSet, face: str, x: float, y: float, size: float) -> None:
    """The kit's own art for `face` in the square (x, y, size), lower-left corner, points; a face of
    the far side turned 180 degrees (a tile faces its owner). At diagram size the faces print no
    text (the kit drops labels below 20 mm anyway). Each face is drawn once per PDF as a form
    XObject and reused, as the kit does for its pieces."""
    forms = _forms(canvas)
    name = forms.get(("rulebook-face", face), (0, 0, FACE_UNIT, FACE_UNIT),
                     lambda c: draw_face(c, faces, face, 0, 0, FACE_UNIT, label=""))
    if face in faces.turned:
        canvas.saveState()
        canvas.translate(x + size, y + size)
        canvas.rotate(180)
        forms.place(name, 0, 0, size / FACE_UNIT)
        canvas.restoreState()
    else:
        forms.place(name, x, y, size / FACE_UNIT)


class FaceStrip(Flowable):
    """Faces of the kit in a row (`![...](face:NAME)` in a table cell): the pieces as the player
    cut them out, beside the words that name them."""

    SIZE = 22.0   # points: 7.8 mm, the art still recognisable
    GAP = 3.0

    def __init__(self, faces: FaceSet, names: list[str]):
        super().__init__()
        self.faces, self.names = faces, names

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        per_row = max(1, int((available_width + self.GAP) // (self.SIZE + self.GAP)))
        rows = math.ceil(len(self.names) / per_row)
        self.per_row = per_row
        self.width = min(len(self.names), per_row) * (self.SIZE + self.GAP) - self.GAP
        self.height = rows * (self.SIZE + self.GAP) - self.GAP
        return self.width, self.height

    def draw(self) -> None:
        for k, name in enumerate(self.names):
            row, col = divmod(k, self.per_row)
            _face(self.canv, self.faces, name, col * (self.SIZE + self.GAP),
                  self.height - (row + 1) * self.SIZE - row * self.GAP, self.SIZE)


# ----------------------------------------------------------------- the flowable
class ExampleDiagram(Flowable):
    """One example block, drawn: caption, before board with arrows, and the result beside it."""

    LABEL = 10.0      # room for rank and file labels, points
    GAP = 34.0        # between the two boards (the "then" arrow lives here)
    PAD = 8.0
    SIDE_GAP = 16.0   # between the boards and the text beside them
    MIN_SIDE = 110.0  # narrower than this, the text goes under the boards
    MAX_SIDE = 190.0

    def __init__(self, replay: Replay, styles: Styles):
        super().__init__()
        self.replay, self.styles = replay, styles
        self.game = replay.example.game
        self.board = replay.states[0].game.board  # the block's own grid, which may be smaller than the game's
        self.faces = self.game.faces
        self.side_ink = {side.label: colors.HexColor(side.colour) for side in self.game.sides}
        self.trace = trace(replay)
        self.shown = replay.example.grammar.shown   # a block compared through one side's view shows it
        self.table = replay.final.score_table() if self.trace.after is not None else None
        self.failed = not replay.passed
        self.crop = crop_for(self.trace, [self.trace.before, replay.final])  # final: after the accepted plays
        self.nf = self.crop.files[1] - self.crop.files[0] + 1
        self.nr = self.crop.ranks[1] - self.crop.ranks[0] + 1
        title = replay.example.title or f"Example ({replay.example.where()})"
        self.caption = Paragraph(bold_safe(escape(title)), styles.caption)
        self.text = self._side_text()
        self.laid_out_width: float | None = None  # the width of the last wrap
        self.hAlign = "CENTER"
        self.scale = 1.0  # less to fill the foot of a page (`shrink_to`), never below MIN_SCALE

    # layout --------------------------------------------------------------
    def _side_text(self) -> Paragraph | None:
        """The play, the result and (for a failing block) the check's complaint, as a paragraph."""
        s = self.styles
        lines = []
        for n, play in enumerate(self.replay.example.plays):
            mover = self.replay.states[n].to_move      # None: a play after the end, refused
            side = f"<i>{self.game.side_of(mover).plural}:</i> " if mover is not None else ""
            moves = f'<font face="{MONO}" size="8">{escape(self.replay.example.grammar.play_text(play.moves))}</font>'
            lines.append(f"{side}{moves}")
        if self.trace.illegal:
            lines.append(f'<font color="#a3301d"><b>Illegal.</b></font> {escape(self.trace.illegal)}')
        outcome = self.trace.after.outcome() if self.trace.after else None
        if outcome:                       # a win, or a draw (a game's turn cap, say)
            head, why = self.game.describe_outcome(outcome)
            lines.append(f"<b>{escape(head)}</b>" + (f" ({escape(why)})." if why else "."))
        if self.failed:
            report = self.replay.report.splitlines()[0] if self.replay.report else "failed"
            lines.append(f'<font color="#d0021b"><b>Fails the check:</b> {escape(report)}</font>')
        return Paragraph("<br/>".join(lines), s.small) if lines else None

    def _boards_width(self, s: float) -> float:
        one = self.LABEL + self.nf * s
        return one if self.trace.illegal else 2 * one + self.GAP - self.LABEL * 0.3

    MIN_SCALE = 0.8  # a diagram shrinks this far to stay on a page (pieces still 4.6 mm across)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if available_width != self.laid_out_width:  # else measured again (a KeepTogether, then the frame)
            self._measure(available_width, available_height)
        return self.width * self.scale, self.height * self.scale

    def shrink_to(self, height: float) -> bool:
        """Scale the diagram down to `height` if that keeps it at MIN_SCALE or more (True), else
        leave it at full size (False)."""
        scale = height / self.height
        self.scale = scale if self.MIN_SCALE <= scale < 1 else 1.0
        return self.scale == scale

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Not split, but shrunk to the room left when that is enough (else: the next page)."""
        self.wrap(available_width, available_height)
        return [self] if self.shrink_to(available_height - 0.01) else []

    def _measure(self, available_width: float, available_height: float) -> None:
        self.width = self.laid_out_width = available_width
        inner = available_width - 2 * self.PAD
        self.s = min(self.game.diagram_square, (inner - self.GAP - 2 * self.LABEL) / (2 * self.nf))
        self.caption_h = self.caption.wrap(inner, available_height)[1]
        self.board_h = self.nr * self.s
        states = [self.trace.before] + ([self.trace.after] if self.trace.after else [])
        self.notes = [self._status_lines(state) for state in states]  # under each board, in order
        notes = max(map(len, self.notes))
        self.notes_h = self.styles.small.leading * 1.3 * max(1, notes)
        self.table_h = (len(self.table.rows) + 1) * self.TABLE_ROW + 6 if self.table else 0
        boards_h = 11 + self.board_h + self.LABEL + self.notes_h + self.table_h
        side_w = inner - self._boards_width(self.s) - self.SIDE_GAP
        self.beside = side_w >= self.MIN_SIDE
        if self.text is None:
            self.text_w = self.text_h = 0
        elif self.beside:
            self.text_w = min(side_w, self.MAX_SIDE)
            self.text_h = self.text.wrap(self.text_w, available_height)[1]
        else:
            self.text_w = inner
            self.text_h = self.text.wrap(inner, available_height)[1] + 4
        body = max(boards_h, self.text_h) if self.beside else boards_h + self.text_h
        self.height = self.PAD + self.caption_h + 3 + body + self.PAD

    # drawing -------------------------------------------------------------
    def draw(self) -> None:
        c = self.canv
        w, h = self.width, self.height
        c.saveState()
        c.scale(self.scale, self.scale)
        c.setFillColor(PANEL)
        c.setStrokeColor(FAIL if self.failed else RULE)
        c.setLineWidth(2.2 if self.failed else 0.6)
        c.roundRect(0, 0, w, h, 5, stroke=1, fill=1)
        top = h - self.PAD
        self.caption.drawOn(c, self.PAD, top - self.caption_h)
        if self.failed:
            c.setFillColor(FAIL)
            c.setFont(SERIF_BOLD, 8)
            c.drawRightString(w - self.PAD, top - 8, "FAILS THE CHECK")
        s, t = self.s, self.trace
        board_w = self.nf * s
        head_y = top - self.caption_h - 3 - 8  # baseline of "Before" / "After"
        board_y = head_y - 3 - self.board_h
        x0 = self.PAD + self.LABEL
        self._heading(x0, head_y, "Before — " + _to_move(t.before))
        self._board(x0, board_y, t.before, arrows=t.arrows, highlight=None, refused_edges=t.refused_edges)
        self._status(x0, board_y - self.LABEL, self.notes[0])
        end = x0 + board_w
        if not t.illegal:
            x1 = x0 + board_w + self.GAP
            self._then_arrow(x0 + board_w + 5, x1 - self.LABEL - 3, board_y + self.board_h / 2)
            after = t.after
            self._heading(x1, head_y, "After — " + _to_move(after))
            self._board(x1, board_y, after, ghosts=t.ghosts, highlight=self._differences(after),
                        flipped=t.flipped, new_edges=set(after.edges()) - set(t.before.edges()))
            self._status(x1, board_y - self.LABEL, self.notes[1])
            end = x1 + board_w
            if self.table:
                self._table(x0 - self.LABEL * 0.2, board_y - self.LABEL - self.notes_h - 4, end - x0, after)
        if self.text is not None:
            if self.beside:
                tx = end + self.SIDE_GAP
                ty = max(board_y + self.board_h / 2 - self.text_h / 2, self.PAD)
                ty = min(ty, head_y + 8 - self.text_h)
                c.setStrokeColor(RULE)
                c.setLineWidth(0.6)
                c.line(tx - self.SIDE_GAP / 2, ty, tx - self.SIDE_GAP / 2, ty + self.text_h)
                self.text.drawOn(c, tx, ty)
            else:
                self.text.drawOn(c, self.PAD, self.PAD)
        c.restoreState()

    def _differences(self, after: State) -> set[int]:
        """Squares where a failing example's actual result differs from the block's expectation."""
        return set(differences(self.replay.example, after)) if self.failed else set()

    def _heading(self, x: float, y: float, text: str) -> None:
        c = self.canv
        c.setFillColor(INK)
        c.setFont(SERIF_ITALIC, 8.5)
        c.drawString(x, y, text)

    STATUS_SIZE = 7.0

    def _status_lines(self, state: State) -> list[str]:
        """The state's notes under its board, wrapped to the board's width (a narrow crop gets
        several lines rather than text running into the next board)."""
        text = state.notes()
        if not text:
            return []
        return wrap(text, SERIF, self.STATUS_SIZE, self.nf * self.s + self.LABEL)

    def _status(self, x: float, y: float, lines: list[str]) -> None:
        c = self.canv
        c.setFillColor(INK)
        c.setFont(SERIF, self.STATUS_SIZE)
        for n, line in enumerate(lines):
            c.drawString(x - self.LABEL * 0.2, y - self.STATUS_SIZE - 2 - n * self.STATUS_SIZE * 1.2, line)

    def _xy(self, x: float, y: float, f: float, r: float) -> tuple[float, float]:
        """Centre of square (file f, rank r) for a board drawn at (x, y)."""
        s = self.s
        return x + (f - self.crop.files[0] + .5) * s, y + (r - self.crop.ranks[0] + .5) * s

    def _board(self, x: float, y: float, state: State, arrows=(), ghosts=(), highlight=None, flipped=(),
               new_edges=frozenset(), refused_edges=()) -> None:
        c, s = self.canv, self.s
        (f0, f1), (r0, r1) = self.crop.files, self.crop.ranks
        board = self.board
        c.saveState()
        on = [(f, r) for r in range(max(r0, 0), min(r1, board.ranks - 1) + 1)
              for f in range(max(f0, 0), min(f1, board.files - 1) + 1)]
        shown = self.shown(state)
        cells = [shown.cell_art(board.files * r + f) for f, r in on]
        _forms(c).place(self._background(on, cells), x, y)
        self._tints(x, y, on, shown.tint_groups())
        for edge in shown.edges():
            self._edge(x, y, edge.a, edge.b, edge.face, ACCENT if edge in new_edges else None)
        for a, b in refused_edges:
            self._edge(x, y, a, b, None, FAIL, refused=True)
        # pieces
        for (f, r), cell in zip(on, cells):
            if cell.piece is None and cell.badge:   # a labelled ground: its number, large
                cx, cy = self._xy(x, y, f, r)
                c.setFillColor(INK)
                c.setFont(SERIF_BOLD, s * .46)
                c.drawCentredString(cx, cy - s * .16, cell.badge)
            if cell.piece is not None:
                self._piece(x + (f - f0) * s, y + (r - r0) * s, cell)
                if board.files * r + f in flipped:
                    cx, cy = self._xy(x, y, f, r)
                    c.setFillColor(ACCENT)
                    c.setFont(SERIF_BOLD, s * .26)
                    c.drawCentredString(cx, y + (r - r0) * s + s * .02, "flipped")
        for ghost in ghosts:
            self._ghost(x, y, ghost, state)
        for square in sorted(highlight or ()):
            f, r = board.file_rank(square)
            if f0 <= f <= f1 and r0 <= r <= r1:
                c.setStrokeColor(FAIL)
                c.setLineWidth(1.8)
                c.rect(x + (f - f0) * s + 1, y + (r - r0) * s + 1, s - 2, s - 2, stroke=1, fill=0)
        arrows = sorted(arrows, key=lambda a: a.kind != "push")
        drawn = [(arrow, ends) for arrow in arrows if (ends := self._ends(x, y, arrow)) is not None]
        spots = self._badge_spots(x, y, drawn)
        for arrow, ends in drawn:
            self._arrow(arrow, ends, spots.get(id(arrow)))
        c.restoreState()

    def _background(self, on: list[tuple[int, int]], cells: list) -> str:
        """The board under the pieces, as a form XObject to place at the board's corner: the
        squares `on` the board with their ground art (`cells`), the edges and the rank and file
        labels. Drawn once for all the boards of the same crop, size and ground."""
        s, board = self.s, self.board
        (f0, f1), (r0, r1) = self.crop.files, self.crop.ranks
        last_f, last_r = board.files - 1, board.ranks - 1
        bf0, bf1, br0, br1 = max(f0, 0), min(f1, last_f), max(r0, 0), min(r1, last_r)  # the board's part
        grounds = tuple((cell.ground, cell.ground_inset) for cell in cells)
        letters = tuple(board.file_letter(f) for f in range(bf0, bf1 + 1))
        room = 3 * self.LABEL  # the labels and the edge lines lie outside the squares
        box = (-room, -room, self.nf * s + room, self.nr * s + room)

        def draw(c) -> None:
            for (f, r), (ground, ground_inset) in zip(on, grounds):
                sx, sy = (f - f0) * s, (r - r0) * s
                c.setFillColor(LIGHT if (f + r) % 2 else DARK)
                c.rect(sx, sy, s, s, stroke=0, fill=1)
                if ground:
                    inset = s * .06 if ground_inset else 0
                    _face(c, self.faces, ground, sx + inset, sy + inset, s - 2 * inset)
            # board edges: solid where the real board ends, faded where the crop cuts it
            c.setLineWidth(0.5)
            c.setStrokeColor(EDGE)
            bx, by = (bf0 - f0) * s, (br0 - r0) * s
            bw, bh = (bf1 - bf0 + 1) * s, (br1 - br0 + 1) * s
            c.rect(bx, by, bw, bh, stroke=1, fill=0)
            c.setLineWidth(1.6)
            c.setStrokeColor(INK)
            if bf0 == 0:
                c.line(bx, by, bx, by + bh)
            if bf1 == last_f:
                c.line(bx + bw, by, bx + bw, by + bh)
            if br0 == 0:
                c.line(bx, by, bx + bw, by)
            if br1 == last_r:
                c.line(bx, by + bh, bx + bw, by + bh)
            # labels, outside the drawn area: ranks right-aligned, files centred, one text object
            c.setFillColor(LABEL_INK)
            labels = c.beginText()
            labels.setFont(SERIF, 7)
            for r in range(br0, br1 + 1):
                label = str(r + 1)
                labels.setTextOrigin(-2.5 - stringWidth(label, SERIF, 7), (r - r0 + .5) * s - 2.4)
                labels.textOut(label)
            for f, letter in zip(range(bf0, bf1 + 1), letters):
                labels.setTextOrigin((f - f0 + .5) * s - stringWidth(letter, SERIF, 7) / 2, -7.5)
                labels.textOut(letter)
            c.drawText(labels)

        key = ("rulebook-board", board.files, board.ranks, self.crop, s, letters, grounds)
        return _forms(self.canv).get(key, box, draw)

    def _tints(self, x: float, y: float, on: list[tuple[int, int]], groups: list[int] | None) -> None:
        """Each group of squares (`State.tint_groups`) washed in a colour of its own."""
        if not groups:
            return
        c, s = self.canv, self.s
        (f0, _), (r0, _) = self.crop.files, self.crop.ranks
        c.saveState()
        for f, r in on:
            c.setFillColor(tint_colour(groups[self.board.files * r + f]))
            c.setFillAlpha(TINT_ALPHA)       # after the colour, which brings its own alpha
            c.rect(x + (f - f0) * s, y + (r - r0) * s, s, s, stroke=0, fill=1)
        c.restoreState()

    def _edge(self, x: float, y: float, a: int, b: int, face: str | None, halo=None, refused: bool = False) -> None:
        """A piece standing on the line between squares `a` and `b` (a wall): the kit's face
        stretched along the line (a plain bar without one), on a `halo` of colour when it stands
        out (just placed, or refused: then faded and crossed)."""
        c, s, board = self.canv, self.s, self.board
        (f0, _), (r0, _) = self.crop.files, self.crop.ranks
        (fa, ra), (fb, rb) = board.file_rank(a), board.file_rank(b)
        thick = s * EDGE_THICKNESS
        c.saveState()
        if ra == rb:                       # side by side: the line between them runs up the board
            c.translate(x + (max(fa, fb) - f0) * s, y + (ra - r0) * s)
            c.rotate(90)
        else:
            c.translate(x + (fa - f0) * s, y + (max(ra, rb) - r0) * s)
        if halo is not None:
            c.setFillColor(halo)
            c.roundRect(-1.2, -thick / 2 - 1.4, s + 2.4, thick + 2.8, 1.5, stroke=0, fill=1)
        if refused:
            c.setFillAlpha(0.45)
        if face is not None and face in self.faces.draw:
            forms = _forms(c)
            name = forms.get(("rulebook-edge", face, s), (0, 0, s, thick),
                             lambda canvas: draw_face(canvas, self.faces, face, 0, 0, (s, thick), label=""))
            forms.place(name, 0, -thick / 2)
        else:                              # a kit without the piece: a plain bar
            c.setFillColor(INK)
            c.rect(0, -thick / 4, s, thick / 2, stroke=0, fill=1)
        c.restoreState()
        if refused:
            cx, cy = self._xy(x, y, *((fa + fb) / 2, (ra + rb) / 2))
            self._cross(cx, cy, s * .17)

    TABLE_ROW = 8.6
    TABLE_SIZE = 6.8

    def _table(self, x: float, top: float, width: float, state: State) -> None:
        """The finished game's table (`State.score_table`): a heading row, then a row per entry,
        each with a swatch of its group's tint."""
        c, table = self.canv, self.table
        groups = state.tint_groups()
        size, row = self.TABLE_SIZE, self.TABLE_ROW
        first = width * .26
        rest = (width - first) / (len(table.columns) - 1)
        widths = [first] + [rest] * (len(table.columns) - 1)
        c.saveState()
        y = top - size
        for n, (group, cells) in enumerate([(None, table.columns), *table.rows]):
            last = n == len(table.rows) and group is None     # the totals row
            font = SERIF_BOLD if n == 0 or last else SERIF
            if last:
                c.setStrokeColor(RULE)
                c.setLineWidth(0.5)
                c.line(x, y + size + 1, x + width, y + size + 1)
            cx = x
            if group is not None and groups:
                c.setFillColor(tint_colour(group))
                c.rect(cx, y - 0.5, size, size, stroke=0, fill=1)
            for k, (text, w) in enumerate(zip(cells, widths)):
                c.setFillColor(INK)
                c.setFont(font, size)
                at = cx + (size + 2 if k == 0 else 0)
                while stringWidth(text, font, size) > w - 3 and len(text) > 2:
                    text = text[:-1]
                c.drawString(at, y, text)
                cx += w
            y -= row
        c.restoreState()

    def _badge_spots(self, x: float, y: float, drawn) -> dict[int, tuple[float, float]]:
        """Where each numbered arrow's badge goes (by id of the arrow; `drawn`: the arrows with
        their ends): see `badge_spots`; the board's square is the room (the rank and file labels
        lie outside it) and the crosses of refused moves are avoided."""
        s, r = self.s, self.badge_radius
        numbered, crosses, lines = [], [], []
        for arrow, ends in drawn:
            lines.append(ends)
            cross = self._cross_spot(arrow, ends)
            if cross is not None:
                crosses.append(cross)
            if arrow.number:
                numbered.append((arrow, ends))
        pieces = [(*self._xy(x, y, f, r_), s * .3) for f, r_ in self._occupied()]
        pieces += [(cx + s * .32, cy + s * .32, s * .17) for cx, cy in     # their letter badges
                   (self._xy(x, y, f, r_) for f, r_ in self._occupied()
                    if self.trace.before.cell_art(self.board.files * r_ + f).badge)]
        spots = badge_spots([ends for _, ends in numbered], r, s * .06,
                            (x, y, x + self.nf * s, y + self.nr * s), crosses + pieces, lines)
        return {id(arrow): spot for (arrow, _), spot in zip(numbered, spots)}

    def _occupied(self) -> list[tuple[int, int]]:
        """(file, rank) of every square a piece stands on before the moves, in the crop."""
        board, state = self.board, self.trace.before
        return [board.file_rank(square) for square in range(board.size) if state.piece_at(square) is not None]

    @property
    def badge_radius(self) -> float:
        return max(3.6, self.s * .2)

    def _piece(self, x: float, y: float, cell) -> None:
        c, s = self.canv, self.s
        size = s * .78
        inset = (s - size) / 2
        if cell.turned:  # a piece facing the far side of the table: its art upside down
            c.saveState()
            c.translate(x + s / 2, y + s / 2)
            c.rotate(180)
            _face(c, self.faces, cell.piece, -size / 2, -size / 2, size)
            c.restoreState()
        else:
            _face(c, self.faces, cell.piece, x + inset, y + inset, size)
        if cell.ground and cell.ground_inset:  # the marked ground it stands on, shown in its corner
            m = s * GROUND_CORNER
            c.saveState()
            c.setFillColor(colors.white)
            c.rect(x, y + s - m, m, m, stroke=0, fill=1)
            c.restoreState()
            _face(c, self.faces, cell.ground, x + s * .02, y + s - m + s * .02, m - s * .04)
        if cell.badge:  # a hidden identity the example's reader is told (a reverse)
            self._badge(x + s * .82, y + s * .82, s * .17, cell.badge, colors.white, INK)
        for face, corner in cell.overlays:
            m = s * OVERLAY_SIZE[corner]
            _face(c, self.faces, face, x + (s - m if corner == "br" else 0), y, m)

    def _badge(self, cx: float, cy: float, r: float, text: str, fill, ink) -> None:
        c = self.canv
        c.saveState()
        c.setFillColor(fill)
        c.setStrokeColor(ink)
        c.setLineWidth(0.5)
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setFillColor(ink)
        c.setFont(SERIF_BOLD, r * 1.45)
        c.drawCentredString(cx, cy - r * .5, text)
        c.restoreState()

    def _cross(self, cx: float, cy: float, r: float) -> None:
        """A white disc with a red cross: "this move is refused"."""
        c = self.canv
        c.saveState()
        c.setFillColor(colors.white)
        c.setStrokeColor(FAIL)
        c.setLineWidth(0.8)
        c.circle(cx, cy, r, stroke=1, fill=1)
        _cross(c, cx, cy, r * .45, max(1.2, r * .28))
        c.restoreState()

    def _ghost(self, x: float, y: float, ghost: Ghost, after: State) -> None:
        """A removed piece, faded, with a red cross: on the square it was pushed to when that is
        empty (off the board, say), else on the edge it was pushed across, smaller."""
        c, s = self.canv, self.s
        f, r = ghost.at
        cx, cy = self._xy(x, y, f, r)
        size = s * .62
        board = self.board
        on_board = 0 <= f < board.files and 0 <= r < board.ranks
        if on_board and after.piece_at(board.files * int(r) + int(f)) is not None:
            if tuple(ghost.frm) == (f, r):   # taken where the taker now stands: in the square's corner
                cx, cy, size = cx + s * .3, cy + s * .3, s * .44
            else:
                ox, oy = self._xy(x, y, *ghost.frm)
                cx, cy, size = (cx + ox) / 2, (cy + oy) / 2, s * .5
        shared = size < s * .62   # between two live pieces, or in a corner: a chip of its own
        c.saveState()
        if shared:
            c.setFillColor(colors.white)
            c.setStrokeColor(FAIL)
            c.setLineWidth(0.8)
            c.circle(cx, cy, size * .62, stroke=1, fill=1)
        c.setFillAlpha(0.45)
        c.setStrokeAlpha(0.45)
        _face(c, self.faces, ghost.face, cx - size / 2, cy - size / 2, size)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(FAIL)
        _cross(c, cx, cy, size * (.3 if shared else .42), max(1.2 if shared else 1.4, s * .06))
        c.restoreState()

    def _style(self, arrow: Arrow) -> tuple[float, float, float, float]:
        """An arrow's (line width, head length, gap at its start, gap at its end)."""
        s = self.s
        if arrow.kind == "push":
            return max(1.0, s * .05), s * .2, s * .2, s * .18
        if arrow.kind in ("support", "command"):
            return max(1.4, s * .07), s * .22, s * .12, s * .3
        if arrow.kind == "strike":
            return max(1.6, s * .08), s * .26, s * .12, s * .18
        return max(2.0, s * .1), s * .3, (0 if arrow.kind == "deploy" else s * .12), s * .12

    def _ends(self, x: float, y: float, arrow: Arrow) -> tuple[float, float, float, float] | None:
        """Where an arrow drawn on the board at (x, y) starts and ends (None: too short to draw)."""
        s = self.s
        (fa, ra), (fb, rb) = arrow.frm, arrow.to
        ax, ay = self._xy(x, y, fa, ra)
        bx, by = self._xy(x, y, fb, rb)
        if arrow.kind == "deploy":  # onto its square from the side of the home edge, inside the square
            bottom = self.board.home_edge(arrow.side) == "bottom"
            ax, ay = bx, by + (-s * .6 if bottom else s * .6)   # a tenth of a square into the next
        length = math.hypot(bx - ax, by - ay)
        if length < 1:
            return None
        ux, uy = (bx - ax) / length, (by - ay) / length
        _, _, start, end = self._style(arrow)
        return ax + ux * start, ay + uy * start, bx - ux * end, by - uy * end

    def _cross_spot(self, arrow: Arrow, ends) -> tuple[float, float, float] | None:
        """Where a refused move's cross goes (centre and size), halfway along its arrow."""
        if not arrow.illegal or arrow.kind in ("support", "command"):
            return None
        sx, sy, ex, ey = ends
        return (sx + ex) / 2, (sy + ey) / 2, self.s * .17

    def _arrow(self, arrow: Arrow, ends, badge: tuple[float, float] | None = None) -> None:
        """`arrow` from its start to its end (`ends`), with its badge and, refused, its cross."""
        c = self.canv
        sx, sy, ex, ey = ends
        length = math.hypot(ex - sx, ey - sy) or 1.0
        ux, uy = (ex - sx) / length, (ey - sy) / length
        ink = FAIL if arrow.illegal else self.side_ink[arrow.side]
        push = arrow.kind == "push"
        width, head, _, _ = self._style(arrow)
        if push:
            ink = PUSH_INK
        c.saveState()
        c.setLineCap(1)
        c.setLineJoin(1)
        # a white halo keeps the arrow legible over pieces and in black-and-white print
        for colour, extra in ((colors.white, 1.8), (ink, 0)):
            c.setStrokeColor(colour)
            c.setFillColor(colour)
            c.setLineWidth(width + extra)
            if push or arrow.illegal or arrow.kind in ("strike", "command"):
                dash = (1.2, 2.4) if arrow.kind == "command" else (3, 2.2)
                c.setDash(*dash) if colour is ink else c.setDash()
            bx2, by2 = ex - ux * head * .8, ey - uy * head * .8
            c.line(sx, sy, bx2, by2)
            c.setDash()
            if arrow.kind == "strike":  # a blow: a burst where it lands, no head
                _burst(c, ex - ux * head * .4, ey - uy * head * .4, head * .75 + extra * .5)
                continue
            if arrow.kind == "command":  # an order: a ring on the piece it moves
                c.circle(ex - ux * head * .3, ey - uy * head * .3, head * .4 + extra * .3, stroke=1, fill=0)
                continue
            path = c.beginPath()
            px, py = -uy, ux
            hw = head * .55 + extra * .5
            tip = (ex + ux * extra * .5, ey + uy * extra * .5)
            path.moveTo(*tip)
            path.lineTo(ex - ux * head + px * hw, ey - uy * head + py * hw)
            path.lineTo(ex - ux * head - px * hw, ey - uy * head - py * hw)
            path.close()
            c.drawPath(path, stroke=0, fill=1)
        if arrow.kind == "deploy":  # a piece put on this square: its place ringed, dashed
            c.setStrokeColor(ink)
            c.setLineWidth(max(1.1, self.s * .055))
            c.setDash(2.5, 1.5)
            end = self._style(arrow)[3]
            c.circle(ex + ux * end, ey + uy * end, self.s * .42, stroke=1, fill=0)
            c.setDash()
        cross = self._cross_spot(arrow, ends)
        if cross is not None:
            self._cross(*cross)
        if arrow.number and badge is not None:
            self._badge(*badge, self.badge_radius, str(arrow.number), ink, colors.white)
        c.restoreState()

    def _then_arrow(self, xa: float, xb: float, y: float) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(RULE)
        c.setFillColor(RULE)
        c.setLineWidth(2)
        c.line(xa, y, xb - 6, y)
        path = c.beginPath()
        path.moveTo(xb, y)
        path.lineTo(xb - 8, y + 5)
        path.lineTo(xb - 8, y - 5)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()


def _burst(c, cx: float, cy: float, r: float) -> None:
    """An eight-pointed burst centred on (cx, cy), in the current fill colour: a strike lands."""
    path = c.beginPath()
    for k in range(16):
        angle = math.pi * k / 8
        reach = r if k % 2 == 0 else r * .45
        point = (cx + reach * math.cos(angle), cy + reach * math.sin(angle))
        path.moveTo(*point) if k == 0 else path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


OVERLAY_SIZE = {"br": .4, "bl": .38}  # a marker on a piece: its size by corner, in squares
GROUND_CORNER = .36                     # the ground under a piece, shown in its top-left corner
EDGE_THICKNESS = 0.2                    # a piece on a line between squares, across the line, in squares
TINT_ALPHA = 0.42                       # how strongly a group of squares is washed in its colour
BADGE_GAP = 0.8                         # points between a badge and anything it must not cover


def tint_colour(group: int):
    """The wash of group `group` (neighbouring group numbers get different colours)."""
    return colors.HexColor(TINTS[group % len(TINTS)])


def _off_segment(x: float, y: float, segment: tuple[float, float, float, float]) -> float:
    """The distance from (x, y) to a line segment (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def badge_spots(arrows: list[tuple[float, float, float, float]], r: float, back: float,
                room: tuple[float, float, float, float], avoid: list[tuple[float, float, float]] = (),
                lines: list[tuple[float, float, float, float]] = ()) -> list[tuple[float, float]]:
    """Centres for the number badges (radius `r`) of `arrows`, each (start x, start y, end x, end y),
    in order: just behind the arrow's start (by `back`) when that spot is free, else further
    along the arrow, further behind its start, or beside it. A spot is free when the badge lies
    inside `room` (x0, y0, x1, y1: the board, so never on its labels), clear of the badges placed
    before it, of the `avoid` circles (x, y, radius) and of the other arrows' shafts (`lines`);
    when no spot is free, the least crowded one.

    >>> badge_spots([(10, 10, 30, 10), (10, 10, 10, 30)], 3, 1, (0, 0, 40, 40))
    [(9.0, 10.0), (10.0, 16.8)]
    """
    placed: list[tuple[float, float, float]] = []
    spots = []
    for sx, sy, ex, ey in arrows:
        length = math.hypot(ex - sx, ey - sy) or 1.0
        ux, uy = (ex - sx) / length, (ey - sy) / length
        along = [(sx - ux * back, sy - uy * back)]
        step = 2 * r + BADGE_GAP
        along += [(sx + ux * d, sy + uy * d) for d in (step, 2 * step, length / 2, -step) if d <= length]
        beside = [(sx - uy * side * step, sy + ux * side * step) for side in (1, -1)]
        others = [line for line in lines if line != (sx, sy, ex, ey)]

        def crowding(spot):
            x, y = spot
            x0, y0, x1, y1 = room
            out = max(0.0, x0 - (x - r)) + max(0.0, (x + r) - x1) + max(0.0, y0 - (y - r)) + max(0.0, (y + r) - y1)
            return out + sum(max(0.0, r + other + BADGE_GAP - math.hypot(x - ox, y - oy))
                             for ox, oy, other in (*placed, *avoid)) + \
                sum(max(0.0, r + BADGE_GAP - _off_segment(x, y, line)) for line in others)

        candidates = along + beside
        spot = next((c for c in candidates if crowding(c) == 0), min(candidates, key=crowding))
        placed.append((*spot, r))
        spots.append(spot)
    return spots


def _to_move(state: State) -> str:
    game = state.game
    outcome = state.outcome()
    if outcome:                       # a win, or a draw (a game's turn cap, say)
        return game.outcome_heading(outcome)
    return f"{game.side_of(state.to_move).plural} to move"


def _sentence(error) -> str:
    """The engine's reason as printed for players: no ruling number, capitalised, a full stop."""
    text = error.reason
    if not re.match(r"[a-z]{1,2}\d", text):  # a square's name ("c3 and d4 are...") stays as written
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith(".") else ".")
