"""Read a data-only game's sections of components.toml into faces, pieces and a board.

Each section declares components of one kind (docs/components.md lists every key); each entry
becomes faces drawn by `generator.kit.kinds` and one generated `[pieces]` table the generic kit
prints. Every error names components.toml and the line of the offending key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ...errors import GameFileError, read_text
from ...kit import artfile, kinds
from ...kit.faces import FaceSet
from ...pdf import hx
from ...tables import TableReader, whole_numbers
from ...units import mm, parse_length
from ..base import MAX_COPIES, BoardSpec, Game, KitHooks
from ..grid import MAX_FILES, MAX_RANKS
from ..symbols import GRID_CHARS, SYMBOLS

SECTIONS = ("numbers", "style", "sides", "board", "tiles", "tokens", "tracks", "screens", "cards")
SHAPES = ("square", "round", "edge")
DEFAULT_SQUARE = mm(45)
STRIP_ROOM = mm(180)        # the longest track strip: fits A4 and Letter inside the margins
MAX_SIZE = mm(400)          # the largest side of any component (a screen, a board tile)
MAX_TRACK = 200             # spaces on one scoring track
MAX_NUMBER = 10_000         # a number printed on a component (a track's first and last space)
TRACK_CELL = (mm(6), mm(40))  # a track space a finger can point at, a strip that fits the sheet
NEUTRAL = "#d8c9a8"


def _no_board(*args, **kwargs) -> None:
    return None


@dataclass(frozen=True)
class Design:
    """What a data-only game's sections make: the board, the faces, the generated [pieces]
    tables, the names a template or a count may use, the kit's words, and warnings (low dpi)."""

    board: BoardSpec = BoardSpec(8, 8)
    faces: FaceSet = field(default_factory=lambda: FaceSet({}, {}, _no_board, sized=True))
    pieces: dict[str, dict] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    hooks: KitHooks = field(default_factory=KitHooks)
    warnings: tuple[str, ...] = ()
    sources: dict[str, str] = field(default_factory=dict)  # a generated [pieces] table's own section
    sides: tuple["Side", ...] = ()                         # the [sides.NAME] tables, in order
    owners: dict[str, str] = field(default_factory=dict)   # face name -> the side it is made for


@dataclass(frozen=True)
class Side:
    key: str
    name: str
    colour: Any
    emblem: Any


