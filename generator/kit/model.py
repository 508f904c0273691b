"""The print model: what the kit prints, read from a game's [print] and [pieces] tables.

No reportlab here. Every length is in points, parsed once by `generator.units`. Piece sizes are
a fraction of the board square (a bare number) or a length ("31.5mm", "1.25in"); a rectangle is
two of those, as `[w, h]` or "95mm x 140mm". Counts are whole numbers or the name of a count of
the game's numbers (`pnp rules` lists them), so a piece follows the game's
numbers. The art names are the faces the game package registers (`Game.faces`).

Schema (components.toml)::

    [print]
    square = "45mm"          # one board square
    paper = "a4"             # a4 | letter | both
    margin = "8mm"           # clear edge on every sheet (home printers cannot print there)
    board_overlap = "10mm"   # how far neighbouring board tiles overlap
    bleed = "0mm"            # art beyond each cut line; > 0 spaces pieces 2 x bleed + 4 mm apart,
                             # with crop marks in the gaps (every page's TrimBox is the sheet)

    [pieces.NAME]
    name = "Hero"                            # as printed in the parts list
    plural = "Heroes"                        # its plural there (default: made from the name)
    kind = "token"                           # token (default) | tracker | aid
    count = "heroes"                         # a number or the name of one of the game's numbers
    size = 0.7                               # fraction of a square, a length, or [w, h]
    front = "hero-front"                     # the art of the front face
    back = "hero-back"                       # one reverse for every copy, or:
    backs = { hero-leader = "leaders", ... } # reverses by count; they must add up to `count`
    faces = [["red-1", "red-back", 4], ...]  # or: copies with their own front and back ("" none)
    labels = { hero-leader = "Leader" }      # text printed on a face (default: the art's own)
    spaces = "tracker_spaces"                # tracker only: number of spaces
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from ..errors import UsageError, did_you_mean
from ..games.base import Game, KitHooks
from ..tables import TableReader
from ..units import mm, parse_length
from .faces import FaceSet

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (612.0, 792.0),
    # Content that fits either sheet: the width of A4 and the height of Letter, printed at 100%.
    "both": (mm(210), 792.0),
}
KINDS = ("token", "tracker", "aid")
DUPLEX = ("long", "short")

PRINT_KEYS = ("square", "paper", "margin", "board_overlap", "bleed")
PIECE_KEYS = ("name", "kind", "count", "size", "front", "back", "backs", "faces", "labels", "spaces", "plural")

DEFAULT_PRINT: dict[str, Any] = {
    "square": "45mm", "paper": "a4", "margin": "8mm", "board_overlap": "10mm", "bleed": "0mm",
}

# Sanity limits: a board square a person can play on, and pieces a person can cut out (a count is
# at most games.base.MAX_COPIES, read by generator.tables).
SQUARE_RANGE = (mm(15), mm(80))
MARGIN_RANGE = (mm(3), mm(25))      # home printers cannot print nearer the edge
OVERLAP_RANGE = (mm(3), mm(40))
BLEED_RANGE = (0.0, mm(5))
# Printed double-sided with backs that differ (hidden reverses, tiles), every piece has at least this
# much bleed: a home printer's backs land up to a couple of millimetres off, and the bleed keeps
# that from showing a neighbour's back or white. (A deck with one common back keeps its shared cut
# lines: a neighbour's back is the same picture, and the cards stay 3 x 3 on a sheet.)
DUPLEX_BLEED = mm(2)
PIECE_MIN = mm(8)
PAPER_NAMES = {"a4": "an A4", "letter": "a Letter", "both": "an A4 or a Letter"}
SLUG_LENGTH = 60  # characters of the title in a file name


@dataclass(frozen=True, repr=False, eq=False)
class Piece:
    """One kind of piece: its trim size in points, its faces, how many copies."""

    key: str
    name: str
    kind: str
    width: float
    height: float
    count: int
    front: str = ""
    backs: tuple[tuple[str, int], ...] = ()     # (art, copies); empty for single-sided
    labels: tuple[tuple[str, str], ...] = ()    # (art, text): every face's, defaults included
    spaces: int = 0
    pairs: tuple[tuple[str, str, int], ...] = ()  # (front, back or "", copies): a mixed piece
    plural: str = ""                              # the name's plural, when not made by rule

    @property
    def double_sided(self) -> bool:
        return bool(self.backs)

    @property
    def same_both_sides(self) -> bool:
        """Two-sided with the front's art on every back (a marker that reads either way up):
        printed once, on a single-sided sheet, when the kit prints double-sided."""
        return self.double_sided and all(back == self.front for back, _ in self.backs) and not self.pairs

    def printed_duplex(self, kit: "Kit") -> bool:
        """Whether this piece's backs go on back pages (the kit prints double-sided)."""
        return kit.duplex is not None and self.double_sided and not self.same_both_sides

    def label(self, face: str) -> str:
        return dict(self.labels).get(face, "")

    def secret_side(self, front: str, back: str | None) -> str:
        """Which face of the copy (front, back) keeps a secret: "front" when other copies share its
        back but not its front (hidden values: warriors of several strengths), "back" when they
        share its front but not its back (hidden reverses, one front for all), else ""."""
        if not back:
            return ""
        copies = self.copies()
        if any(f != front and b == back for f, b in copies):
            return "front"
        return "back" if any(f == front and b != back for f, b in copies) else ""

    def copies(self) -> list[tuple[str, str | None]]:
        """Each copy as (front face, back face or None), in a fixed order."""
        if self.kind != "token":
            return [(self.key, None)] * self.count
        if self.pairs:
            return [(front, back or None) for front, back, n in self.pairs for _ in range(n)]
        if not self.backs:
            return [(self.front, None)] * self.count
        return [(self.front, back) for back, n in self.backs for _ in range(n)]


