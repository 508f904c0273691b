"""Render the imposed pages to a PDF with reportlab (and to PNGs with pypdfium2).

Each distinct face is drawn once, as a PDF form XObject named `FormXob.<art>_<n>`, and every copy
on every sheet is a reference to it; the board is one form placed on each tile and, scaled, on
the mini board. reportlab's invariant mode makes the same input give the same bytes, and the
PDF is written to a temporary file and moved into place, so a failed build keeps the last good one.

Extra pages (the rulebook, later) go right after the cover: pass `extra_pages`, each an
`ExtraPage(caption, draw)` whose `draw(canvas, frame)` fills the content frame (a layout.Rect);
the kit adds the header, the footer and the page numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from reportlab.pdfbase import pdfmetrics

from ..pdf import (BOLD, INK, ITALIC, PAPER, SERIF, draw_string, runs, runs_width, write_runs, Forms, atomic_path, hx,
                   new_canvas, paragraph, rasterize)
from ..units import mm, mm_text
from .faces import clip_rect, draw_face
from .layout import (SHIFT_STEP, SHIFTS, BoardView, Page, Rect, alignment_targets, board_geometry,
                     content_frame, impose, prints_duplex, target_radius, TARGET_REACH)
from .model import Kit

RULE = hx("#8a6414")
MUTED = hx("#6b625a")


@dataclass(frozen=True, repr=False, eq=False)
class ExtraPage:
    """A page the kit does not draw itself (the rulebook): `draw(canvas, frame)` fills the content
    frame; `caption` goes in the footer; pages of one `group` share a row of the cover's table."""

    caption: str
    draw: Callable[[object, Rect], None]
    group: str = "Rules"
    how: str = "single- or double-sided"


class _Forms(Forms):
    """The kit's forms: one per distinct (face, size, label), icons 100 pt wide, boards, cards."""

    def __init__(self, c, kit: Kit):
        super().__init__(c)
        self.kit = kit
        self._targets: list[tuple[float, float]] | None = None

    def targets(self) -> list[tuple[float, float]]:
        """The board's alignment targets (board coordinates), found once for all its tiles."""
        if self._targets is None:
            self._targets = alignment_targets(self.kit)
        return self._targets

    def face(self, piece_key: str, art_name: str, w: float, h: float) -> str:
        """A piece's face, `w` x `h` plus the kit's bleed all round: a token's art, or the drawing
        of a special kind (the tracker, the player aid)."""
        kit, b = self.kit, self.kit.bleed
        piece = kit.piece(piece_key)
        if art_name in kit.faces.specials:
            draw = kit.faces.specials[art_name]
            if art_name == "aid":
                for face in kit.faces.names:      # the legend's icons, defined before the card's form
                    self.icon(face)
            return self.get((art_name, round(w, 3), round(h, 3)), (-b, -b, w + b, h + b), lambda cv: draw(
                cv, w, h, piece=piece, kit=kit, ink_saver=kit.ink_saver, icon=self.draw_icon, bleed=b))
        label = piece.label(art_name)
        return self.get((art_name, round(w, 3), round(h, 3), label), (-b, -b, w + b, h + b), lambda cv: draw_face(
            cv, kit.faces, art_name, 0, 0, (w, h), label=label, ink_saver=kit.ink_saver, bleed=b))

    def icon(self, art_name: str) -> str:
        """The face without its label, 100 pt wide: for icons, scaled."""
        return self.special(("icon-" + art_name,), 100, 100, lambda cv: draw_face(
            cv, self.kit.faces, art_name, 0, 0, 100, label="", ink_saver=self.kit.ink_saver))

    def draw_icon(self, c, art_name: str, x: float, y: float, size: float) -> None:
        self.place(self.icon(art_name), x, y, size / 100)

    def special(self, key, w, h, draw) -> str:
        return self.get(key, (0, 0, w, h), draw)

    def board(self, geo) -> str:
        return self.special(("board", geo.width, geo.height), geo.width, geo.height,
                            lambda cv: self.kit.faces.board(cv, geo, ink_saver=self.kit.ink_saver))