class Reader(TableReader):
    """The typed reads of `TableReader` over a data-only game's tables, with the faces, labels
    and generated [pieces] tables they make; counts may name the game's [numbers]."""

    NAMES = "a [numbers] name"

    def __init__(self, game: Game, data: dict[str, Any]):
        super().__init__(game, self._square(game))
        self.data = data
        self.draw: dict[str, Callable] = {}
        self.labels: dict[str, str] = {}
        self.owners: dict[str, str] = {}
        self.pieces: dict[str, dict] = {}
        self.sources: dict[str, str] = {}
        self.warnings: list[str] = []
        self.totals: dict[str, int] = {}     # each generated piece's number of copies, by its name
        self._numbers: dict[str, Any] | None = None     # read once, on first use
        self._sides: list[Side] | None = None

    @staticmethod
    def _square(game: Game) -> float:
        value = game.tables.get("print", {}).get("square", "45mm")
        try:
            return parse_length(str(value))
        except ValueError:
            return DEFAULT_SQUARE

    def named(self, section: str) -> dict[str, Any]:
        """The entries of the section `section`, such as [tokens.NAME]."""
        return self.entries(section, self.data.get(section, {}))

    def colour(self, section: str, key: str, value: Any):
        return hx(super().colour(section, key, value))

    def count_names(self) -> dict[str, int]:
        return whole_numbers(self.numbers())

    def numbers(self) -> dict[str, Any]:
        if self._numbers is None:
            self._numbers = {k: v for k, v in self.data.get("numbers", {}).items()
                             if isinstance(v, (int, str, float))}
        return self._numbers

    def art(self, section: str, key: str, value: Any):
        """An art file of the game folder, loaded."""
        return artfile.load(self.path(section, key, value, artfile.SVG + artfile.IMAGES))

    def mark(self, section: str, key: str, value: Any):
        """A built-in mark name, or an art file."""
        if isinstance(value, str) and value in kinds.MARKS:
            return value
        if isinstance(value, str) and "." not in value:
            raise self.error(section, key, f"unknown mark {value!r}; marks: {', '.join(kinds.MARKS)}, "
                                           f"or an art file such as \"art/lion.svg\"")
        return self.art(section, key, value)

    def render(self, section: str, key: str, text: str, path: Path | None = None) -> str:
        """A template over the game's numbers, rendered in the sandbox (generator/sandbox.py);
        errors name the template file's line, or components.toml's for a text written there."""
        from ...sandbox import TemplateFault, render

        where = path if path is not None else self.game.path
        try:
            return render(text, self.values(), where, includes=self.game.root / "templates")
        except TemplateFault as exc:
            if path is not None or exc.path != where:  # a template file, or a file it included
                raise GameFileError(exc.path, exc.line, f"template: {exc.message}") from None
            base, line = self.game.line_of(section, key), exc.line
            if base is not None and line is not None:    # a """ string starts on the next line
                opened = self.game.source.splitlines()[base - 1].rstrip().endswith(('"""', "'''"))
                base += line - 1 + opened
            raise GameFileError(self.game.path, base, f"[{section}] {key}: {exc.message}") from None

    def body(self, section: str, entry: dict[str, Any]) -> str:
        """An entry's text: `text` (a template) or `template` (a template file of the folder)."""
        if "text" in entry and "template" in entry:
            raise self.error(section, "template", "give text or template, not both")
        if "template" in entry:
            path = self.path(section, "template", entry["template"], (".j2", ".md", ".txt"))
            return self.render(section, "template", read_text(path, GameFileError), path)
        return self.render(section, "text", self.text(section, "text", entry.get("text", "")))

    def values(self) -> dict[str, Any]:
        """The names a template or a count may use: the base game's (title, version, designer),
        the sides, the [numbers] and the totals of the components read so far."""
        sides = [s.name for s in self.sides()] if "sides" in self.data else []
        return {**Game.template_values(self.game), "sides": sides, **self.numbers(), **self.totals}

    def add(self, name: str, draw: Callable, label: str = "", side: Side | None = None) -> str:
        self.draw[name] = draw
        if label:
            self.labels[name] = label
        if side is not None:
            self.owners[name] = side.key
        return name

    def piece(self, section: str, key: str, name: str, size: tuple[float, float],
              faces: list[list[Any]], raw: Any = None) -> None:
        """A generated [pieces] table; `raw` keeps a size given as a fraction of the square, so
        that --square rescales it."""
        if key in self.pieces or key in self.numbers():
            raise self.error(section, None, f"the name {key!r} is used by another component or number")
        self.sources[key] = section
        self.totals[key] = sum(n for _, _, n in faces)
        if self.totals[key] > MAX_COPIES:
            raise self.error(section, None, f"makes {self.totals[key]} copies to cut out; at most {MAX_COPIES} "
                                            f"of one component")
        self.pieces[key] = {"name": name, "faces": faces,
                            "size": raw if raw is not None else [f"{v / mm(1):.4f}mm" for v in size]}

    def note_dpi(self, art, w: float, h: float) -> None:
        problem = artfile.low_resolution(art, w, h) if art is not None else None
        if problem and problem not in self.warnings:
            self.warnings.append(problem)

    # --- sections
    def sides(self) -> list[Side]:
        """The [sides.NAME] tables, read and checked on the first call (an error is raised there)
        and kept for the later ones."""
        if self._sides is not None:
            return self._sides
        found = []
        for key, entry in self.named("sides").items():
            section = f"sides.{key}"
            entry = self.table(section, entry, ("name", "colour", "emblem"))
            found.append(Side(key, self.text(section, "name", entry.get("name", key.capitalize())),
                              self.colour(section, "colour", entry.get("colour", NEUTRAL)),
                              self.mark(section, "emblem", entry["emblem"]) if "emblem" in entry else None))
        self._sides = found
        return found

    def which_sides(self, section: str, entry: dict[str, Any], default_all: bool) -> list[Side | None]:
        """The sides an entry is made for (`sides = true`, a list of names, or none)."""
        everyone = self.sides()
        value = entry.get("sides", default_all)
        if value is False or not everyone:
            if value not in (False, default_all) and not everyone:
                raise self.error(section, "sides", "there are no [sides.NAME] tables")
            return [None]
        if value is True:
            return list(everyone)
        by_key = {s.key: s for s in everyone}
        if not isinstance(value, list) or not all(isinstance(v, str) and v in by_key for v in value):
            raise self.error(section, "sides", f"expected true or a list of sides ({', '.join(by_key)}), "
                                               f"not {value!r}")
        return [by_key[v] for v in value]