@dataclass(frozen=True, repr=False, eq=False)
class Kit:
    """Everything the layout needs: the game's identity, the print settings and the pieces."""

    title: str
    version: str
    date: str
    designer: str
    square: float
    paper: str
    margin: float
    board_overlap: float
    bleed: float
    pieces: tuple[Piece, ...]
    duplex: str | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    board_files: int = 8
    board_ranks: int = 8
    marked: tuple[int, ...] = ()      # the board's special squares: its tiles' seams keep off them
    counts: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    faces: FaceSet | None = field(default=None, compare=False, hash=False)
    hooks: KitHooks = field(default_factory=KitHooks, compare=False, hash=False)
    template: Callable[[str], Path] | None = field(default=None, compare=False, hash=False)  # Game.template

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    tags: tuple[str, ...] = ()   # variants for the file name: ("square50mm", "bleed2mm", "inksaver")

    @property
    def slug(self) -> str:
        """The title for file names: accents folded to ASCII, symbols dropped ("game" if nothing is
        left), cut at a word to at most SLUG_LENGTH characters."""
        ascii_title = unicodedata.normalize("NFKD", self.title).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
        return slug[:SLUG_LENGTH].rsplit("-", 1)[0] if len(slug) > SLUG_LENGTH else slug or "game"

    def piece(self, key: str) -> Piece:
        for piece in self.pieces:
            if piece.key == key:
                return piece
        raise KeyError(key)


def _art(r: TableReader, section: str, key: str, value: Any) -> str:
    """A face the game's kit draws, by name, or the designer's art file (loaded with the game)."""
    if not isinstance(value, str) or value not in r.game.faces.draw:
        hint = did_you_mean(value, r.game.faces.names) if isinstance(value, str) else ""
        raise r.error(section, key, f"unknown art {value!r}{hint}; the kit draws: {', '.join(r.game.faces.names)}, "
                                    f"or give a file of the game folder such as \"art/hero.svg\"")
    return value