def _header(c, kit: Kit, page: Page, number: int, total: int) -> None:
    width, height = page.width, page.height
    m = kit.margin
    y = height - m - mm(3.2)
    c.setFillColor(INK)
    t = c.beginText(m, y)
    write_runs(t, runs(kit.title.upper(), BOLD), 9.5, 1.4)  # each character in a face that has it
    right = f"version {kit.version}" + (f"  \u00b7  {kit.date}" if kit.date else "") + \
            f"  \u00b7  page {number} of {total}"
    if page.compact:    # the caption goes here: the sheet's pieces need the footer's room
        t.setFillColor(MUTED)
        room = width - 2 * m - t.getX() - pdfmetrics.stringWidth(right, SERIF, 9.5) - mm(8)
        caption = "   " + page.caption
        while caption and runs_width(runs(caption, ITALIC), 9) > room:
            caption = caption[:-2] + "\u2026"
        write_runs(t, runs(caption, ITALIC), 9)
    else:
        t.setFont(SERIF, 9.5)
        t.setFillColor(MUTED)
        t.textOut("   print-and-play kit")
    c.drawText(t)
    c.setFont(SERIF, 9.5)
    c.drawRightString(width - m, y, right)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(m, y - mm(1.6), width - m, y - mm(1.6))
    if page.caption and not page.compact:
        c.setFillColor(INK)
        draw_string(c, m, m + mm(0.5), page.caption, ITALIC, 9)


def _lines(c, page: Page) -> None:
    styles = {"cut": (0.45, INK, None), "mark": (0.45, INK, None), "seam": (0.5, MUTED, (1, 2)),
              "fold": (0.6, INK, (3, 2))}
    for style, (width, color, dash) in styles.items():
        lines = [(ln.x0, ln.y0, ln.x1, ln.y1) for ln in page.lines if ln.style == style]
        if not lines:
            continue
        if style == "fold":      # white under the dashes: visible on dark art too
            c.setStrokeColor(PAPER)
            c.setLineWidth(1.2)
            c.setDash([], 0)
            c.lines(lines)
        c.setStrokeColor(color)
        c.setLineWidth(width)
        c.setDash(list(dash) if dash else [], 0)
        c.lines(lines)
    c.setDash([], 0)


def _place(c, forms: _Forms, page: Page) -> None:
    kit = forms.kit
    for p in page.placements:
        r = p.rect
        w, h = (r.h, r.w) if p.turn in (90, 270) else (r.w, r.h)
        name = forms.face(p.piece, p.art, w, h)
        c.saveState()
        if p.clip is not None and kit.bleed:
            clip_rect(c, p.clip.x, p.clip.y, p.clip.w, p.clip.h)
        if p.turn == 90:
            c.translate(r.x + r.w, r.y)
            c.rotate(90)
        elif p.turn == 270:
            c.translate(r.x, r.y + r.h)
            c.rotate(-90)
        else:
            c.translate(r.x, r.y)
        c.doForm(name)
        c.restoreState()


def _board(c, forms: _Forms, kit: Kit, view: BoardView) -> None:
    geo = board_geometry(kit)
    name = forms.board(geo)
    c.saveState()
    clip_rect(c, view.clip.x, view.clip.y, view.clip.w, view.clip.h)
    c.translate(view.x, view.y)
    c.scale(view.scale, view.scale)
    c.doForm(name)
    if view.tile:
        for x, y in forms.targets():
            _target(c, x, y, target_radius(geo))
    c.restoreState()


def _target(c, x, y, r):
    c.setLineWidth(0.5)
    for color, width in ((PAPER, 1.4), (INK, 0.5)):
        c.setStrokeColor(color)
        c.setLineWidth(width)
        c.circle(x, y, r, stroke=1, fill=0)
        c.line(x - TARGET_REACH * r, y, x + TARGET_REACH * r, y)
        c.line(x, y - TARGET_REACH * r, x, y + TARGET_REACH * r)