def _grid(reader: Reader, section: str, key: str, value: Any) -> tuple[str, ...]:
    rows = tuple(str(r).replace(" ", "") for r in value) if isinstance(value, list) else ()
    n = len(rows)
    if not rows or n % 2 == 0 or not 3 <= n <= 9 or any(len(r) != n for r in rows):
        raise reader.error(section, key, "expected an odd square grid of 3 to 9 rows, such as "
                                         "[\".....\", \"..m..\", \".mOm.\", \"..m..\", \".....\"]")
    bad = sorted({ch for r in rows for ch in r} - GRID_CHARS)
    if bad:
        raise reader.error(section, key, f"unknown symbol {bad[0]!r}; symbols: " +
                           ", ".join(f"{s.key} {s.name.lower()}" for s in SYMBOLS.values()) +
                           ", . nothing")
    if sum(r.count("O") for r in rows) != 1:
        raise reader.error(section, key, "needs exactly one O: the piece's own square")
    return rows


def read_tiles(r: Reader, style: dict[str, Any]) -> None:
    """Double-sided movement tiles, one set per side, and the legend of their symbols."""
    entries = r.named("tiles")
    if not entries:
        return
    size = r.size("style", "tile_size", style.get("tile_size", 0.9), MAX_SIZE)
    faces, used = [], set()
    for key, entry in entries.items():
        section = f"tiles.{key}"
        entry = r.table(section, entry, ("name", "count", "sides", "mark", "front", "back", "back_name"))
        name = r.text(section, "name", entry.get("name", key.capitalize()))
        back_name = r.text(section, "back_name", entry.get("back_name", name))
        mark = r.mark(section, "mark", entry.get("mark", "star"))
        for side_key in ("front", "back"):
            if side_key not in entry:
                raise r.error(section, None, f"needs {side_key} = a grid of symbols")
        grids = {s: _grid(r, section, s, entry[s]) for s in ("front", "back")}
        used |= {ch for g in grids.values() for row in g for ch in row}
        count = r.count(section, "count", entry.get("count", 1))
        for side in r.which_sides(section, entry, True):
            fill = side.colour if side else hx(NEUTRAL)
            stem = f"{key}-{side.key}" if side else key
            front = r.add(f"{stem}-front", kinds.tile_face(kinds.TileFace(name, grids["front"], "I"), fill, mark),
                          side=side)
            back = r.add(f"{stem}-back", kinds.tile_face(kinds.TileFace(back_name, grids["back"], "II"), fill, mark),
                         side=side)
            faces.append([front, back, count])
            r.note_dpi(mark if isinstance(mark, artfile.Art) else None, size[0] * 0.3, size[1] * 0.3)
    r.piece("tiles", "tiles", "Tile", size, faces, style.get("tile_size", 0.9))
    chars = [ch for ch in SYMBOLS if ch in used]
    legend_count = r.count("style", "legend", style.get("legend", max(1, len(r.sides()))))
    fill = r.sides()[0].colour if r.sides() else hx(NEUTRAL)
    heading = r.text("style", "legend_title", style.get("legend_title", "How the tiles move"))
    draw = kinds.legend_face(heading, chars, fill, "Move a tile, then turn it over: its other face "
                                                   "shows how it moves next time.")
    if legend_count:
        r.add("legend", draw)
        r.piece("style", "legend", "Movement legend", (mm(92), mm(34) + mm(16) * len(chars)),
                [["legend", "", legend_count]])