def _piece(r: TableReader, hooks: KitHooks, key: str, table: Any) -> Piece:
    game, section = r.game, f"pieces.{key}"
    table = r.table(section, table, PIECE_KEYS)
    kind = r.choice(section, "kind", table.get("kind", "token"), KINDS)
    if "size" not in table:
        raise r.error(section, None, "needs a size (a fraction of the square, a length, or [w, h])")
    width, height = r.size(section, "size", table["size"])
    if min(width, height) < PIECE_MIN:
        raise r.error(section, "size", f"{width / mm(1):.1f} x {height / mm(1):.1f} mm is too small to cut "
                                       f"out (at least {PIECE_MIN / mm(1):.0f} mm)")
    count = r.count(section, "count", table.get("count", 1))
    name = r.text(section, "name", table.get("name", key.replace("_", " ").capitalize()))
    plural = r.text(section, "plural", table["plural"], one_line=True) if "plural" in table else ""
    front, backs, spaces, pairs = "", (), 0, ()
    if kind == "token" and "faces" in table:
        pairs = _pairs(r, section, table, count if "count" in table else None)
        front, count = pairs[0][0], sum(n for _, _, n in pairs)
        backs = tuple((b, n) for _, b, n in pairs if b)
    elif kind == "token":
        if "front" not in table:
            raise r.error(section, None, f"needs front = an art name ({', '.join(game.faces.names)})")
        front = _art(r, section, "front", table["front"])
        if "back" in table and "backs" in table:
            raise game.error(section, "backs", f"[{section}] has both back and backs; use one")
        if "back" in table:
            backs = ((_art(r, section, "back", table["back"]), count),)
        elif "backs" in table:
            if not isinstance(table["backs"], dict) or not table["backs"]:
                raise r.error(section, "backs", "expected a table of art = count, such as "
                                                "{ hero-leader = \"leaders\" }")
            backs = tuple((_art(r, section, "backs", art), r.count(section, "backs", n))
                          for art, n in table["backs"].items())
            total = sum(n for _, n in backs)
            if total != count:
                detail = " + ".join(f"{n} {art}" for art, n in backs)
                raise game.error(section, "backs", f"[{section}] backs add up to {total} ({detail}) "
                                                   f"but count is {count}")
    else:
        for name_ in ("front", "back", "backs", "faces"):
            if name_ in table:
                raise game.error(section, name_, f"[{section}] a {kind} has no {name_} (its art is "
                                                 f"drawn by the kit)")
    if kind == "tracker":
        if "spaces" not in table:
            raise r.error(section, None, "a tracker needs spaces = a number or a count name")
        spaces = r.count(section, "spaces", table["spaces"])
    elif "spaces" in table:
        raise game.error(section, "spaces", f"[{section}] spaces is for kind = \"tracker\" only")
    labels = table.get("labels", {})
    if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
        raise r.error(section, "labels", "expected a table of art = \"text\"")
    faces = {front, *(art for art, _ in backs), *(art for f, b, _ in pairs for art in (f, b))} - {""}
    for art in labels:
        if art not in faces:
            raise r.error(section, "labels", f"{art!r} is not a face of this piece ({', '.join(sorted(faces))})")
    defaults = {face: game.faces.labels.get(face, "") for face in faces}
    piece = Piece(key=key, name=name, kind=kind, width=width, height=height, count=count, front=front,
                  backs=backs, labels=tuple(sorted({**defaults, **labels}.items())), spaces=spaces,
                  pairs=pairs, plural=plural)
    problem = hooks.check(piece)
    if problem:
        raise game.error(section, "spaces" if kind == "tracker" else None, f"[{section}] {problem}")
    return piece


def _pairs(r: TableReader, section: str, table: dict, count: int | None) -> tuple[tuple[str, str, int], ...]:
    """`faces = [[front, back, copies], ...]`: every back given, or none."""
    if any(k in table for k in ("front", "back", "backs")):
        raise r.game.error(section, "faces", f"[{section}] has faces and front/back; use one")
    rows = table["faces"]
    if not isinstance(rows, list) or not rows or not all(isinstance(row, list) and len(row) == 3 for row in rows):
        raise r.error(section, "faces", "expected a list of [front, back, count], such as "
                                        "[[\"red-1\", \"red-back\", 4]]")
    pairs = tuple((_art(r, section, "faces", f), _art(r, section, "faces", b) if b else "",
                   r.count(section, "faces", n)) for f, b, n in rows)
    if len({bool(b) for _, b, _ in pairs}) > 1:
        raise r.error(section, "faces", "give every copy a back, or none")
    total = sum(n for _, _, n in pairs)
    if count is not None and total != count or total == 0:
        raise r.game.error(section, "faces", f"[{section}] faces add up to {total} but count is {count}")
    return pairs