def _locator(c, kit: Kit, page: Page, pages: list[Page]) -> None:
    """A small map of the tiles under the tile, this one filled, and how to join them."""
    tiles = [p.board.tile for p in pages if p.kind == "board"]
    rows = sorted({t[0] for t in tiles})
    cols = sorted({int(t[1:]) for t in tiles})
    cell = mm(5)
    frame = content_frame(kit)
    x0 = frame.x1 - len(cols) * cell
    y0 = page.board.clip.y - mm(8) - len(rows) * cell
    c.setLineWidth(0.6)
    c.setStrokeColor(INK)
    for i, row in enumerate(rows):
        for j, col in enumerate(cols):
            name = f"{row}{col}"
            here = name == page.board.tile
            c.setFillColor(hx("#3b2a20") if here else PAPER)
            c.rect(x0 + j * cell, y0 + (len(rows) - 1 - i) * cell, cell, cell, fill=1, stroke=1)
            c.setFillColor(PAPER if here else INK)
            c.setFont(SERIF, 7)
            c.drawCentredString(x0 + (j + 0.5) * cell, y0 + (len(rows) - 1 - i) * cell + cell * 0.3, name)
    c.setFillColor(INK)
    c.setFont(SERIF, 24)
    c.drawRightString(x0 - mm(3), y0 + len(rows) * cell - mm(7), page.board.tile)
    x, y = frame.x, page.board.clip.y - mm(7)
    text = ("Trim the page margin off on the outer board edges: the marks of the top and bottom "
            "edges run out to the paper's sides; a side edge has a mark above and below the tile. "
            "Where a tile meets a tile above or to its left, cut along the solid seam line, lay it "
            "over its neighbour so the half targets become whole circles, and tape the join on "
            "the back.")
    paragraph(c, text, x, y, frame.w - len(cols) * cell - mm(22), font=SERIF, size=9)


def _mini_legend(c, kit: Kit, page: Page) -> None:
    frame = content_frame(kit)
    y = page.board.clip.y - mm(7)
    x = frame.x
    paragraph(c, kit.hooks.board_notes, x, y, frame.w, size=9.5)


# The cover ----------------------------------------------------------------------------------------

def _ranges(numbers: list[int]) -> str:
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(f"{start}" if start == n else f"{start}\u2013{n}")
            start = None
    return ", ".join(parts)


def calibration_pages(pages: list[Page]) -> list[int]:
    """The page numbers of the duplex calibration sheet."""
    return [n for n, page in enumerate(pages, start=1) if page.kind.startswith("calibration")]


def print_plan(kit: Kit, pages: list[Page]) -> list[tuple[str, str, str]]:
    """The cover's table: (pages, what, how), in page order."""
    groups: list[tuple[str, list[int], str]] = []

    def add(what, number, how):
        if groups and groups[-1][0] == what and groups[-1][2] == how:
            groups[-1][1].append(number)
        else:
            groups.append((what, [number], how))

    specials = any(p.kind != "token" for p in kit.pieces)
    pieces_what = "Pieces, tracker and player aids" if specials else "Components to cut out"
    for number, page in enumerate(pages, start=1):
        if page.kind in ("cover", "cover-box"):
            add("How to print and make the kit; what is in the box; the set-up", number,
                "read; no need to print")
        elif page.kind == "extra":
            extra = page.extra
            add(getattr(extra, "group", "Rules"), number, getattr(extra, "how", "single- or double-sided"))
        elif page.kind == "board":
            add("The board, real size, in tiles", number, "single-sided, 100 %")
        elif page.kind in ("mini", "mini-pieces"):
            add("Mini board and its pieces (optional)", number, "single-sided")
        elif page.kind == "pieces":
            add(pieces_what, number, "single-sided, 100 %")
        elif page.kind == "back" and page.shift != (0, 0):
            add("Backs shifted for a printer that misaligns", number,
                f"only as page {calibration_pages(pages)[0]} says")
        elif page.kind in ("duplex", "back"):
            add("Two-sided pieces, fronts and backs", number,
                f"double-sided, flip on the {kit.duplex} edge")
        elif page.kind.startswith("calibration"):
            add("Duplex calibration: print it first", number, f"double-sided, {kit.duplex} edge")
    return [(_ranges(nums), what, how) for what, nums, how in groups]


def _plural(name: str, n: int, plural: str = "") -> str:
    """`name` for `n` things: `plural` when given, else the head word made plural, before any
    words in brackets ("Reference cards (symbols)")."""
    if n == 1 or not name:
        return name
    if plural:
        return plural
    head, bracket, rest = name.partition(" (")
    if head.endswith(("s", "x", "ch", "sh")):
        head += "es"
    else:
        head = head[:-1] + "ies" if head.endswith("y") and head[-2:-1] not in "aeiou" else head + "s"
    return head + bracket + rest