def read_tokens(r: Reader) -> None:
    """Tokens: plain, valued (coins), hidden-value per side (identical backs), or edge pieces."""
    for key, entry in r.named("tokens").items():
        section = f"tokens.{key}"
        entry = r.table(section, entry, ("name", "shape", "size", "count", "values", "sides", "fill", "mark",
                                         "art", "back", "label"))
        shape = r.choice(section, "shape", entry.get("shape", "square"), SHAPES)
        raw_size = entry.get("size", [1.0, 0.2] if shape == "edge" else 0.6)
        size = r.size(section, "size", raw_size, MAX_SIZE)
        values = entry.get("values")
        if values is not None and (not isinstance(values, dict) or not values):
            raise r.error(section, "values", "expected a table of value = count, such as { 1 = 6, 5 = 2 }")
        if values is not None and "count" in entry:
            raise r.error(section, "count", "give count or values, not both")
        sides = r.which_sides(section, entry, False)
        back = entry.get("back", values is not None and sides != [None])
        if not isinstance(back, bool):
            raise r.error(section, "back", f"expected true or false, not {back!r}")
        art = r.art(section, "art", entry["art"]) if "art" in entry else None
        r.note_dpi(art, *size)
        token_mark = r.mark(section, "mark", entry["mark"]) if "mark" in entry else None
        label = r.text(section, "label", entry.get("label", ""))
        faces, rows = [], None
        for side in sides:
            fill = r.colour(section, "fill", entry["fill"]) if "fill" in entry else \
                (side.colour if side else hx(NEUTRAL))
            mark = token_mark if token_mark is not None else (side.emblem if side else None)
            stem = f"{key}-{side.key}" if side else key
            back_name = r.add(f"{stem}-back", kinds.back_face(fill, mark, art, shape), side=side) if back else ""
            if rows is None:    # the same for every side: counted once, after the first side's fill is checked
                rows = [(str(v), r.count(section, "values", n)) for v, n in values.items()] if values else \
                    [("", r.count(section, "count", entry.get("count", 1)))]
            for value, n in rows:
                name = f"{stem}-{value}" if value else stem
                r.add(name, kinds.token_face(shape, fill, value=value, mark=mark, art=art), label, side)
                faces.append([name, back_name, n])
        r.piece(section, key, r.text(section, "name", entry.get("name", key.capitalize())), size, faces,
                raw_size)


