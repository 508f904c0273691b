"""Components from data, for every game: the kinds a components.toml declares (docs/components.md).

Every game folder declares its components with the same kinds: `[tiles]`, `[tokens]`, `[cards]`,
`[tracks]`, `[screens]`, `[aids]`, `[trackers]`, and `[pieces]` for any faces at all. A game
package adds *named default faces* (its `FaceSet`: its pieces, its tracker and player aid)
and its rules, never a second component system. Each entry becomes faces drawn by
`generator.kit.kinds` and one generated `[pieces]` table that the generic kit imposes, cuts,
folds and mirrors (`generator.kit.entries` reads each kind).

`read_design(game)` reads every kind of the folder into a `Design`, which `config.load_game`
attaches to the game (`Game.design`): `Game.faces` is then every face the folder prints, the
package's, the generated ones and the designer's own files (`front = "art/hero.svg"` in
`[pieces]`; `[faces] hero-front = "art/hero.svg"` replaces a named face wherever it is
drawn, the rulebook's diagrams included). Every error names components.toml and the line.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator

from reportlab.lib.colors import Color

from ..errors import GameFileError, did_you_mean, read_text
from ..paths import names_a_file
from ..games.base import MAX_COPIES, Game, KitHooks
from ..games.symbols import Vocabulary
from ..pdf import hx
from ..tables import TableReader, whole_numbers
from ..units import mm, parse_length
from . import artfile, datafile, kinds, layouts
from .faces import FaceSet

# The tables of components.toml the kit reads in every game (a package may read some of them too,
# such as [sides] and [board] for a game played from data).
KINDS = ("tiles", "tokens", "tracks", "screens", "cards", "aids", "trackers")
SECTIONS = ("print", "pieces", "faces", "style", "sides", "symbols", "defaults", "fonts", "icons", "layouts", *KINDS)
STYLE_KEYS = ("accent", "tile_size", "legend", "legend_title", "setup", "setup_board", "notes", "banner")
SIDE_KEYS = ("name", "colour", "emblem", "numbers")
FONT_ROLES = ("body", "title", "figures")   # [fonts] keys the kinds use; other names: for layouts
MAX_SIZE = mm(400)          # the largest side of any component (a screen, a board tile)
MAX_FONTS = 16              # font files of one game folder
NEUTRAL = "#d8c9a8"
DEFAULT_SQUARE = mm(45)


@dataclass(frozen=True)
class KitSide:
    """A side as the kit draws it: its key in components.toml, its printed name, its colour and
    emblem (a mark name or an art file), and its own numbers (`[sides.KEY] numbers`)."""

    key: str
    name: str
    colour: Color
    emblem: Any = None
    numbers: dict[str, Any] = field(default_factory=dict)


class SideValues(dict):
    """A side in a template: `{{ side }}` prints its name; `{{ side.key }}`, `{{ side.colour }}`
    and its numbers (`{{ side.warriors }}`) are its entries."""

    def __str__(self) -> str:
        return str(self.get("name", ""))


@dataclass(frozen=True)
class Entry:
    """One design of a kind: `key` names its table and the [pieces] table it makes, `stem` starts
    its faces' names (the key, or KEY-N for row N of its data file), `section` is where errors
    point, `values` its keys ([defaults.KIND] under them, a data row's columns over them), `row`
    the data row it comes from."""

    key: str
    stem: str
    section: str
    values: dict[str, Any]
    row: datafile.Row | None = None
    columns: tuple[str, ...] = ()


# keys a data file's column may not set: they are the whole table's
TABLE_KEYS = ("data", "sides", "by_side", "size", "shape", "name", "plural", "panel")


@dataclass(frozen=True)
class Design:
    """What a folder's component tables make: every face (`faces`: the package's, the generated
    ones, the designer's files), the [pieces] tables to print (None: the package's defaults), the
    names it adds for templates and counts (the sides, each component's total), the kit's words
    (None: the package's), warnings, and for each generated [pieces] table the table written."""

    faces: FaceSet
    pieces: dict[str, dict] | None = None
    values: dict[str, Any] = field(default_factory=dict)
    hooks: KitHooks | None = None
    warnings: tuple[str, ...] = ()
    sources: dict[str, str] = field(default_factory=dict)
    vocabulary: Vocabulary = field(default_factory=Vocabulary.default)
    sides: tuple[KitSide, ...] = ()
    owners: dict[str, str] = field(default_factory=dict)   # face name -> the side it is made for


class Reader(TableReader):
    """Typed, located reads of a folder's component tables, with the faces, labels and generated
    [pieces] tables they make; a count may name any of the game's numbers or a component's total."""

    NAMES = "a number's name"

    def __init__(self, game: Game):
        super().__init__(game, self._square(game))
        self.tables = game.tables
        self.draw: dict[str, Callable] = {}
        self.labels: dict[str, str] = {}
        self.pieces: dict[str, dict] = {}
        self.sources: dict[str, str] = {}
        self.warnings: list[str] = []
        self.totals: dict[str, int] = {}     # each generated piece's copies, by its name
        self.side_totals: dict[str, dict[str, int]] = {}   # side key -> piece name -> that side's copies
        self.turned: set[str] = set()        # faces of the far side: drawn turned on a board
        self.owners: dict[str, str] = {}     # face name -> the key of the side it is made for
        self.setup: dict[str, list[int]] = {}   # a set-up picture the components imply (tiles)
        self.fonts = kinds.Fonts()
        self.game_faces: FaceSet = game.package_faces     # the package's named faces
        self.row: datafile.Row | None = None             # the data row being read, if any
        self.columns: list[str] = []
        self.icons: dict[str, Any] = {name: name for name in kinds.MARKS}   # :name: -> a mark or an Art
        self.layouts: dict[str, layouts.Layout] = {}
        self._sides: list[KitSide] | None = None

    @staticmethod
    def _square(game: Game) -> float:
        value = game.tables.get("print", {}).get("square", "45mm") if isinstance(game.tables.get("print"), dict) \
            else "45mm"
        try:
            return parse_length(str(value))
        except ValueError:
            return DEFAULT_SQUARE

    def fail(self, section: str, key: str | None, message: str) -> GameFileError:
        """`message` (which names its table) at the line of `[section] key`."""
        return self.game.error(section, key, message)

    def named(self, section: str) -> dict[str, Any]:
        """The entries of the section `section`, such as [tokens.NAME]."""
        return self.entries(section, self.tables.get(section, {}))

    def kind(self, kind: str, accepted: tuple[str, ...]) -> list[Entry]:
        """Each design of a kind as an `Entry`: its keys checked, `[defaults.KIND]` filled in under
        the keys it does not give; a table with `data` gives one design per row of its data file.
        Read each inside `with reader.reading(entry):`, so that an error about a value a cell gave
        names the file's row and the column."""
        defaults = self.tables.get("defaults", {})
        if not isinstance(defaults, dict):
            raise self._not_a_table("defaults", "a table of kinds, such as [defaults.cards]")
        for name in defaults:
            if name not in KINDS:
                raise self.fail("defaults", name, f"[defaults] unknown kind {name!r}{did_you_mean(name, KINDS)}; "
                                                  f"kinds: {', '.join(KINDS)}")
        shared = self.table(f"defaults.{kind}", defaults.get(kind, {}), accepted)
        found = []
        for key, entry in self.named(kind).items():
            section = f"{kind}.{key}"
            entry = {**shared, **self.table(section, entry, accepted)}
            if "data" not in entry:
                found.append(Entry(key, key, section, entry))
                continue
            columns, rows = datafile.read_rows(self.path(section, "data", entry["data"], datafile.SUFFIXES))
            if not rows:
                raise self.error(section, "data", f"{entry['data']} has no rows: each row below the column names "
                                                  f"is a design")
            own = {k: v for k, v in entry.items() if k != "data"}
            for index, row in enumerate(rows, start=1):
                cells: dict[str, Any] = {c: v for c, v in row.values.items()
                                         if c in accepted and c not in TABLE_KEYS and v != ""}
                if "count" in cells:
                    if not cells["count"].isdigit():
                        raise row.error("count", f"expected a whole number of copies, not {cells['count']!r}")
                    cells["count"] = int(cells["count"])
                if cells.get("back", "").lower() in ("true", "false"):
                    cells["back"] = cells["back"].lower() == "true"
                found.append(Entry(key, f"{key}-{index}", section, {**own, **cells}, row, tuple(columns)))
        return found

    @contextmanager
    def reading(self, entry: Entry) -> Iterator[None]:
        """Errors and templates while `entry` is read know its data row (if any)."""
        self.row, self.columns = entry.row, list(entry.columns)
        try:
            yield
        finally:
            self.row, self.columns = None, []

    def error(self, section: str, key: str | None, message: str) -> GameFileError:
        """`[section] key: message` at its line in components.toml, or, for a value a data row's
        cell gave, at that row of the data file."""
        if self.row is not None and key is not None and self.row.values.get(key, "") != "":
            return self.row.error(key, message)
        return super().error(section, key, message)

    def colour(self, section: str, key: str, value: Any):
        return hx(super().colour(section, key, value))

    def count_names(self) -> dict[str, int]:
        return whole_numbers({**self.game.template_values(), **self.totals})

    def art(self, section: str, key: str, value: Any):
        """An art file of the game folder, loaded."""
        return artfile.load(self.path(section, key, value, artfile.SVG + artfile.IMAGES))

    def mark(self, section: str, key: str, value: Any):
        """A built-in mark name, or an art file."""
        if isinstance(value, str) and value in kinds.MARKS:
            return value
        if isinstance(value, str) and "." not in value:
            raise self.error(section, key, f"unknown mark {value!r}{did_you_mean(value, kinds.MARKS)}; "
                                           f"marks: {', '.join(kinds.MARKS)}, or an art file such as "
                                           f"\"art/lion.svg\"")
        return self.art(section, key, value)

    # --- templates
    def values(self, side: KitSide | None = None) -> dict[str, Any]:
        """The names a template may use: the game's numbers, the sides' names, each component's
        total; for a side's template also `side`, with that side's own totals and numbers over the
        game's (so `{{ warriors }}` on a side's screen is that side's count)."""
        values = {**self.game.template_values(), "sides": [s.name for s in self.sides()], **self.totals}
        if self.row is not None:
            values.update(self.row.values)
        if side is None:
            return values
        own = {**self.side_totals.get(side.key, {}), **side.numbers}
        info = SideValues(key=side.key, name=side.name, colour="#" + side.colour.hexval()[2:], **own)
        return {**values, **own, "side": info}

    def render(self, section: str, key: str, text: str, path: Path | None = None,
               side: KitSide | None = None, extra: dict[str, Any] | None = None) -> str:
        """A template over the game's numbers (and `extra` names: a design's fields), rendered in the
        sandbox (generator/sandbox.py); errors name the template file's line, or components.toml's
        for a text written there."""
        from ..sandbox import TemplateFault, render

        where = path if path is not None else self.game.path
        try:
            return render(text, {**self.values(side), **(extra or {})}, where, includes=self.game.root / "templates")
        except TemplateFault as exc:
            if self.row is not None and "is undefined" in exc.message:
                exc.message += f"; the columns of {self.row.path.name}: {', '.join(self.columns)}"
            if self.row is not None and path is None and self.row.values.get(key, "") == text:
                raise self.row.error(key, exc.message) from None       # the template is the cell's
            if path is not None or exc.path != where:  # a template file, or a file it included
                raise GameFileError(exc.path, exc.line, f"template: {exc.message}") from None
            base, line = self.game.line_of(section, key), exc.line
            if base is not None and line is not None:    # a """ string starts on the next line
                opened = self.game.source.splitlines()[base - 1].rstrip().endswith(('"""', "'''"))
                base += line - 1 + opened
            raise GameFileError(self.game.path, base, f"[{section}] {key}: {exc.message}") from None

    def field(self, section: str, key: str, entry: dict[str, Any], default: str = "",
              side: KitSide | None = None) -> str:
        """A one-line text of an entry, a template over the game's numbers, the side's and the data
        row's columns when it has `{{` or `{%` (`title = "{{ name }}"`)."""
        text = self.text(section, key, entry.get(key, default), one_line=True)
        return self.render(section, key, text, side=side).strip() if "{" in text else text

    def body(self, section: str, entry: dict[str, Any], side: KitSide | None = None) -> str:
        """An entry's text: `text` (a template) or `template` (a template file of the folder)."""
        if "text" in entry and "template" in entry:
            raise self.error(section, "template", "give text or template, not both")
        if "template" in entry:
            path = self.path(section, "template", entry["template"], (".j2", ".md", ".txt"))
            return self.render(section, "template", read_text(path, GameFileError), path, side)
        return self.render(section, "text", self.text(section, "text", entry.get("text", "")), side=side)

    # --- what the tables make
    def add(self, name: str, draw: Callable, label: str = "", side: KitSide | None = None) -> str:
        """A face: its drawing, its default label, the side it is made for (the far side's turn
        on a board when they are tiles: `turned`)."""
        self.draw[name] = draw
        if label:
            self.labels[name] = label
        if side is not None:
            self.owners[name] = side.key
        return name

    def piece(self, section: str, key: str, name: str, size: tuple[float, float],
              faces: list[list[Any]], raw: Any = None, by_side: dict[str, int] | None = None,
              plural: str = "", kind: str = "", count: int = 0) -> None:
        """A generated [pieces] table of `faces` ([front, back, copies]), or of a `kind` the package
        draws (its aid) with `count` copies; `raw` keeps a size given as a fraction of the square,
        so that --square rescales it; `by_side`: each side's copies (`{{ NAME }}` in its templates)."""
        if self.row is not None and self.sources.get(key) == section:      # a further row of a data file
            self.pieces[key]["faces"] += faces
            self.totals[key] += sum(n for _, _, n in faces)
            for side_key, n in (by_side or {}).items():
                totals = self.side_totals.setdefault(side_key, {})
                totals[key] = totals.get(key, 0) + n
            if self.totals[key] > MAX_COPIES * 4:
                raise self.error(section, None, f"makes {self.totals[key]} copies to cut out; at most "
                                                f"{MAX_COPIES * 4} from one data file")
            return
        if key in self.pieces or key in self.game.template_values():
            raise self.error(section, None, f"the name {key!r} is used by another component or number")
        self.sources[key] = section
        self.totals[key] = sum(n for _, _, n in faces) + count
        for side_key, n in (by_side or {}).items():
            self.side_totals.setdefault(side_key, {})[key] = n
        if self.totals[key] > MAX_COPIES:
            raise self.error(section, None, f"makes {self.totals[key]} copies to cut out; at most {MAX_COPIES} "
                                            f"of one component")
        table = {"name": name, **({"kind": kind, "count": count} if kind else {"faces": faces}),
                 "size": raw if raw is not None else [f"{v / mm(1):.4f}mm" for v in size]}
        if plural:
            table["plural"] = plural
        self.pieces[key] = table

    def note_dpi(self, art, w: float, h: float) -> None:
        problem = artfile.low_resolution(art, w, h) if isinstance(art, artfile.Art) else None
        if problem and problem not in self.warnings:
            self.warnings.append(problem)

    # --- sides
    def sides(self) -> list[KitSide]:
        """The sides: the [sides.KEY] tables in file order (read and checked on the first call), else
        the game's own sides in its colours."""
        if self._sides is not None:
            return self._sides
        found, tables = [], self.named("sides")
        fixed = {s.label: s for s in type(self.game).sides} if isinstance(type(self.game).sides, tuple) else {}
        for key, entry in tables.items():
            section = f"sides.{key}"
            entry = self.table(section, entry, SIDE_KEYS)
            if fixed and key not in fixed:
                raise self.error(section, None, f"{self.game.info.title or 'the game'} has the sides "
                                                f"{', '.join(fixed)}{did_you_mean(key, fixed)}")
            numbers = self.table(f"{section}.numbers", entry.get("numbers", {}), tuple(entry.get("numbers", {})))
            for name, value in numbers.items():
                if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                    raise self.error(section, "numbers", f"{name}: expected a number or text, not {value!r}")
            default = fixed[key].noun if key in fixed else key.capitalize()
            found.append(KitSide(key, self.text(section, "name", entry.get("name", default), one_line=True),
                                 self.colour(section, "colour", entry.get("colour", fixed[key].colour if key in
                                                                          fixed else NEUTRAL)),
                                 self.mark(section, "emblem", entry["emblem"]) if "emblem" in entry else None,
                                 numbers))
        if not tables:
            found = [KitSide(s.label, s.noun, hx(s.colour)) for s in self.game.sides]
        self._sides = found
        return found

    def which_sides(self, section: str, entry: dict[str, Any], default_all: bool) -> list[KitSide | None]:
        """The sides an entry is made for (`sides = true`, a list of keys, or none)."""
        everyone = self.sides()
        value = entry.get("sides", default_all)
        if value is False or not everyone:
            if value not in (False, default_all) and not everyone:
                raise self.error(section, "sides", "there are no [sides.NAME] tables")
            return [None]
        if value is True:
            return list(everyone)
        by_key = {s.key: s for s in everyone}
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(section, "sides", f"expected true or a list of sides ({', '.join(by_key)}), "
                                               f"not {value!r}")
        for v in value:
            if v not in by_key:
                raise self.error(section, "sides", f"unknown side {v!r}{did_you_mean(v, by_key)}; "
                                                   f"sides: {', '.join(by_key)}")
        return [by_key[v] for v in value]

    def for_side(self, section: str, entry: dict[str, Any], side: KitSide | None,
                 accepted: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
        """The entry as one side has it: its `by_side.KEY` table over the shared keys (values,
        counts, fills and texts may differ per side); with the section to name in errors."""
        changes = entry.get("by_side", {})
        if not isinstance(changes, dict) or not all(isinstance(v, dict) for v in changes.values()):
            raise self.error(section, "by_side", "expected a table of sides, each a table of keys, such as "
                                                 "by_side.ember = { values = { 1 = 4 } }")
        keys = {s.key for s in self.sides()}
        for key in changes:
            if key not in keys:
                raise self.error(section, "by_side", f"unknown side {key!r}{did_you_mean(key, keys)}; "
                                                     f"sides: {', '.join(keys) or 'none'}")
        if side is None or side.key not in changes:
            return section, entry
        where = f"{section}.by_side.{side.key}"
        own = self.table(where, changes[side.key], tuple(k for k in accepted if k not in ("sides", "by_side")))
        return where, {**entry, **own}

    # --- fonts
    def read_fonts(self) -> kinds.Fonts:
        """[fonts]: NAME = a TrueType file of the folder, registered and embedded; `body`, `title`
        and `figures` replace the kit's in every kind, other names are for layouts."""
        from ..pdf import register_file_font

        table = self.tables.get("fonts", {})
        if not isinstance(table, dict):
            raise self._not_a_table("fonts", "a table of name = \"fonts/file.ttf\"")
        if len(table) > MAX_FONTS:
            raise self.error("fonts", None, f"declares {len(table)} fonts; at most {MAX_FONTS}")
        named = {}
        for name, value in table.items():
            path = self.path("fonts", name, value, (".ttf", ".otf"))
            try:
                named[name] = register_file_font(path)
            except ValueError as exc:
                raise self.error("fonts", name, f"{value}: {exc}") from None
        roles = {role: named[role] for role in FONT_ROLES if role in named}
        self.fonts = kinds.Fonts(**roles, named=named)
        return self.fonts

    def read_icons(self) -> None:
        """[icons]: NAME = a mark name or an art file, for `:NAME:` in texts and icon elements
        (the built-in marks are icons too)."""
        table = self.tables.get("icons", {})
        if not isinstance(table, dict):
            raise self._not_a_table("icons", "a table of name = \"art/axe.svg\" or a mark's name")
        for name, value in table.items():
            if not isinstance(name, str) or not name.replace("_", "").replace("-", "").isalnum():
                raise self.error("icons", name, f"[icons] {name!r}: an icon's name is letters, digits, - and _ "
                                                f"(it is written :{name}: in texts)")
            self.icons[name] = self.mark("icons", name, value)

    def icon(self, section: str, key: str, name: str):
        """An icon by name (a mark or an Art)."""
        if name not in self.icons:
            raise self.error(section, key, f"unknown icon {name!r}{did_you_mean(name, self.icons)}; icons: "
                                           f"{', '.join(self.icons)} (add your own in [icons])")
        return self.icons[name]


# ----------------------------------------------------------------------------- the design


def _file_faces(r: Reader, declared: dict[str, Any]) -> None:
    """The designer's files named as faces in [pieces] tables (front, back, backs, faces): each
    loaded and made a face named by its path."""
    for key, table in declared.items():
        if not isinstance(table, dict):
            continue
        section = f"pieces.{key}"
        named: list[tuple[str, Any]] = [(k, table[k]) for k in ("front", "back") if k in table]
        if isinstance(table.get("backs"), dict):
            named += [("backs", art) for art in table["backs"]]
        if isinstance(table.get("faces"), list):
            named += [("faces", v) for row in table["faces"] if isinstance(row, list) for v in row[:2]]
        for where, value in named:
            if names_a_file(value) and value not in r.draw:
                art = r.art(section, where, value)
                r.add(value, kinds.art_face(art))


def _face(r: Reader, section: str, key: str, face: Any) -> str:
    """A face's name: one the package draws or the tables made."""
    if not isinstance(face, str) or (face not in r.draw and face not in r.game_faces.draw):
        known = [*r.game_faces.names, *r.draw]
        raise r.error(section, key, f"unknown face {face!r}{did_you_mean(str(face), known)}; faces: "
                                    f"{', '.join(known)}")
    return face


def _replaced_faces(r: Reader) -> None:
    """[faces] NAME = "art/file.svg": the named face (the package's or a generated one) drawn from
    the designer's file wherever it appears."""
    table = r.tables.get("faces", {})
    if not isinstance(table, dict):
        raise r._not_a_table("faces", "a table of face = \"art/file.svg\"")
    for name, value in table.items():
        r.add(_face(r, "faces", name, name), kinds.art_face(r.art("faces", name, value)))


def _hooks(r: Reader, style: dict[str, Any], package: KitHooks, fronts: list[str]) -> KitHooks:
    """The cover's words and pictures: the package's, with what [style] gives instead."""
    changes: dict[str, Any] = {}
    banner = style.get("banner")
    if banner is not None:
        changes["banner"] = tuple(_face(r, "style", "banner", f) for f in r.texts("style", "banner", banner,
                                                                                    "face names"))
    elif not package.banner:
        changes["banner"] = tuple(fronts[k * len(fronts) // 6] for k in range(min(6, len(fronts))))
    if len(changes.get("banner", package.banner)) == 1:
        changes["banner"] = changes["banner"] * 2
    placed: dict[str, list[int]] = {}
    layout = style.get("setup_board")
    if layout is not None:
        for square, face in r.table("style.setup_board", layout, tuple(layout)).items():
            _face(r, "style.setup_board", square, face)
            try:
                placed.setdefault(face, []).append(r.game.board.parse_square(square))
            except ValueError as exc:
                raise r.error("style.setup_board", square, str(exc)) from None
    elif not package.setup and r.setup:
        placed = r.setup
    if placed:
        changes["setup"] = tuple((face, tuple(squares)) for face, squares in placed.items())
    if "setup" in style:
        steps = r.texts("style", "setup", style["setup"], "set-up steps")
        changes["setup_steps"] = tuple(r.render("style", "setup", s) for s in steps)
    if "notes" in style:
        changes["board_notes"] = r.text("style", "notes", style["notes"])
    return replace(package, **changes) if changes else package


def read_design(game: Game) -> Design:
    """Every component table of `game`'s folder, read into its `Design`; a folder that declares
    none gets the package's faces, pieces and words unchanged."""
    from . import entries

    r = Reader(game)
    package = r.game_faces
    style = r.table("style", r.tables.get("style", {}), STYLE_KEYS)
    accent = r.colour("style", "accent", style["accent"]) if "accent" in style else package.accent
    fonts = r.read_fonts()
    r.read_icons()
    r.layouts = layouts.read_layouts(r.tables.get("layouts"), r.fail, tuple(fonts.named))
    vocabulary = Vocabulary.read(r.tables.get("symbols"), r.fail)
    r.sides()
    entries.read_tiles(r, style, vocabulary, fonts)
    entries.read_tokens(r, fonts)
    entries.read_tracks(r, accent, fonts)
    entries.read_screens(r, accent, fonts)
    entries.read_cards(r, accent, fonts)
    entries.read_aids(r, accent, fonts, package)
    entries.read_trackers(r, accent, fonts, package)
    generated = dict(r.draw)
    declared = r.tables.get("pieces")
    if declared is not None:
        declared = r.entries("pieces", declared)
        _file_faces(r, declared)
    _replaced_faces(r)
    faces = package
    if r.draw or accent is not package.accent:
        sized = package.sized if package.sized is True else frozenset(package.sized or ()) | frozenset(r.draw)
        faces = replace(package, draw={**package.draw, **r.draw}, labels={**package.labels, **r.labels},
                        accent=accent, sized=sized, turned=frozenset(package.turned) | frozenset(r.turned))
    pieces = None
    if r.pieces:
        pieces = {**r.pieces, **(declared if declared is not None else package.default_pieces)}
    elif declared is not None:
        pieces = declared
    if not (pieces if pieces is not None else package.default_pieces):
        raise game.error("pieces" if declared is not None else "game", None,
                         "nothing to print: declare components ([tiles], [tokens], [cards], [tracks], "
                         "[screens], [aids], [trackers] or [pieces]; docs/components.md)")
    fronts = list(dict.fromkeys(f for table in (pieces or {}).values() if isinstance(table, dict)
                                for f, _, _ in table.get("faces", []) if f in generated))
    hooks = _hooks(r, style, game.package_hooks(), fronts)
    folded = tuple(key for key, section in r.sources.items() if section.startswith("screens."))
    if folded:  # the cover tells how to score their folds
        hooks = replace(hooks, folded=folded)
    return Design(faces=faces, pieces=pieces, values={"sides": [s.name for s in r.sides()], **r.totals},
                  hooks=hooks, warnings=tuple(r.warnings), sources=dict(r.sources), vocabulary=vocabulary,
                  sides=tuple(r.sides()), owners=dict(r.owners))


def with_design(game: Game) -> Game:
    """`game` with its folder's components read and attached (`Game.design`)."""
    design = read_design(game)
    tables = game.tables if design.pieces is None else {**game.tables, "pieces": design.pieces}
    return replace(game, design=design, tables=tables)