def parts_list(kit: Kit) -> list[tuple[str, str]]:
    """(face to show, text) for each piece, with the numbers of components.toml."""
    rows = []
    for piece in kit.pieces:
        if piece.count == 0:
            continue
        size = f"{mm_text(piece.width)} mm" if abs(piece.width - piece.height) < 0.01 else \
            f"{mm_text(piece.width)} \u00d7 {mm_text(piece.height)} mm"
        note = kit.hooks.piece_notes.get(piece.kind, "").format(spaces=piece.spaces)
        if piece.kind == "tracker":
            rows.append(("", f"{piece.count} {piece.name}: {note or f'{piece.spaces} spaces'}"))
            continue
        if piece.kind == "aid":
            rows.append(("", f"{piece.count} {_plural(piece.name, piece.count, piece.plural)} ({size})" +
                         (f": {note}" if note else "")))
            continue
        text = f"{piece.count} {_plural(piece.name, piece.count, piece.plural)}, {size}"
        if piece.pairs:
            designs = len({front for front, _, _ in piece.pairs})
            text += (", two-sided" if piece.backs else "") + (f", {designs} designs" if designs > 1 else "")
        elif piece.backs:
            if len(piece.backs) == 1 and piece.backs[0][0] == piece.front:
                text += ", the same on both sides"
            elif len(piece.backs) == 1:
                text += f", two-sided ({piece.label(piece.front) or 'front'} / " \
                        f"{piece.label(piece.backs[0][0]).lower() or 'back'})"
            else:
                mix = ", ".join(f"{n} {_plural(piece.label(b), n)}" for b, n in piece.backs)
                text += f", two-sided: one front, reverses {mix}"
        rows.append((piece.front, text))
    return rows


def _heading(c, kit: Kit, text: str, x: float, y: float, width: float) -> float:
    """A cover section's heading across `width`; returns the baseline for the text under it."""
    c.setFillColor(kit.faces.accent)
    c.setFont(BOLD, 12)
    c.drawString(x, y, text.upper())
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(x, y - 4, x + width, y - 4)
    return y - 16


def _numbered(c, steps: list[str], x: float, y: float, width: float) -> float:
    """Numbered paragraphs from y down; returns the y under the last."""
    for number, text in enumerate(steps, start=1):
        c.setFont(BOLD, 9.5)
        c.setFillColor(INK)
        c.drawString(x, y, f"{number}.")
        y = paragraph(c, text, x + mm(5), y, width - mm(5), size=9.5) - 3
    return y


PAPER_WORDS = {"a4": "A4", "letter": "US Letter", "both": "A4 or US Letter"}


def fold_over(kit: Kit) -> bool:
    """Whether two-sided pieces print side by side, to be folded and glued (not duplex)."""
    return not kit.duplex and any(p.count and p.double_sided for p in kit.pieces)


def folds(kit: Kit) -> bool:
    """Whether a piece is folded after cutting: fold-over pairs, or a folding screen."""
    return fold_over(kit) or any(p.count and p.key in kit.hooks.folded for p in kit.pieces)


def materials(kit: Kit) -> str:
    """What a player needs besides the printout, as the cover lists it."""
    glue = " and a glue stick" if fold_over(kit) else ""
    score = "; an empty ballpoint pen or a blunt table knife to score the folds" if folds(kit) else ""
    board = (" and the board", "; clear tape to join the board") if kit.hooks.board else ("", "")
    return (f"{PAPER_WORDS[kit.paper]} paper for the rules{board[0]}, and card stock (160\u2013220 g/m\u00b2) "
            f"for the pieces; a craft knife, a metal ruler and a cutting mat (or sharp scissors)"
            f"{glue}{board[1]}{score}.")