def read_tracks(r: Reader, accent) -> None:
    """Scoring tracks 0..N as strips of numbered cells that fit a sheet's width."""
    for key, entry in r.named("tracks").items():
        section = f"tracks.{key}"
        entry = r.table(section, entry, ("name", "from", "to", "cell", "fill", "accent", "count"))
        if "to" not in entry:
            raise r.error(section, None, "needs to = the last number (a number or a [numbers] name)")
        first = r.count(section, "from", entry.get("from", 0), most=MAX_NUMBER)
        last = r.count(section, "to", entry["to"], most=MAX_NUMBER)
        if last <= first:
            raise r.error(section, "to", f"must be more than from ({first})")
        if last - first + 1 > MAX_TRACK:
            raise r.error(section, "to", f"a track from {first} to {last} has {last - first + 1} spaces; "
                                         f"at most {MAX_TRACK}")
        cell = r.size(section, "cell", entry.get("cell", "12mm"), MAX_SIZE)[0]
        r.within(section, "cell", cell, *TRACK_CELL)
        numbers = list(range(first, last + 1))
        strips = math.ceil(len(numbers) / max(1, int(STRIP_ROOM // cell)))
        per = math.ceil(len(numbers) / strips)
        fill = r.colour(section, "fill", entry.get("fill", "#fbf7ef"))
        colour = r.colour(section, "accent", entry["accent"]) if "accent" in entry else accent
        count = r.count(section, "count", entry.get("count", 1))
        faces = []
        for k in range(strips):
            chunk = numbers[k * per:(k + 1) * per]
            faces.append([r.add(f"{key}-{k + 1}", kinds.track_face(chunk, fill, colour, k > 0, k < strips - 1,
                                                                    per)), "", count])
        name = r.text(section, "name", entry.get("name", "Score track strip"))
        r.piece(section, key, name, (per * cell, cell), faces)


def read_screens(r: Reader, accent) -> None:
    """Folding player screens, one per side, with reference panels from a template."""
    for key, entry in r.named("screens").items():
        section = f"screens.{key}"
        entry = r.table(section, entry, ("name", "heading", "text", "template", "panel", "sides"))
        pw, ph = r.size(section, "panel", entry.get("panel", ["60mm", "62mm"]), MAX_SIZE)
        panels = [p.strip() for p in r.body(section, entry).split("\n---\n")]
        if len(panels) > 3:
            raise r.error(section, "text", f"has {len(panels)} panels; a screen has 3 (separate them with ---)")
        heading = r.text(section, "heading", entry.get("heading", "Reference"))
        name = r.text(section, "name", entry.get("name", "Player screen"))
        panels = {1: ["", *panels, ""], 2: [*panels, ""]}.get(len(panels), panels)
        faces = []
        for side in r.which_sides(section, entry, True):
            fill = side.colour if side else accent
            face = r.add(f"{key}-{side.key}" if side else key,
                         kinds.screen_face(side.name if side else r.game.info.title, fill,
                                           side.emblem if side else None, panels, heading), side=side)
            faces.append([face, "", 1])
        r.piece(section, key, name, (3 * pw, 2 * ph), faces)


def read_cards(r: Reader, accent) -> None:
    """Cards at standard sizes, their text from templates over the game's numbers."""
    for key, entry in r.named("cards").items():
        section = f"cards.{key}"
        entry = r.table(section, entry, ("name", "title", "size", "count", "text", "template", "fill", "art",
                                         "back", "mark"))
        size = entry.get("size", "poker")
        if isinstance(size, str) and size in kinds.CARD_SIZES:
            w, h = (mm(v) for v in kinds.CARD_SIZES[size])
        elif isinstance(size, list):
            w, h = r.size(section, "size", size, MAX_SIZE)
        else:
            raise r.error(section, "size", f"expected {', '.join(kinds.CARD_SIZES)} or [w, h], not {size!r}")
        fill = r.colour(section, "fill", entry["fill"]) if "fill" in entry else accent
        art = r.art(section, "art", entry["art"]) if "art" in entry else None
        r.note_dpi(art, w, h)
        mark = r.mark(section, "mark", entry["mark"]) if "mark" in entry else None
        name = r.text(section, "name", entry.get("name", key.capitalize()))
        heading = r.text(section, "title", entry.get("title", name))
        footer = f"{r.game.info.title} \u00b7 {r.game.info.version}"
        front = r.add(key, kinds.card_face(heading, r.body(section, entry), fill, art, footer))
        back = entry.get("back", True)
        if isinstance(back, str):
            back_art = r.art(section, "back", back)
            r.note_dpi(back_art, w, h)
            back = r.add(f"{key}-back", kinds.card_back(r.game.info.title, fill, back_art))
        elif back is True:
            back = r.add(f"{key}-back", kinds.card_back(r.game.info.title, fill, None, mark))
        elif back is False:
            back = ""
        else:
            raise r.error(section, "back", f"expected true, false or an art file, not {back!r}")
        r.piece(section, key, name, (w, h), [[front, back, r.count(section, "count", entry.get("count", 1))]])


def read_board(r: Reader) -> tuple[BoardSpec, Callable]:
    """The board: files x ranks cells, per-cell terrain from `cells`, `[board.terrain.NAME]`."""
    entry = r.table("board", r.data.get("board", {}), ("files", "ranks", "fill", "alt_fill", "frame", "art",
                                                       "coordinates", "cells", "terrain", "notes"))
    files, ranks = (r.count("board", k, entry.get(k, 8)) for k in ("files", "ranks"))
    if not 2 <= files <= MAX_FILES or not 2 <= ranks <= MAX_RANKS:
        raise r.error("board", "files" if not 2 <= files <= MAX_FILES else "ranks",
                      f"a board has 2 to {MAX_FILES} files and 2 to {MAX_RANKS} ranks")
    terrains = {}
    for name, spec in r.entries("board.terrain", entry.get("terrain", {})).items():
        section = f"board.terrain.{name}"
        spec = r.table(section, spec, ("name", "fill", "mark"))
        terrains[name] = kinds.Terrain(r.text(section, "name", spec.get("name", name.capitalize())),
                                       r.colour(section, "fill", spec.get("fill", NEUTRAL)),
                                       r.mark(section, "mark", spec["mark"]) if "mark" in spec else None)
    board = BoardSpec(files, ranks)
    cells: dict[int, kinds.Terrain] = {}
    raw = entry.get("cells", {})
    if not isinstance(raw, dict):
        raise r.error("board", "cells", "expected a table of square = terrain, such as { c3 = \"mine\" }")
    for square, name in raw.items():
        try:
            index = board.parse_square(square)
        except ValueError as exc:
            raise r.error("board", "cells", str(exc)) from None
        if not isinstance(name, str) or name not in terrains:
            raise r.error("board", "cells", f"{square}: unknown terrain {name!r}; terrains: "
                                            f"{', '.join(terrains) or 'none (add [board.terrain.NAME])'}")
        cells[index] = terrains[name]
    marked = tuple((name, tuple(sorted(s for s, t in cells.items() if t is terrains[name]))) for name in terrains)
    art = r.art("board", "art", entry["art"]) if "art" in entry else None
    r.note_dpi(art, files * r.square, ranks * r.square)
    draw = kinds.board_drawing(files, ranks, cells, r.colour("board", "fill", entry.get("fill", "#efe6d2")),
                               r.colour("board", "alt_fill", entry["alt_fill"]) if "alt_fill" in entry else None,
                               r.colour("board", "frame", entry.get("frame", "#3b2a20")), art,
                               bool(entry.get("coordinates", True)))
    return BoardSpec(files, ranks, marked=marked), draw


def read_design(game: Game, data: dict[str, Any]) -> Design:
    """Every section of a data-only game, read into its `Design`."""
    r = Reader(game, data)
    numbers = r.table("numbers", data.get("numbers", {}), tuple(data.get("numbers", {})))
    for key, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise r.error("numbers", key, f"expected a number or text, not {value!r}")
    style = r.table("style", data.get("style", {}), ("accent", "tile_size", "legend", "legend_title", "setup",
                                                      "setup_board", "notes", "banner"))
    accent = r.colour("style", "accent", style.get("accent", "#7a2e1f"))
    r.sides()
    board, board_draw = read_board(r)
    read_tiles(r, style)
    read_tokens(r)
    read_tracks(r, accent)
    read_screens(r, accent)
    read_cards(r, accent)
    faces = FaceSet(draw=r.draw, labels=r.labels, board=board_draw, accent=accent, sized=True)
    fronts = list(dict.fromkeys(f for table in r.pieces.values() for f, _, _ in table["faces"]))
    banner = style.get("banner") or [fronts[k * len(fronts) // 6] for k in range(min(6, len(fronts)))]
    if not banner:
        raise game.error("game", None, "a components game needs components: [tiles], [tokens], [tracks], "
                                       "[screens] or [cards] (docs/components.md)")
    for face in r.texts("style", "banner", banner, "face names"):
        if face not in r.draw:
            raise r.error("style", "banner", f"unknown face {face!r}; faces: {', '.join(r.draw)}")
    setup = r.texts("style", "setup", style.get("setup", []), "set-up steps")
    notes = r.text("style", "notes", style.get("notes", f"The board: {board.files} \u00d7 {board.ranks} squares."))
    placed: dict[str, list[int]] = {}
    layout = style.get("setup_board", {})
    for square, face in r.table("style.setup_board", layout, tuple(layout)).items():
        if not isinstance(face, str) or face not in r.draw:
            raise r.error("style.setup_board", square, f"unknown face {face!r}; faces: {', '.join(r.draw)}")
        try:
            placed.setdefault(face, []).append(board.parse_square(square))
        except ValueError as exc:
            raise r.error("style.setup_board", square, str(exc)) from None
    hooks = KitHooks(banner=tuple(banner) * (2 if len(banner) == 1 else 1),
                     setup=tuple((face, tuple(squares)) for face, squares in placed.items()),
                     setup_steps=tuple(r.render("style", "setup", s) for s in setup), board_notes=notes,
                     folded=tuple(key for key, source in r.sources.items() if source.startswith("screens.")))
    values = {**r.numbers(), **r.totals}
    return Design(board=board, faces=faces, pieces=r.pieces, values=values, hooks=hooks,
                  warnings=tuple(r.warnings), sources=r.sources, sides=tuple(r.sides()), owners=r.owners)