def load_kit(game: Game, *, paper: str | None = None, square: str | float | None = None,
             duplex: str | None = None, back_offset: tuple[float, float] = (0.0, 0.0),
             ink_saver: bool = False) -> Kit:
    """The print model of `game`, with the command line's choices laid over [print]."""
    r = TableReader(game)
    settings = {**DEFAULT_PRINT, **r.table("print", game.tables.get("print", {}), PRINT_KEYS)}
    if square is not None:
        try:
            side = parse_length(square) if not isinstance(square, (int, float)) else float(square)
        except ValueError as exc:
            raise UsageError(f"--square: {exc}") from None
    else:
        side = r.length("print", "square", settings["square"])
    if not SQUARE_RANGE[0] <= side <= SQUARE_RANGE[1]:
        where = "--square" if square is not None else "[print] square"
        message = (f"{where} must be 15 to 80 mm (a playable chess board), got "
                   f"{side / mm(1):.1f} mm")
        if square is not None:
            raise UsageError(message)
        raise game.error("print", "square", message)
    r.square = side
    if paper is None:
        paper = r.choice("print", "paper", settings["paper"], tuple(PAPERS))
    elif paper not in PAPERS:
        raise ValueError(f"paper must be a4, letter or both, not {paper!r}")
    if duplex is not None and duplex not in DUPLEX:
        raise ValueError(f"duplex must be long or short, not {duplex!r}")
    margin = r.length("print", "margin", settings["margin"], *MARGIN_RANGE)
    overlap = r.length("print", "board_overlap", settings["board_overlap"], *OVERLAP_RANGE)
    bleed = r.length("print", "bleed", settings["bleed"], *BLEED_RANGE)
    tags = ((f"square{side / mm(1):g}mm",) if square is not None else ()) + \
        ((f"bleed{bleed / mm(1):g}mm",) if bleed else ()) + (("inksaver",) if ink_saver else ())
    tables = r.entries("pieces", game.tables.get("pieces", game.faces.default_pieces))
    if not tables:
        raise r.error("pieces", None, "is empty: no pieces to print (add [pieces.NAME] tables, "
                                      "or leave [pieces] out for the game's own)")
    hooks = game.kit_hooks()
    pieces = tuple(_piece(r, hooks, key, table) for key, table in tables.items())
    kit = Kit(title=game.info.title, version=game.info.version, date=game.info.date,
              designer=game.info.designer, square=side, paper=paper, margin=margin,
              board_overlap=overlap, bleed=bleed, pieces=pieces, duplex=duplex,
              back_offset=back_offset, ink_saver=ink_saver, board_files=game.board.files,
              board_ranks=game.board.ranks, marked=tuple(sorted({s for _, squares in game.board.marked for s in squares})),
              faces=game.faces, hooks=hooks, template=game.template,
              counts={k: v for k, v in game.template_values().items() if isinstance(v, int)},
              tags=tags)
    if duplex is not None and any(piece.printed_duplex(kit) and len({back for back, _ in piece.backs}) > 1
                                  for piece in pieces):
        kit = replace(kit, bleed=max(bleed, DUPLEX_BLEED))   # backs that differ: none may show a neighbour's
    _check_fits(game, kit)
    return kit


def _check_fits(game: Game, kit: Kit) -> None:
    width, height = kit.page_size
    room_w, room_h = width - 2 * kit.margin, height - 2 * kit.margin - mm(20)
    for piece in kit.pieces:
        w = piece.width * (2 if piece.double_sided and kit.duplex is None else 1) + 2 * kit.bleed
        h = piece.height + 2 * kit.bleed
        if piece.kind == "tracker":
            w = piece.width * 2 + mm(12)
        if w > room_w or h > room_h:
            raise game.error(f"pieces.{piece.key}", "size",
                             f"[pieces.{piece.key}] size: {w / mm(1):.1f} x {h / mm(1):.1f} mm does "
                             f"not fit on {PAPER_NAMES.get(kit.paper, kit.paper)} sheet ({room_w / mm(1):.0f} x "
                             f"{room_h / mm(1):.0f} mm inside the margins)")


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset X,Y`: lengths, bare numbers in millimetres ("0.5,-1.2" or "1mm,0")."""
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f"--back-offset: expected X,Y such as 0.5,-1.2 (mm), got {text!r}")
    result = []
    for part in parts:
        sign = -1.0 if part.startswith("-") else 1.0
        try:
            result.append(sign * parse_length(part.lstrip("+-"), mm(1)))
        except ValueError:
            raise ValueError(f"--back-offset: bad length {part!r} in {text!r}; expected X,Y "
                             f"in mm such as 0.5,-1.2") from None
    if max(abs(v) for v in result) > mm(10):
        raise ValueError(f"--back-offset: {text!r} is more than 10 mm; measure again with the "
                         f"calibration page")
    return result[0], result[1]


def with_options(kit: Kit, **changes: Any) -> Kit:
    return replace(kit, **changes)