def _cover(c, kit: Kit, page: Page, pages: list[Page], forms: _Forms) -> bool:
    """Page 1: what to print, what else is needed, how to cut, fold and join, and what is in the
    box when there is room for it (True)."""
    frame = content_frame(kit)
    x, width = frame.x, frame.w
    y = frame.y1 - mm(14)
    c.setFillColor(hx("#3b2a20"))
    draw_string(c, x, y, kit.title, BOLD, 30)
    c.setFont(ITALIC, 12)
    c.setFillColor(MUTED)
    sub = f"Print-and-play kit, version {kit.version}" + (f", {kit.date}" if kit.date else "")
    c.drawString(x, y - 17, sub)
    if kit.designer:
        draw_string(c, x, y - 30, kit.designer, SERIF, 9.5)
    # a row of faces as a banner
    faces = kit.hooks.banner
    s = min(mm(16), (width - 8 * mm(3)) / len(faces))
    by = y - 30 - mm(6) - s
    for k, face in enumerate(faces):
        forms.draw_icon(c, face, x + k * (s + (width - len(faces) * s) / (len(faces) - 1)), by, s)
    y = _heading(c, kit, "What to print", x, by - mm(9), width)
    c.setFont(BOLD, 9.5)
    c.setFillColor(INK)
    cols = (x, x + mm(22), x + width * 0.62)
    for col, text in zip(cols, ("Pages", "What", "How")):
        c.drawString(col, y, text)
    y -= 13
    for pages_text, what, how in print_plan(kit, pages):
        c.setFont(SERIF, 9.5)
        c.drawString(cols[0], y, pages_text)
        c.drawString(cols[1], y, what)
        c.drawString(cols[2], y, how)
        y -= 12.5
    must = f"the board's squares must come out at {mm_text(kit.square)} mm" if kit.hooks.board else \
        "the pieces must come out at the sizes listed under In the box"
    y = paragraph(c, f"Print on {PAPER_WORDS[kit.paper]} at 100 % (\u201cactual size\u201d, never \u201cfit to "
                     f"page\u201d): {must}. "
                     f"Check with a ruler: the bar on the right is 50 mm long. A greyscale printer is "
                     f"fine, the sides differ by shape and pattern too.",
                  x, y - 5, width - mm(62), size=9.5)
    _ruler(c, x + width - mm(55), y + 16)
    y = _heading(c, kit, "You will need", x, y - 8, width)
    y = paragraph(c, materials(kit), x, y, width, size=9.5) - 3
    y = _heading(c, kit, "Cut and fold" if folds(kit) else "Cut", x, y - 6, width)
    steps = [("Cut each piece on the lines between its crop marks. " if kit.bleed else
              "Cut along the solid lines. ") +
             "The cuts across a sheet come first: their marks run out to both edges of the paper, "
             "so a ruler or trimmer lines up with them. Each strip then shows its own cuts: a short "
             "mark above and below each one, to lay the ruler on."]
    if fold_over(kit):
        steps.append("Two-sided pieces print front and back side by side: cut the pair out as one "
                     "strip, fold it on the dashed line (print side out), and glue the halves "
                     "together." + (f" {kit.hooks.hidden_fronts}" if kit.hooks.hidden_fronts else ""))
    if folds(kit):
        steps.append("On card, score every dashed fold line before folding: lay the ruler along it and "
                     "draw the empty pen or the back of the knife down the line, pressing firmly, "
                     "then fold with the scored side outside. The fold comes out straight and the "
                     "card does not crack.")
    if prints_duplex(kit):
        steps.append(f"Two-sided pieces print on the front and back of one sheet, flipping on the "
                     f"{kit.duplex} edge. First print pages {_ranges(calibration_pages(pages))}, the "
                     f"calibration sheet, the same way, and read its scales against a window: its "
                     f"table gives the pages to print for your printer, no new build needed. The art "
                     f"runs {mm_text(kit.bleed)} mm past every cut, so a back a little off its place "
                     f"still covers its piece.")
    if kit.hooks.board:
        steps.append("Board: cut the page margins off along the marks, trim each tile that sits to the "
                     "right or below on its solid seam line, lay it over its neighbour so the half targets "
                     "meet, and tape the joins from behind. The tile letters and numbers (A1, A2, B1...) "
                     "show where each goes.")
    if kit.bleed and not prints_duplex(kit):
        steps.append(f"The art runs {mm_text(kit.bleed)} mm past each cut line (bleed), so a "
                     f"slightly-off cut leaves no white edge; the strips between pieces are waste.")
    y = _numbered(c, steps, x, y, width)
    if y - mm(6) - _box_height(kit) < frame.y and kit.hooks.board:
        return False   # on the set-up page
    y = _in_the_box(c, kit, pages, forms, y - mm(6))
    if not kit.hooks.board and kit.hooks.setup_steps:   # no picture: the steps fit here
        _numbered(c, list(kit.hooks.setup_steps), x, _heading(c, kit, "Set-up at a glance", x, y - mm(8), width), width)
    return True


