"""Imposition: where every piece, board tile and guide line lands on paper. Pure: no reportlab.

Everything is in PDF points, origin at the lower-left corner of the page (or of the board for
board coordinates). `impose(kit)` returns the document's pages in order:

    cover (two pages: what to print and what is in the box; the set-up) | (duplex: calibration pair) |
    [extra pages, e.g. the rulebook] | board tiles | mini board | mini pieces (a game without a
    board has none of these three) | piece sheets | (duplex: double-sided sheets, each followed by
    its back page; then the back pages again, shifted, once for each of SHIFTS)

Double-sided pieces are printed fold-over by default (front and back side by side, a dashed fold
line between them), or with `kit.duplex` on a front page followed by a back page where each back
is mirrored to land behind its front: long-edge duplex mirrors left-right, short-edge duplex
top-bottom; `kit.back_offset` then shifts the back page's content to undo a printer's
misregistration. The calibration pair comes first: its reading picks, among the shifted back
pages, the ones to print in place of the others, with no new build (within the reach of SHIFTS;
beyond it, `--back-offset`). Duplex pieces have at least `model.DUPLEX_BLEED` of bleed, so a back
within that of its place still covers its piece.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ..units import mm, mm_text
from .model import Kit, Piece

HEADER = mm(8)        # band under the top margin: title, version, date, page number
FOOTER = mm(7)        # band over the bottom margin: what this sheet is and how to print it
BLOCK_GAP = mm(1)     # between the mark bands of two blocks of pieces on a sheet
MARK_GAP = mm(1)      # crop marks stop this far from the art (its bleed included)
MARK_LEN = mm(3)      # a crop mark outside a block of pieces: long enough to lay a ruler on
GUTTER_MARK = mm(2)   # with bleed: the crop mark in the white gap between two pieces' bleeds
FRAME = 0.2           # the board's side frame, as a fraction of a square (labels, zone marks)
FRAME_Y = 0.3         # its top and bottom frame (file letters and the home edges' names)
TRACKER_PAD = mm(4)
TRACKER_TITLE = mm(16)
CAL_SPOTS = ((0.5, 0.5), (0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8))
SHIFT_STEP = mm(3)    # the shifted back pages: this far apart in X and in Y
# Offsets added to the back pages' (X, Y), in steps: the kit's own backs, then the eight around.
SHIFTS = tuple((dx, dy) for dy in (0, -1, 1) for dx in (0, -1, 1))


@dataclass(frozen=True, repr=False, eq=False)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def grown(self, left: float, bottom: float, right: float, top: float) -> "Rect":
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)


@dataclass(frozen=True, repr=False, eq=False)
class Placement:
    """One face of one piece: `rect` is its trim box on the page; `clip` limits its bleed."""

    art: str            # a face name (model.FACE_NAMES), or "tracker" / "aid"
    piece: str          # the piece's key in [pieces]
    side: str           # "front" or "back"
    rect: Rect
    clip: Rect | None = None
    back: str | None = None   # duplex: the reverse printed behind this front on the next page
    turn: int = 0             # degrees the face is turned on the sheet (90 or 270: `rect` is then
                              # the piece's height wide and its width tall)


@dataclass(frozen=True, repr=False, eq=False)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    style: str          # "cut" (solid), "fold" (dashed), "mark" (crop mark), "seam" (board seam)


@dataclass(frozen=True, repr=False, eq=False)
class BoardView:
    """The board drawing placed on a page: board point (u, v) lands at (x + u*scale, y + v*scale)."""

    x: float
    y: float
    scale: float
    clip: Rect              # on the page
    region: Rect            # the part of the board shown, in board coordinates
    tile: str = ""          # "A1", ... ("" for the mini board)
    over: tuple[str, ...] = ()   # sides ("left", "top") this tile is trimmed on and laid over


@dataclass(repr=False, eq=False)
class Page:
    kind: str               # cover | extra | board | mini | mini-pieces | pieces | duplex | back | calibration | calibration-back
    caption: str
    width: float
    height: float
    placements: list[Placement] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    board: BoardView | None = None
    front: "Page | None" = None     # for a back page: its front page
    shift: tuple[int, int] = (0, 0)  # for a back page: its offset from the kit's, in SHIFT_STEPs
    spots: list[tuple[float, float]] = field(default_factory=list)  # calibration marks
    double_sided: bool = False
    extra: object = None            # for kind "extra": what the caller passed in
    compact: bool = False           # no footer band: the caption is in the header line


@dataclass(frozen=True, repr=False, eq=False)
class BoardGeometry:
    square: float
    frame: float        # left and right frame: rank numbers and the zone marks
    frame_y: float      # top and bottom frame: file letters and the names of the home edges
    files: int
    ranks: int

    @property
    def width(self) -> float:
        return self.files * self.square + 2 * self.frame

    @property
    def height(self) -> float:
        return self.ranks * self.square + 2 * self.frame_y

    def square_rect(self, file: int, rank: int) -> Rect:
        """The square of `file` (0 = a) and `rank` (1 = the bottom row), board coordinates."""
        return Rect(self.frame + file * self.square, self.frame_y + (rank - 1) * self.square,
                    self.square, self.square)


def square_geometry(square: float, files: int, ranks: int) -> BoardGeometry:
    """A board of `files` x `ranks` squares `square` wide, with the standard frame."""
    return BoardGeometry(square, FRAME * square, FRAME_Y * square, files, ranks)


def board_geometry(kit: Kit) -> BoardGeometry:
    return square_geometry(kit.square, kit.board_files, kit.board_ranks)


def content_frame(kit: Kit, size: tuple[float, float] | None = None, compact: bool = False) -> Rect:
    """The part of a sheet (`size`, default the kit's paper upright) inside the margins, under the
    header and over the footer; a compact sheet has its caption in the header and no footer band."""
    width, height = size or kit.page_size
    m = kit.margin
    footer = 0.0 if compact else FOOTER
    return Rect(m, m + footer, width - 2 * m, height - 2 * m - HEADER - footer)


def tiling(length: float, room: float, overlap: float) -> tuple[int, float]:
    """How many tiles of at most `room` cover `length` when neighbours overlap by `overlap`,
    and the (equal) size of each tile."""
    count = max(1, math.ceil((length - overlap) / (room - overlap) - 1e-9))
    return count, (length + (count - 1) * overlap) / count


@dataclass(frozen=True)
class Cuts:
    """How one direction of the board is cut into tiles: each tile's start and length (board
    coordinates, from the left, or from the top for rows) and the seams (the middle of each
    overlap), `even` when the tiles are all alike."""

    starts: tuple[float, ...]
    sizes: tuple[float, ...]
    seams: tuple[float, ...]
    even: bool = True

    @property
    def count(self) -> int:
        return len(self.sizes)


def cuts(length: float, room: float, overlap: float, marked: tuple[tuple[float, float], ...] = (),
         lines: tuple[float, ...] = ()) -> Cuts:
    """Tiles of at most `room` overlapping by `overlap` over `length`: equal ones, unless a seam
    would run through a `marked` span (a special square); then that seam moves to the nearest of
    `lines` (the squares' edges) that keeps every tile within `room`, if there is one."""
    count, tile = tiling(length, room, overlap)
    seams = [(k + 1) * (tile - overlap) + overlap / 2 for k in range(count - 1)]
    moved, before = list(seams), overlap / 2
    for k, seam in enumerate(seams):
        low = length - (count - 1 - k) * (room - overlap) - overlap / 2
        high = before + room - overlap

        def inside(x: float) -> bool:
            return any(a + 1e-6 < x < b - 1e-6 for a, b in marked)

        if inside(seam):
            fits = [x for x in lines if low - 1e-6 <= x <= high + 1e-6 and not inside(x)]
            if fits:
                moved[k] = min(fits, key=lambda x: abs(x - seam))
        before = moved[k]
    if moved == seams:
        return Cuts(tuple(k * (tile - overlap) for k in range(count)), (tile,) * count, tuple(seams))
    starts = [0.0] + [x - overlap / 2 for x in moved]
    ends = [x + overlap / 2 for x in moved] + [length]
    return Cuts(tuple(starts), tuple(b - a for a, b in zip(starts, ends)), tuple(moved), even=False)


@dataclass(frozen=True)
class BoardPlan:
    """The board's tiles: the sheet they print on (upright or turned, whichever needs fewer
    sheets), and the cuts across and down the board."""

    size: tuple[float, float]
    cols: Cuts
    rows: Cuts


def board_plan(kit: Kit) -> BoardPlan:
    """Upright or landscape sheets, whichever holds the board at real size in fewer tiles (upright
    when equal); seams kept off the marked squares where the sheet allows."""
    geo = board_geometry(kit)
    files = {square % kit.board_files for square in kit.marked}
    ranks = {square // kit.board_files for square in kit.marked}
    across = tuple((geo.frame + f * geo.square, geo.frame + (f + 1) * geo.square) for f in sorted(files))
    down = tuple((geo.height - geo.frame_y - (r + 1) * geo.square, geo.height - geo.frame_y - r * geo.square)
                 for r in sorted(ranks))
    x_lines = tuple(geo.frame + k * geo.square for k in range(kit.board_files + 1))
    y_lines = tuple(geo.frame_y + k * geo.square for k in range(kit.board_ranks + 1))
    plans = []
    for size in (kit.page_size, kit.page_size[::-1]):
        frame = content_frame(kit, size)
        plans.append(BoardPlan(size, cuts(geo.width, frame.w, kit.board_overlap, across, x_lines),
                               cuts(geo.height, frame.h - mm(4), kit.board_overlap, down, y_lines)))
    upright, turned = plans
    return turned if turned.cols.count * turned.rows.count < upright.cols.count * upright.rows.count else upright


def board_tiles(kit: Kit) -> list[Page]:
    geo = board_geometry(kit)
    plan = board_plan(kit)
    frame = content_frame(kit, plan.size)
    width, height = plan.size
    cols, rows = plan.cols.count, plan.rows.count
    pages = []
    total = rows * cols
    for r in range(rows):
        for c in range(cols):
            name = f"{chr(ord('A') + r)}{c + 1}"
            tile_w, tile_h = plan.cols.sizes[c], plan.rows.sizes[r]
            top = geo.height - tile_h - r * (tile_h - kit.board_overlap) if plan.rows.even else \
                geo.height - plan.rows.starts[r] - tile_h
            region = Rect(c * (tile_w - kit.board_overlap) if plan.cols.even else plan.cols.starts[c], top,
                          tile_w, tile_h)
            clip = Rect(frame.x + (frame.w - tile_w) / 2, frame.y1 - tile_h, tile_w, tile_h)
            view = BoardView(x=clip.x - region.x, y=clip.y - region.y, scale=1.0, clip=clip,
                             region=region, tile=name,
                             over=tuple(s for s, yes in (("left", c > 0), ("top", r > 0)) if yes))
            lines = _tile_lines(kit, plan, view, width)
            where = []
            if c > 0:
                where.append(f"{chr(ord('A') + r)}{c}")
            if r > 0:
                where.append(f"{chr(ord('A') + r - 1)}{c + 1}")
            how = ("; trim on the solid seam line, lay it over " + " and ".join(where)) if where else ""
            caption = f"Board tile {name} ({len(pages) + 1} of {total}){how}"
            pages.append(Page("board", caption, width, height, lines=lines, board=view))
    return pages


def _tile_lines(kit: Kit, plan: BoardPlan, view: BoardView, width: float) -> list[Line]:
    """Crop marks at the board's outer edges, and the cut line on the seams this tile is laid over."""
    lines = []
    clip = view.clip
    geo = board_geometry(kit)
    ux, uy = view.x, view.y
    for x in (clip.x, clip.x1):
        lines.append(Line(x, clip.y1 + MARK_GAP, x, clip.y1 + mm(3), "mark"))
        lines.append(Line(x, clip.y - MARK_GAP, x, clip.y - mm(4), "mark"))
    for y in (clip.y, clip.y1):
        lines.append(Line(0, y, clip.x - MARK_GAP, y, "mark"))
        lines.append(Line(clip.x1 + MARK_GAP, y, width, y, "mark"))
    # Seams: a solid cut line on the tile that goes on top, a thin guide on the one beneath.
    for x in plan.cols.seams:
        if view.region.x < x < view.region.x1:
            px = ux + x
            style = "cut" if x - view.region.x < kit.board_overlap else "seam"
            lines.append(Line(px, clip.y, px, clip.y1, style))
            if style == "cut":
                lines.append(Line(px, clip.y1 + MARK_GAP, px, clip.y1 + mm(3), "mark"))
                lines.append(Line(px, clip.y - mm(4), px, clip.y - MARK_GAP, "mark"))
    for y in plan.rows.seams:
        y = geo.height - y
        if view.region.y < y < view.region.y1:
            py = uy + y
            style = "cut" if view.region.y1 - y < kit.board_overlap else "seam"
            lines.append(Line(clip.x, py, clip.x1, py, style))
            if style == "cut":
                lines.append(Line(0, py, clip.x - MARK_GAP, py, "mark"))
                lines.append(Line(clip.x1 + MARK_GAP, py, width, py, "mark"))
    return lines


TARGET = 0.32          # an alignment target's radius, as a fraction of the board's side frame
TARGET_REACH = 1.6     # its cross's arms, in radii


def target_radius(geo: BoardGeometry) -> float:
    return geo.frame * TARGET


def alignment_targets(kit: Kit) -> list[tuple[float, float]]:
    """Board points where the tiles' alignment targets sit: on every seam, at every other square
    corner along it, and at both ends in the frame, each where it covers none of the board's words
    (the frame's middle, else the board's edge, else none there)."""
    geo = board_geometry(kit)
    plan = board_plan(kit)
    reach = target_radius(geo) * TARGET_REACH
    words = kit.faces.board_words(geo) if kit.faces is not None else []

    def clear(x: float, y: float) -> bool:
        return not any(x - reach < w.x1 and w.x < x + reach and y - reach < w.y1 and w.y < y + reach
                       for w in words)

    def first_clear(*spots):
        return [spot for spot in spots if clear(*spot)][:1]

    points = []
    for x in plan.cols.seams:
        points += first_clear((x, geo.frame_y / 2), (x, geo.frame_y))
        points += first_clear((x, geo.height - geo.frame_y / 2), (x, geo.height - geo.frame_y))
        points += [(x, geo.frame_y + k * geo.square) for k in range(2, geo.ranks, 2)]
    for y in plan.rows.seams:
        y = geo.height - y
        points += first_clear((geo.frame / 2, y), (geo.frame, y))
        points += first_clear((geo.width - geo.frame / 2, y), (geo.width - geo.frame, y))
        points += [(geo.frame + k * geo.square, y) for k in range(2, geo.files, 2)]
    return sorted(set(points))


def mini_scale(kit: Kit) -> float:
    """The scale of the mini board: the whole board on one sheet, its notes under it."""
    return _mini_scale(board_geometry(kit), content_frame(kit))


def _mini_scale(geo: BoardGeometry, frame: Rect) -> float:
    return min(frame.w / geo.width, (frame.h - mm(30)) / geo.height)


def mini_board(kit: Kit) -> Page:
    geo = board_geometry(kit)
    frame = content_frame(kit)
    width, height = kit.page_size
    scale = _mini_scale(geo, frame)
    w, h = geo.width * scale, geo.height * scale
    x, y = frame.x + (frame.w - w) / 2, frame.y1 - h - mm(4)
    view = BoardView(x=x, y=y, scale=scale, clip=Rect(x, y, w, h), region=Rect(0, 0, geo.width, geo.height))
    return Page("mini", f"Mini board on one sheet ({mm_text(kit.square * scale)} mm squares): play on it "
                        f"with the mini pieces that follow, or set up and look things up", width, height, board=view)


def mini_piece_pages(kit: Kit) -> list[Page]:
    """The tokens that stand on the board (none larger than a square: not cards, screens or
    tracks) again at the mini board's scale, same faces, so the mini board can be played:
    single-sided sheets, two-sided pieces fold-over (duplex or not)."""
    scale = mini_scale(kit)
    pieces = [replace(p, width=p.width * scale, height=p.height * scale) for p in kit.pieces
              if p.kind == "token" and p.count and max(p.width, p.height) <= kit.square + 1e-6]
    blocks = [_block(kit, units, units[0].piece.double_sided) for units in _groups(pieces)]
    caption = f"Mini pieces for the mini board ({mm_text(kit.square * scale)} mm squares; print single-sided" + \
              ("; fold the two-sided pieces on the dashed line)" if any(b.fold for b in blocks) else ")")
    return [_sheet(kit, "mini-pieces", sheet, caption, compact) for sheet, compact in _stack(kit, blocks)]


# ---------------------------------------------------------------------------------------------
# Pieces


@dataclass(frozen=True, repr=False, eq=False)
class Unit:
    """One copy to cut out: its piece, its front face and its back face (None: one-sided)."""

    piece: Piece
    front: str
    back: str | None


@dataclass(frozen=True, repr=False, eq=False)
class Block:
    """A grid of units of one size and sidedness (of one piece or of several): the thing stacked
    on a sheet, its neighbours sharing their cut lines. `turned`: every unit lies turned a
    quarter, where that fits more of them on a sheet; `compact`: its sheets need the footer's room."""

    units: tuple[Unit, ...]
    fold: bool
    cols: int
    rows: int
    unit_w: float
    unit_h: float
    gutter: float
    turned: bool = False
    compact: bool = False

    @property
    def piece(self) -> Piece:
        return self.units[0].piece

    @property
    def width(self) -> float:
        return self.cols * self.unit_w + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.unit_h + (self.rows - 1) * self.gutter


def tracker_size(spaces: int, space: float, room: float) -> tuple[float, float, int, int]:
    """A tracker card's (width, height, cols, rows) for `spaces` spaces `space` wide within `room`:
    the spaces snake from the highest number down to 1, then a box (the Reserve) takes the rest of
    the last row (at least two cells)."""
    cols_max = max(3, int((room - 2 * TRACKER_PAD) // space))
    cells = spaces + 2
    rows = math.ceil(cells / cols_max)
    cols = math.ceil(cells / rows)
    if cells - (rows - 1) * cols < 2:
        rows += 1
    return cols * space + 2 * TRACKER_PAD, rows * space + TRACKER_TITLE + 2 * TRACKER_PAD, cols, rows


def tracker_cells(spaces: int, space: float, room: float) -> list[tuple[str, Rect]]:
    """A tracker's cells in path order, relative to the card's lower-left corner: ("6", rect),
    ..., ("1", rect), ("Reserve", rect) (the box, whatever a game calls it)."""
    width, height, cols, rows = tracker_size(spaces, space, room)
    cells = []
    labels = [str(n) for n in range(spaces, 0, -1)]
    for index in range(rows * cols):
        row, col = divmod(index, cols)
        if row % 2:
            col = cols - 1 - col
        rect = Rect(TRACKER_PAD + col * space, height - TRACKER_TITLE - TRACKER_PAD - (row + 1) * space,
                    space, space)
        if index < len(labels):
            cells.append((labels[index], rect))
        else:
            rest = rows * cols - index
            if row % 2:
                rect = Rect(rect.x - (rest - 1) * space, rect.y, rest * space, space)
            else:
                rect = Rect(rect.x, rect.y, rest * space, space)
            cells.append(("Reserve", rect))
            break
    return cells


def unit_size(kit: Kit, piece: Piece, fold: bool, room_w: float) -> tuple[float, float]:
    """The width and height of one unit of `piece` on a sheet (a fold-over pair is two wide; a
    tracker is sized to `room_w`)."""
    if piece.kind == "tracker":
        w, h, _, _ = tracker_size(piece.spaces, piece.width, room_w)
        return w, h
    return piece.width * (2 if fold else 1), piece.height


def gutter_for(kit: Kit) -> float:
    """The space between two pieces: none without bleed (neighbours share their cut lines); with
    bleed, both pieces' bleeds and a white gap that holds crop marks, so each cut is marked."""
    return 2 * kit.bleed + 2 * MARK_GAP + GUTTER_MARK if kit.bleed else 0.0


def mark_band(kit: Kit) -> float:
    """The room above and below a block of pieces for the crop marks of its vertical cuts."""
    return kit.bleed + MARK_GAP + MARK_LEN


def _groups(pieces, duplex: str | None = None) -> list[tuple[Unit, ...]]:
    """The copies of the pieces, grouped: tokens of one size and sidedness together (they share
    sheets and cut lines, whichever kind they are), every other piece on its own; in the order of
    components.toml. Printed `duplex`, a piece with the same face on both sides is one-sided."""
    groups: dict[tuple, list[Unit]] = {}
    for piece in pieces:
        if piece.count == 0:
            continue
        once = bool(duplex) and piece.same_both_sides
        key = ("token", round(piece.width, 2), round(piece.height, 2), piece.double_sided and not once) \
            if piece.kind == "token" else (piece.key,)
        groups.setdefault(key, []).extend(Unit(piece, front, None if once else back)
                                          for front, back in piece.copies())
    return [tuple(units) for units in groups.values()]


def _grid(kit: Kit, unit_w: float, unit_h: float, compact: bool) -> tuple[int, int]:
    """How many units of this size a sheet holds across and down."""
    frame = content_frame(kit, compact=compact)
    gutter = gutter_for(kit)
    room_w = frame.w - 2 * (kit.bleed + MARK_GAP)      # the horizontal marks need room beside the block
    room_h = frame.h - 2 * mark_band(kit)
    return (max(1, int((room_w + gutter + 1e-6) // (unit_w + gutter))),
            max(1, int((room_h + gutter + 1e-6) // (unit_h + gutter))))


def _block(kit: Kit, units: tuple[Unit, ...], fold: bool) -> Block:
    """The units as a grid, upright or turned a quarter, on sheets with or without the footer:
    the way that needs the fewest sheets (upright, with the footer, when equal)."""
    piece = units[0].piece
    unit_w, unit_h = unit_size(kit, piece, fold, content_frame(kit).w)
    gutter = gutter_for(kit)
    best = None
    ways = [(False, False)] if piece.kind != "token" else \
        [(False, False), (False, True), (True, False), (True, True)]
    for turned, compact in ways:
        w, h = (unit_h, unit_w) if turned else (unit_w, unit_h)
        across, down = _grid(kit, w, h, compact)
        sheets = math.ceil(len(units) / (across * down))
        if best is None or sheets < best[0]:
            best = (sheets, turned, compact, w, h, across)
    _, turned, compact, w, h, across = best
    rows = math.ceil(len(units) / across)
    cols = math.ceil(len(units) / rows) if rows else 0
    return Block(units, fold, cols, rows, w, h, gutter, turned, compact)


def _split(kit: Kit, block: Block) -> list[Block]:
    """A block too tall for one sheet, cut into blocks of whole rows."""
    rows_fit = _grid(kit, block.unit_w, block.unit_h, block.compact)[1]
    if block.rows <= rows_fit:
        return [block]
    parts = []
    per = rows_fit * block.cols
    for start in range(0, len(block.units), per):
        chunk = block.units[start:start + per]
        parts.append(replace(block, units=chunk, rows=math.ceil(len(chunk) / block.cols)))
    return parts


def _stack(kit: Kit, blocks: list[Block]) -> list[tuple[list[Block], bool]]:
    """First fit, in the order of components.toml: each block, with its mark bands above and
    below, on the first sheet with room (compact sheets, without the footer band, apart); each
    sheet with whether it is compact."""
    band = mark_band(kit)
    sheets: list[tuple[list[Block], bool]] = []
    used: list[float] = []
    for block in (part for b in blocks for part in _split(kit, b)):
        room = content_frame(kit, compact=block.compact).h
        height = block.height + 2 * band
        for index, total in enumerate(used):
            if sheets[index][1] == block.compact and total + BLOCK_GAP + height <= room + 1e-6:
                sheets[index][0].append(block)
                used[index] += BLOCK_GAP + height
                break
        else:
            sheets.append(([block], block.compact))
            used.append(height)
    return sheets


def _sheet(kit: Kit, kind: str, blocks: list[Block], caption: str, compact: bool = False) -> Page:
    width, height = kit.page_size
    frame = content_frame(kit, compact=compact)
    page = Page(kind, caption, width, height, compact=compact)
    band = mark_band(kit)
    top = frame.y1 - band
    for block in blocks:
        _place_block(kit, page, block, frame.x + (frame.w - block.width) / 2, top - block.height)
        top -= block.height + 2 * band + BLOCK_GAP
    return page


def _place_block(kit: Kit, page: Page, block: Block, x0: float, y0: float) -> None:
    b = kit.bleed
    grid: dict[tuple[int, int], Rect] = {}
    for index, unit in enumerate(block.units):
        piece = unit.piece
        row, col = divmod(index, block.cols)
        x = x0 + col * (block.unit_w + block.gutter)
        y = y0 + block.height - (row + 1) * block.unit_h - row * block.gutter
        rect = grid[row, col] = Rect(x, y, block.unit_w, block.unit_h)
        if piece.kind != "token":
            page.placements.append(Placement(piece.kind, piece.key, "front", rect))
        elif unit.back is not None and block.fold and block.turned:    # the back above its front
            w = piece.width
            low, high = Rect(x, y, rect.w, w), Rect(x, y + w, rect.w, w)
            page.placements.append(Placement(unit.front, piece.key, "front", low, low.grown(b, b, b, 0), turn=90))
            page.placements.append(Placement(unit.back, piece.key, "back", high, high.grown(b, 0, b, b), turn=90))
            page.lines.append(Line(x, y + w, x + rect.w, y + w, "fold"))
        elif unit.back is not None and block.fold:
            w = piece.width
            left, right = Rect(x, y, w, rect.h), Rect(x + w, y, w, rect.h)
            page.placements.append(Placement(unit.front, piece.key, "front", left, left.grown(b, b, 0, b)))
            page.placements.append(Placement(unit.back, piece.key, "back", right, right.grown(0, b, b, b)))
            page.lines.append(Line(x + w, y, x + w, y + rect.h, "fold"))
        else:
            page.placements.append(Placement(unit.front, piece.key, "front", rect, back=unit.back,
                                             turn=90 if block.turned else 0))
        if b == 0:
            page.lines += [Line(rect.x, rect.y, rect.x1, rect.y, "cut"), Line(rect.x, rect.y1, rect.x1, rect.y1, "cut"),
                           Line(rect.x, rect.y, rect.x, rect.y1, "cut"), Line(rect.x1, rect.y, rect.x1, rect.y1, "cut")]
    page.lines += crop_marks(grid, block.rows, b, block.gutter, page.width)


def crop_marks(grid: dict[tuple[int, int], Rect], rows: int, bleed: float, gutter: float,
               width: float) -> list[Line]:
    """Crop marks for a grid of pieces {(row, col): trim rect}: each edge of each piece is marked
    at both ends, just outside its bleed. A horizontal cut's marks run out to both sheet edges (the
    first cuts go edge to edge); a vertical cut's marks stand MARK_LEN above and below the block,
    and, with bleed, in the white gap between two pieces (so a strip cut from the sheet still
    shows every cut). Without bleed neighbours share their cut lines, drawn as lines."""
    clear = bleed + MARK_GAP
    inner = gutter - 2 * clear                # the length of a mark between two pieces
    marks = set()
    for (row, col), u in grid.items():
        last = (row, col + 1) not in grid
        for y in (u.y, u.y1):
            marks.add((0.0 if col == 0 else u.x - clear - inner, y, u.x - clear, y))
            marks.add((u.x1 + clear, y, width if last else u.x1 + clear + inner, y))
        for x in (u.x, u.x1):
            marks.add((x, u.y1 + clear, x, u.y1 + clear + (MARK_LEN if row == 0 else inner)))
            marks.add((x, u.y - clear - (MARK_LEN if row == rows - 1 else inner), x, u.y - clear))
    return [Line(*m, "mark") for m in sorted(marks) if (m[2] - m[0]) + (m[3] - m[1]) > 1e-6]   # no gap, no mark


def _caption(blocks: list[Block], how: str) -> str:
    names = []
    for block in blocks:
        for unit in block.units:
            if unit.piece.name not in names:
                names.append(unit.piece.name)
    return ", ".join(names) + f" ({how})"


def piece_pages(kit: Kit) -> list[Page]:
    single, double = [], []
    for units in _groups(kit.pieces, kit.duplex):
        piece = units[0].piece
        block = _block(kit, units, piece.double_sided and kit.duplex is None)
        (double if piece.printed_duplex(kit) else single).append(block)
    pages = [_sheet(kit, "pieces", sheet, _caption(sheet, "print single-sided" + (
        "; fold the two-sided pieces on the dashed line" if any(b.fold for b in sheet) else "")), compact)
        for sheet, compact in _stack(kit, single)]
    fronts = []
    for sheet, compact in _stack(kit, double):
        front = _sheet(kit, "duplex", sheet, _caption(sheet, f"front; print double-sided, flip on the "
                                                             f"{kit.duplex} edge"), compact)
        front.double_sided = True
        fronts.append(front)
        pages += [front, back_page(kit, front)]
    for shift in SHIFTS[1:]:
        pages += [back_page(kit, front, shift) for front in fronts]
    return pages


def back_offset(kit: Kit, shift: tuple[int, int] = (0, 0)) -> tuple[float, float]:
    """The offset of a back page: the kit's, plus `shift` steps of SHIFT_STEP."""
    return kit.back_offset[0] + shift[0] * SHIFT_STEP, kit.back_offset[1] + shift[1] * SHIFT_STEP


def mirror(kit: Kit, rect: Rect, width: float, height: float, shift: tuple[int, int] = (0, 0)) -> Rect:
    """Where the back of `rect` goes on the back page: behind it, plus the printer's offset."""
    dx, dy = back_offset(kit, shift)
    if kit.duplex == "short":
        return Rect(rect.x + dx, height - rect.y - rect.h + dy, rect.w, rect.h)
    return Rect(width - rect.x - rect.w + dx, rect.y + dy, rect.w, rect.h)


def shift_text(shift: tuple[int, int]) -> str:
    """A shifted back page's offset as the calibration sheet reads it: "X +3, Y 0 mm"."""
    return ", ".join(f"{axis} {step * SHIFT_STEP / mm(1):+g}".replace("+0", "0")
                     for axis, step in zip("XY", shift)) + " mm"


def back_page(kit: Kit, front: Page, shift: tuple[int, int] = (0, 0)) -> Page:
    """The backs behind a duplex page's fronts, `shift` steps off the kit's offset. A
    quarter-turned piece's back turns the other way when the sheet flips on the long edge (left and
    right swap), the same way on the short edge."""
    caption = front.caption.replace("front;", "back;")
    if shift != (0, 0):
        caption = f"Shifted back ({shift_text(shift)}) of " + caption.replace("back;", "") + \
            ": print it instead of the usual back only when the calibration sheet says so"
    page = Page("back", caption, front.width, front.height, double_sided=True, compact=front.compact,
                front=front, shift=shift)
    for placement in front.placements:
        if placement.back is not None:
            turn = (360 - placement.turn) % 360 if kit.duplex == "long" else placement.turn
            page.placements.append(Placement(placement.back, placement.piece, "back",
                                             mirror(kit, placement.rect, front.width, front.height, shift),
                                             turn=turn))
    return page


def calibration(kit: Kit) -> list[Page]:
    width, height = kit.page_size
    frame = content_frame(kit)
    spots = [(frame.x + fx * frame.w, frame.y + fy * frame.h) for fx, fy in CAL_SPOTS]
    front = Page("calibration", "Duplex calibration, front: print this sheet double-sided with the "
                                "kit's settings", width, height, spots=spots, double_sided=True)
    back = Page("calibration-back", "Duplex calibration, back: hold to the light and read the scales",
                width, height, double_sided=True, front=front)
    for x, y in spots:
        r = mirror(kit, Rect(x, y, 0, 0), width, height)
        back.spots.append((r.x, r.y))
    return [front, back]


def prints_duplex(kit: Kit) -> bool:
    """Whether the kit has back pages: printed double-sided, with a piece whose back differs."""
    return any(piece.count and piece.printed_duplex(kit) for piece in kit.pieces)


def cover(kit: Kit) -> list[Page]:
    """The cover: what to print, what else is needed, how to cut and fold (and what is in the box
    when it fits); then, for a game with a board, the set-up at a glance with its picture."""
    width, height = kit.page_size
    pages = [Page("cover", "What to print, what you need, how to cut and fold", width, height)]
    if kit.hooks.board:
        pages.append(Page("cover-box", "The set-up at a glance", width, height))
    return pages


def pages_before_extra(kit: Kit) -> int:
    """The pages before the extra pages (the rulebook): the cover, and the calibration pair."""
    return len(cover(kit)) + (2 if prints_duplex(kit) else 0)


def impose(kit: Kit, extra: int = 0) -> list[Page]:
    """Every page of the kit, in order. `extra` blank "extra" pages follow the cover and the
    calibration pair (the rulebook's place); the renderer fills them."""
    width, height = kit.page_size
    pages = cover(kit)
    if prints_duplex(kit):
        pages += calibration(kit)
    pages += [Page("extra", "", width, height) for _ in range(extra)]
    if kit.hooks.board:
        pages += board_tiles(kit)
        pages.append(mini_board(kit))
        pages += mini_piece_pages(kit)
    pages += piece_pages(kit)
    return pages