BOX_ROW = mm(5.9)   # a row of the parts list: its icon and a gap


def _box_height(kit: Kit) -> float:
    return 16 + (len(parts_list(kit)) + 1) * BOX_ROW


def _cover_box(c, kit: Kit, pages: list[Page], forms: _Forms, box_drawn: bool) -> None:
    """Page 2: the set-up at a glance, under what is in the box when page 1 had no room for it."""
    frame = content_frame(kit)
    y = frame.y1 - mm(8)
    if not box_drawn:
        y = _in_the_box(c, kit, pages, forms, y) - mm(8)
    _setup_diagram(c, kit, forms, y, frame.y + mm(2))


def _in_the_box(c, kit: Kit, pages: list[Page], forms: _Forms, top: float) -> float:
    """The parts list with an icon of each piece, from `top` down; returns the y under it."""
    frame = content_frame(kit)
    x, width = frame.x, frame.w
    y = _heading(c, kit, "In the box", x, top, width)
    icon = mm(5)
    for face, text in parts_list(kit):
        if face:
            forms.draw_icon(c, face, x, y - icon * 0.3, icon)
        c.setFillColor(INK)
        draw_string(c, x + icon + mm(3), y, text, SERIF, 9.5)
        y -= BOX_ROW
    if not kit.hooks.board:
        return y
    mini = next(p for p in pages if p.kind == "mini")
    c.setFont(SERIF, 9.5)
    c.drawString(x + icon + mm(3), y, f"The board: {kit.board_files} \u00d7 {kit.board_ranks} squares of {mm_text(kit.square)} mm "
                                      f"on tiles, and a mini board ({mm_text(kit.square * mini.board.scale)} mm squares) with its own "
                                      f"mini pieces")
    return y


SETUP_HEIGHT = mm(130)   # the set-up picture's board at most this tall
SETUP_TEXT = mm(70)      # narrower than this beside the picture, the steps go above it


def _setup_diagram(c, kit: Kit, forms: _Forms, top: float, bottom: float) -> None:
    """The set-up at a glance under `top`: its heading, its steps, and a picture of a set-up
    position at the right (the steps beside it, or above it when the board is wide)."""
    frame = content_frame(kit)
    geo = board_geometry(kit)
    marker = kit.hooks.setup_marker
    t = geo.square * 0.7                        # the marker's size, in board units
    below = marker is not None and marker[2] < 1
    above = marker is not None and marker[2] > kit.board_ranks
    room = t + geo.square * 0.15 if below or above else 0.0   # beside the board, clear of its frame
    y = _heading(c, kit, "Set-up at a glance", frame.x, top, frame.w)

    def scale_for(height: float) -> float:
        return min(height, SETUP_HEIGHT * (geo.height + room) / geo.height) / (geo.height + room)

    scale = scale_for(y - bottom)
    beside = frame.w - geo.width * scale - mm(6) >= SETUP_TEXT
    if not beside:
        y = _numbered(c, list(kit.hooks.setup_steps), frame.x, y, frame.w) - mm(3)
        scale = min(scale_for(y - bottom), frame.w / geo.width)
    else:
        _numbered(c, list(kit.hooks.setup_steps), frame.x, y, frame.w - geo.width * scale - mm(6))
    x0 = frame.x1 - geo.width * scale
    y0 = y + mm(3) - (geo.height + (room if above else 0.0)) * scale
    c.saveState()
    c.translate(x0, y0)
    c.scale(scale, scale)
    c.doForm(forms.board(geo))
    piece = geo.square * 0.78
    printed = {face for p in kit.pieces for pair in p.copies() for face in pair if face}
    for face, squares in kit.hooks.setup:
        for square in squares:
            if face not in printed:
                continue
            r = geo.square_rect(square % kit.board_files, square // kit.board_files + 1)
            if face in kit.faces.turned:       # the far side's tile faces its owner
                c.saveState()
                c.translate(r.x + (r.w + piece) / 2, r.y + (r.h + piece) / 2)
                c.rotate(180)
                forms.draw_icon(c, face, 0, 0, piece)
                c.restoreState()
            else:
                forms.draw_icon(c, face, r.x + (r.w - piece) / 2, r.y + (r.h - piece) / 2, piece)
    if marker is not None:
        face, file, rank = marker
        y = -room if below else geo.height + room - t if above else geo.square_rect(0, int(rank)).y
        c.translate(geo.frame + file * geo.square - t / 2, y)
        c.scale(t / 100, t / 100)
        c.doForm(forms.icon(face))
    c.restoreState()


def _ruler(c, x, y):
    length = mm(50)
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.6)
    c.line(x, y, x + length, y)
    for k in range(51):
        h = mm(3) if k % 10 == 0 else (mm(2) if k % 5 == 0 else mm(1))
        c.line(x + mm(k), y, x + mm(k), y + h)
    c.setFont(SERIF, 8)
    for k in (0, 10, 20, 30, 40, 50):
        c.drawCentredString(x + mm(k), y + mm(4), f"{k}")
    c.drawString(x + length + mm(1.5), y - 2, "mm")


# Calibration -----------------------------------------------------------------------------------

def pages_for_reading(pages: list[Page]) -> dict[tuple[int, int], str]:
    """For each shift of the back pages (layout.SHIFTS), the pages to print for the two-sided
    pieces, as a print dialog takes them: each front followed by its back ("18-21", or "18,27,20,28"
    for shifted backs, which a double-sided print puts behind the fronts before them)."""
    number = {id(page): n for n, page in enumerate(pages, start=1)}
    plans = {}
    for shift in SHIFTS:
        order = [number[id(p)] for back in pages if back.kind == "back" and back.shift == shift
                 for p in (back.front, back)]
        plans[shift] = _ranges(order) if order == list(range(order[0], order[0] + len(order))) else \
            ",".join(map(str, order))
    return plans


def _calibration_front(c, kit: Kit, page: Page, pages: list[Page]) -> None:
    """Crosses to read through the sheet, the instructions, and which pages to print for each
    reading: the shifted back pages make a misaligned printer right without a new build."""
    frame = content_frame(kit)
    for x, y in page.spots:
        c.setStrokeColor(INK)
        c.setLineWidth(0.35)
        c.line(x - mm(12), y, x + mm(12), y)
        c.line(x, y - mm(12), x, y + mm(12))
        c.circle(x, y, mm(2), stroke=1, fill=0)
    step = SHIFT_STEP / mm(1)
    y = paragraph(c, f"Print this sheet and the next double-sided, flipping on the {kit.duplex} edge, "
                     f"with the settings you will use for the kit. Hold it to a window, back side "
                     f"towards you, and read the X and Y scales where this sheet's crosses show "
                     f"through (0 and 0 when the printer is true). Then print the two-sided pieces' "
                     f"pages that the table below gives for your readings: type them into the print "
                     f"dialog's page range, double-sided.", frame.x, frame.y1 - mm(4), frame.w, size=10)
    plans = pages_for_reading(pages)
    top = frame.y + frame.h * 0.5 - mm(16)
    col, row = (frame.w - mm(36)) / 3, mm(7)
    c.setFillColor(INK)
    c.setFont(BOLD, 10)
    c.drawString(frame.x, top, "Pages to print for the two-sided pieces")
    half = step / 2
    ranges = tuple(f"{a:+g} to {b:+g}".replace("-", "\u2212") for a, b in
                   ((-1.5 * step, -half), (-half, half), (half, 1.5 * step)))
    c.setFont(ITALIC, 9)
    for k, text in enumerate(ranges):
        c.drawCentredString(frame.x + mm(36) + (k + 0.5) * col, top - row, f"X reads {text}")
        c.drawString(frame.x, top - (k + 2) * row, f"Y reads {text}")
    c.setFont(SERIF, 10)
    for (dx, dy), plan in plans.items():
        c.drawCentredString(frame.x + mm(36) + (dx + 1.5) * col, top - (dy + 3) * row, plan)
    paragraph(c, f"Readings past {1.5 * step:g} mm: build the kit again with --back-offset X,Y (your "
                 f"two readings, added to any offset this kit was built with) and print its own "
                 f"backs.", frame.x, top - 5 * row, frame.w, size=9)


def _calibration_back(c, kit: Kit, page: Page) -> None:
    """Millimetre scales around each spot: X under it, Y to its right, both 0 where the front's
    cross should show through."""
    for x, y in page.spots:
        c.setStrokeColor(INK)
        c.setFillColor(INK)
        c.setLineWidth(0.35)
        hy, vx = y - mm(7), x + mm(7)
        c.line(x - mm(5), hy, x + mm(5), hy)
        c.line(vx, y - mm(5), vx, y + mm(5))
        c.setFont(SERIF, 6)
        for k in range(-10, 11):
            h = mm(3) if k % 4 == 0 else (mm(2) if k % 2 == 0 else mm(1.2))
            c.line(x + mm(k / 2), hy, x + mm(k / 2), hy + h)
            c.line(vx, y + mm(k / 2), vx - h, y + mm(k / 2))
            if k % 4 == 0:
                c.drawCentredString(x + mm(k / 2), hy - mm(2.4), f"{k // 2}")
                c.drawString(vx + mm(0.8), y + mm(k / 2) - 2, f"{k // 2}")
        c.setFont(ITALIC, 7.5)
        c.drawCentredString(x, hy - mm(5.6), "X (mm)")
        c.drawString(vx - mm(1), y + mm(6.5), "Y (mm)")


# The document ------------------------------------------------------------------------------------

def render_pdf(kit: Kit, path: Path, extra_pages: Sequence[ExtraPage] = ()) -> list[Page]:
    """Write the kit to `path` atomically; return the pages as laid out."""
    pages = impose(kit, extra=len(extra_pages))
    for page, extra in zip((p for p in pages if p.kind == "extra"), extra_pages):
        page.caption, page.extra = extra.caption, extra
    with atomic_path(path) as tmp:
        c = new_canvas(str(tmp), kit.page_size)
        c.setTitle(f"{kit.title} \u2013 print-and-play kit {kit.version}")
        c.setAuthor(kit.designer or kit.title)
        c.setSubject("Print-and-play kit")
        c.setCreator("siege-pnp")
        forms = _Forms(c, kit)
        total = len(pages)
        for number, page in enumerate(pages, start=1):
            c.setPageSize((page.width, page.height))
            _boxes(c, page)
            if page.kind == "cover":
                box_drawn = _cover(c, kit, page, pages, forms)
            elif page.kind == "cover-box":
                _cover_box(c, kit, pages, forms, box_drawn)
            elif page.kind == "extra":
                page.extra.draw(c, content_frame(kit))
            elif page.kind in ("board", "mini"):
                _board(c, forms, kit, page.board)
                if page.kind == "board":
                    _locator(c, kit, page, pages)
                else:
                    _mini_legend(c, kit, page)
            elif page.kind == "calibration":
                _calibration_front(c, kit, page, pages)
            elif page.kind == "calibration-back":
                _calibration_back(c, kit, page)
            _place(c, forms, page)
            _lines(c, page)
            _header(c, kit, page, number, total)
            c.showPage()
        c.save()
    return pages


def _boxes(c, page: Page) -> None:
    """Every page: TrimBox = BleedBox = MediaBox, the whole sheet.

    A page of the kit is a finished sheet to print at 100 %, not one product: a sheet of many
    pieces, each with its own bleed and crop marks, or a board tile that overlaps its neighbours.
    A print shop's workflow (PDF/X preflight, imposition, the RIP) reads TrimBox as the one
    finished size of the page and BleedBox as the art beyond it; a box drawn around all the
    pieces would have the sheet trimmed to it (the crop marks and gutters with it) and the gutters
    read as art. So the sheet is the trim, nothing bleeds off it, and the cuts of the pieces are
    guided by their own marks (`layout.crop_marks`). The boxes are stated, not left out, because
    PDF/X asks for a TrimBox on every page."""
    box = (0, 0, page.width, page.height)
    c.setTrimBox(box)
    c.setBleedBox(box)


def output_name(kit: Kit) -> str:
    """e.g. my-game-a4.pdf, my-game-a4-duplex-long-square50mm-inksaver.pdf"""
    parts = [kit.slug, kit.paper, *(["duplex", kit.duplex] if kit.duplex else []), *kit.tags]
    return "-".join(parts) + ".pdf"


def build(kit: Kit, out_dir: Path | str = "output", *, png: bool = False,
          extra_pages: Sequence[ExtraPage] = ()) -> Path:
    """Build the kit into `out_dir`; with `png`, also `out_dir/png/<name>-NN.png`."""
    out_dir = Path(out_dir)
    path = out_dir / output_name(kit)
    render_pdf(kit, path, extra_pages)
    if png:
        rasterize(path, out_dir / "png")
    return path
