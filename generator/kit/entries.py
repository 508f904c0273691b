"""Each kind of component read from its tables (docs/components.md): tiles, tokens, tracks,
screens, cards, aids, trackers, and a board drawn from data. Every reader takes the folder's
`design.Reader`, adds the faces it draws (`generator.kit.kinds`) and one generated [pieces] table
per entry; every fault names components.toml:LINE, the key and what was expected.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable

from ..games.base import BoardSpec
from ..games.grid import MAX_FILES, MAX_RANKS
from ..errors import did_you_mean
from ..games.symbols import Vocabulary, tile_letters
from ..pdf import hx
from ..units import mm
from . import kinds, layouts
from .design import MAX_SIZE, NEUTRAL, KitSide, Reader
from .faces import FaceSet

SHAPES = ("square", "round", "edge")
STRIP_ROOM = mm(180)        # the longest track strip or tracker card: fits A4 and Letter inside the margins
MAX_TRACK = 200             # spaces on one scoring track
MAX_NUMBER = 10_000         # a number printed on a component (a track's first and last space)
TRACK_CELL = (mm(6), mm(40))  # a track space a finger can point at, a strip that fits the sheet
START = ("front", "either")

TILE_KEYS = ("name", "plural", "back_name", "count", "sides", "by_side", "mark", "front", "back", "front_aura",
             "back_aura", "letter", "start", "data")
TOKEN_KEYS = ("name", "plural", "shape", "size", "count", "values", "value", "sides", "by_side", "fill", "mark",
              "art", "back", "label", "data", "layout", "fields", "text", "template")
TRACK_KEYS = ("name", "plural", "from", "to", "cell", "fill", "accent", "count", "markers")
SCREEN_KEYS = ("name", "plural", "heading", "text", "template", "panel", "sides", "by_side")
CARD_KEYS = ("name", "plural", "title", "size", "count", "text", "template", "fill", "art", "back", "mark", "sides",
             "by_side", "data", "layout", "fields")
AID_KEYS = ("name", "plural", "title", "size", "count", "text", "template", "fill")
TRACKER_KEYS = ("name", "plural", "title", "spaces", "size", "count", "box", "fill", "text")
BOARD_KEYS = ("files", "ranks", "fill", "alt_fill", "frame", "art", "coordinates", "cells", "terrain", "notes")


def _name(r: Reader, section: str, entry: dict[str, Any], key: str, default: str) -> tuple[str, str]:
    """An entry's printed name and its plural in the parts list ("Reference cards (symbols)")."""
    name = r.text(section, "name", entry.get("name", default), one_line=True)
    return name, r.text(section, "plural", entry["plural"], one_line=True) if "plural" in entry else ""


def _fits(r: Reader, where: str, key: str, check: Callable[[], Any]) -> Any:
    """`check()`, with a text too large for its component turned into an error at `[where] key`."""
    try:
        return check()
    except kinds.TextDoesNotFit as exc:
        raise r.error(where, exc.field or key, str(exc)) from None


# ----------------------------------------------------------------------------- tiles


def _leader(r: Reader, keys: list[str]) -> tuple[str | None, str | None, int]:
    """[numbers] leader, start_tile and start_tiles (docs/rulings/duel.md, ruling 3): the kinds they name checked."""
    numbers = r.game.template_values()
    found = []
    for name in ("leader", "start_tile"):
        value = numbers.get(name)
        if value is not None and value not in keys:
            raise r.error("numbers", name, f"[numbers] {name}: {value!r} is not a [tiles] kind"
                                           f"{did_you_mean(value, keys)}; kinds: {', '.join(keys)}")
        found.append(value)
    start_tiles = numbers.get("start_tiles", 2)
    if not isinstance(start_tiles, int) or isinstance(start_tiles, bool) or start_tiles < 0:
        raise r.error("numbers", "start_tiles", f"[numbers] start_tiles: expected a whole number, not {start_tiles!r}")
    return found[0], found[1], start_tiles


def _setup(r: Reader, leader: str, start: str | None, count: int) -> None:
    """The set-up the tiles imply (docs/rulings/duel.md, ruling 11): each side's leader on a middle square of its
    home rank, `count` start tiles on the squares beside it, for the cover's picture."""
    board, sides = r.game.board, r.sides()
    if len(sides) != 2 or board.files < 3:
        return
    for index, side in enumerate(sides):
        rank = 0 if index == 0 else board.ranks - 1
        file = (board.files - 1) // 2 + (index if board.files % 2 == 0 else 0)
        square = file + board.files * rank
        r.setup.setdefault(f"{leader}-{side.key}-front", []).append(square)
        inward = 1 if index == 0 else -1
        beside = [(file - 1, rank), (file + 1, rank), (file, rank + inward)]
        for f, k in [spot for spot in beside if 0 <= spot[0] < board.files and 0 <= spot[1] < board.ranks][:count]:
            if start is not None:
                r.setup.setdefault(f"{start}-{side.key}-front", []).append(f + board.files * k)


def read_tiles(r: Reader, style: dict[str, Any], vocabulary: Vocabulary, fonts: kinds.Fonts) -> None:
    """Double-sided movement tiles, one set per side (the far side's turned on the board), and the
    legend of the symbols they use."""
    entries = r.kind("tiles", TILE_KEYS)
    if not entries:
        return
    size = r.size("style", "tile_size", style.get("tile_size", 0.9), MAX_SIZE)
    arts = {s.key: r.art(f"symbols.{s.id}", "art", s.art) for s in vocabulary.symbols.values() if s.art}
    symbols = vocabulary.symbols
    letters = read_letters(r, entries)
    leader, start_kind, start_tiles = _leader(r, [e.stem for e in entries])
    faces, used, by_side = [], set(), {}
    sides = r.sides()
    for e in entries:
        with r.reading(e):
            _tile(r, e, vocabulary, fonts, arts, letters, (leader, start_kind, start_tiles), size, faces, used,
                  by_side)
    r.piece("tiles", "tiles", "Tile", size, faces, style.get("tile_size", 0.9), by_side)
    if leader is not None:
        _setup(r, leader, start_kind, start_tiles)
    legend = [s for k, s in symbols.items() if k in used]
    legend_count = r.count("style", "legend", style.get("legend", max(1, len(sides))))
    fill = sides[0].colour if sides else hx(NEUTRAL)
    heading = r.text("style", "legend_title", style.get("legend_title", "How the tiles move"), one_line=True)
    starts = "; a dot by the numeral marks a starting face (a tile enters the board with it up)"
    draw = kinds.legend_face(heading, legend, fill, f"Move a tile, then turn it over: its other face shows how it "
                                                    f"moves next time{starts}.", arts, fonts)
    if legend_count:
        r.add("legend", draw)
        r.piece("style", "legend", "Movement legend", (mm(92), kinds.legend_height(len(legend))),
                [["legend", "", legend_count]])


def read_letters(r: Reader, entries: list) -> dict[str, str]:
    """Each tile kind's letter in example grids (docs/rulings/duel.md, ruling 7): its declared `letter`, checked,
    else the one `tile_letters` derives."""
    declared = {}
    for e in entries:
        with r.reading(e):
            if "letter" in e.values:
                letter = e.values["letter"]
                if not isinstance(letter, str) or len(letter) != 1 or not "A" <= letter <= "Z":
                    raise r.error(e.section, "letter", f"expected one capital letter A to Z, not {letter!r}")
                if letter in declared.values():
                    other = next(k for k, v in declared.items() if v == letter)
                    raise r.error(e.section, "letter", f"{letter!r} is already the letter of [tiles.{other}]")
                declared[e.stem] = letter
    try:
        return tile_letters([e.stem for e in entries], declared)
    except ValueError as exc:
        raise r.error("tiles", None, f"[tiles] {exc}") from None


def grid_value(value: Any) -> Any:
    """A grid as a list of rows, or as one text of rows split by '/' (a data file's cell)."""
    return [row.strip() for row in value.split("/")] if isinstance(value, str) else value


def _tile(r: Reader, e, vocabulary: Vocabulary, fonts, arts, letters, leading, size, faces, used, by_side) -> None:
    """One tile kind: its faces for each side it is made for."""
    leader, start_kind, start_tiles = leading
    key, section, entry, symbols, sides = e.stem, e.section, e.values, vocabulary.symbols, r.sides()
    name = r.field(section, "name", entry, key.replace("_", " ").capitalize())
    back_name = r.field(section, "back_name", entry, name)
    mark = r.mark(section, "mark", entry.get("mark", "star"))
    start = r.choice(section, "start", entry.get("start", "front"), START)
    grids, auras = {}, {}
    for face in ("front", "back"):
        if face not in entry:
            raise r.error(section, None, f"needs {face} = a grid of symbols")
        grids[face] = vocabulary.read_tile_grid(grid_value(entry[face]), lambda m, f=face: r.error(section, f, m))
        aura_key = f"{face}_aura"
        if aura_key in entry:
            fail = lambda m, k=aura_key: r.error(section, k, m)  # noqa: E731
            auras[face] = vocabulary.read_tile_grid(grid_value(entry[aura_key]), fail, area_only=True)
            vocabulary.check_aura(grids[face], auras[face], fail)
    used |= {ch for g in (*grids.values(), *auras.values()) for row in g for ch in row}
    for side in r.which_sides(section, entry, True):
        where, own = r.for_side(section, entry, side, TILE_KEYS)
        count = r.count(where, "count", own.get("count", 1))
        if key == start_kind and count < start_tiles:
            raise r.error(where, "count", f"[numbers] start_tiles is {start_tiles} but [tiles.{key}] makes "
                                          f"{count} for a side")
        fill = side.colour if side else hx(NEUTRAL)
        stem = f"{key}-{side.key}" if side else key
        turned = side is not None and sides.index(side) > 0
        made = []
        for face, marker in (("front", "I"), ("back", "II")):
            tile = kinds.TileFace(name if face == "front" else back_name, grids[face], marker, auras.get(face),
                                  face == "front" or start == "either", letters[key], key == leader)
            made.append(r.add(f"{stem}-{face}", kinds.tile_face(tile, fill, mark, symbols, arts, fonts), side=side))
            if turned:
                r.turned.add(made[-1])
        faces.append([*made, count])
        if side is not None:
            by_side[side.key] = by_side.get(side.key, 0) + count
        r.note_dpi(mark, size[0] * 0.3, size[1] * 0.3)


# ----------------------------------------------------------------------------- tokens


def _values(r: Reader, where: str, entry: dict[str, Any]) -> list[tuple[str, int]]:
    """A token's fronts: (value, copies) from `values = { value = count }`, else one plain front."""
    values = entry.get("values")
    if "value" in entry:
        if values is not None:
            raise r.error(where, "value", "give value (one front) or values (a front for each), not both")
        values = {str(entry["value"]): entry.get("count", 1)}
    elif values is None:
        return [("", r.count(where, "count", entry.get("count", 1)))]
    if not isinstance(values, dict) or not values:
        raise r.error(where, "values", "expected a table of value = count, such as { 1 = 6, 5 = 2 }")
    if "count" in entry and "value" not in entry:
        raise r.error(where, "count", "give count or values, not both")
    rows = []
    for value, n in values.items():
        if len(value) > 40 or "\n" in value or not value.strip():
            raise r.error(where, "values", f"{value!r}: a value is one line of at most 40 characters")
        rows.append((value.strip(), r.count(where, "values", n)))
    return rows


def read_tokens(r: Reader, fonts: kinds.Fonts) -> None:
    """Tokens: plain, valued (coins, or words), hidden-value per side (identical backs, values per
    side with `by_side`), or edge pieces."""
    for e in r.kind("tokens", TOKEN_KEYS):
        with r.reading(e):
            _token(r, e, fonts)


def _token(r: Reader, e, fonts: kinds.Fonts) -> None:
    """One token design: its fronts (and backs) for each side it is made for."""
    key, section, entry = e.key, e.section, e.values
    shape = r.choice(section, "shape", entry.get("shape", "square"), SHAPES)
    raw_size = entry.get("size", [1.0, 0.2] if shape == "edge" else 0.6)
    size = r.size(section, "size", raw_size, MAX_SIZE)
    sides = r.which_sides(section, entry, False)
    faces, by_side = [], {}
    for side in sides:
        where, own = r.for_side(section, entry, side, TOKEN_KEYS)
        rows = _values(r, where, own)
        back = own.get("back", "values" in own and side is not None)
        if not isinstance(back, bool):
            raise r.error(where, "back", f"expected true or false, not {back!r}")
        art = r.art(where, "art", r.field(where, "art", own, side=side)) if own.get("art") else None
        r.note_dpi(art, *size)
        token_mark = r.mark(where, "mark", own["mark"]) if "mark" in own else None
        label = r.field(where, "label", own, "", side)
        fill = r.colour(where, "fill", own["fill"]) if "fill" in own else (side.colour if side else hx(NEUTRAL))
        mark = token_mark if token_mark is not None else (side.emblem if side else None)
        stem = f"{e.stem}-{side.key}" if side else e.stem
        back_name = r.add(f"{stem}-back", kinds.back_face(fill, mark, art, shape), side=side) if back else ""
        for value, n in rows:
            name = f"{stem}-{value}" if value else stem
            if "layout" in own:        # a large token drawn from a layout: its value, label and fields
                fields = {**_fields(r, where, own), "title": value, "value": value, "label": label,
                          "text": r.body(where, own, side) if "text" in own or "template" in own else "",
                          "art": r.field(where, "art", own, side=side) if own.get("art") else ""}
                r.add(name, layout_face(r, where, own, side, size, fields, fonts, fill, art), side=side)
            else:
                if shape != "edge":
                    _fits(r, where, "values" if value else "label",
                          lambda: kinds.token_text(shape, *size, value, label, mark is not None, fonts))
                r.add(name, kinds.token_face(shape, fill, value=value, mark=mark, art=art, fonts=fonts), label, side)
            faces.append([name, back_name, n])
            if side is not None:
                by_side[side.key] = by_side.get(side.key, 0) + n
    name, plural = _name(r, section, entry, key, key.replace("_", " ").capitalize())
    r.piece(section, key, name, size, faces, raw_size, by_side, plural)


# ----------------------------------------------------------------------------- tracks


def read_tracks(r: Reader, accent, fonts: kinds.Fonts) -> None:
    """Scoring tracks from..to as strips of numbered cells that fit a sheet's width, and with
    `markers` a round marker for each side (or that many plain ones) to move along them."""
    for e in r.kind("tracks", TRACK_KEYS):
        key, section, entry = e.key, e.section, e.values
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
                                                                    per, fonts)), "", count])
        name, plural = _name(r, section, entry, key, "Score track strip")
        r.piece(section, key, name, (per * cell, cell), faces, plural=plural)
        _markers(r, section, key, entry, cell, fonts)


def _markers(r: Reader, section: str, key: str, entry: dict[str, Any], cell: float, fonts: kinds.Fonts) -> None:
    """A track's markers: `markers = true`, a round marker in each side's colour and emblem (two
    sides of a coin, so it can mark a second lap); a number: that many plain ones."""
    markers = entry.get("markers", False)
    if markers is False or markers == 0:
        return
    if isinstance(markers, bool):
        rows = [(side, 1) for side in r.sides()] or [(None, 1)]
    else:
        rows = [(None, r.count(section, "markers", markers))]
    faces = []
    for who, n in rows:
        fill = who.colour if who else hx(NEUTRAL)
        name = f"{key}-marker-{who.key}" if who else f"{key}-marker"
        front = r.add(name, kinds.token_face("round", fill, mark=who.emblem if who else "dot", fonts=fonts), side=who)
        back = r.add(f"{name}-lap", kinds.token_face("round", fill, value="+", fonts=fonts), side=who)
        faces.append([front, back, n])
    size = cell * 0.8
    r.piece(section, f"{key}_markers", "Score marker", (size, size), faces)


# ----------------------------------------------------------------------------- screens, cards, aids


def read_screens(r: Reader, accent, fonts: kinds.Fonts) -> None:
    """Folding player screens, one per side, with reference panels from a template rendered for
    that side (`{{ side }}`, and the side's own numbers)."""
    for e in r.kind("screens", SCREEN_KEYS):
        key, section, entry = e.key, e.section, e.values
        pw, ph = r.size(section, "panel", entry.get("panel", ["60mm", "62mm"]), MAX_SIZE)
        faces = []
        for side in r.which_sides(section, entry, True):
            where, own = r.for_side(section, entry, side, SCREEN_KEYS)
            panels = [p.strip() for p in r.body(where, own, side).split("\n---\n")]
            if len(panels) > 3:
                raise r.error(where, "text", f"has {len(panels)} panels; a screen has 3 (separate them with ---)")
            panels = {1: ["", *panels, ""], 2: [*panels, ""]}.get(len(panels), panels)
            tw, th = kinds.screen_panel_room(pw, ph)
            for k, panel in enumerate(panels):
                _fits(r, where, "template" if "template" in own else "text",
                      lambda: kinds.fitted_size(panel, tw, th - (18 if k == 1 else 0), 11, fonts))
            heading = r.text(where, "heading", own.get("heading", "Reference"), one_line=True)
            fill = side.colour if side else accent
            face = r.add(f"{key}-{side.key}" if side else key,
                         kinds.screen_face(side.name if side else r.game.info.title, fill,
                                           side.emblem if side else None, panels, heading, fonts), side=side)
            faces.append([face, "", 1])
        name, plural = _name(r, section, entry, key, "Player screen")
        r.piece(section, key, name, (3 * pw, 2 * ph), faces, plural=plural)


def card_size(r: Reader, section: str, value: Any) -> tuple[float, float]:
    """A card's size: a standard name (poker, bridge, tarot, mini) or [w, h]."""
    if isinstance(value, str) and value in kinds.CARD_SIZES:
        return tuple(mm(v) for v in kinds.CARD_SIZES[value])
    if isinstance(value, list):
        return r.size(section, "size", value, MAX_SIZE)
    raise r.error(section, "size", f"expected {', '.join(kinds.CARD_SIZES)} or [w, h], not {value!r}"
                                   f"{did_you_mean(value, kinds.CARD_SIZES) if isinstance(value, str) else ''}")


def read_cards(r: Reader, accent, fonts: kinds.Fonts) -> None:
    """Cards at standard sizes, their text from templates over the game's numbers; with `sides`,
    a deck for each side in its colour."""
    for e in r.kind("cards", CARD_KEYS):
        with r.reading(e):
            _card(r, e, accent, fonts)


def _card(r: Reader, e, accent, fonts: kinds.Fonts) -> None:
    """One card design, for each side it is made for."""
    key, section, entry = e.key, e.section, e.values
    w, h = card_size(r, section, entry.get("size", "poker"))
    name, plural = _name(r, section, entry, key, key.replace("_", " ").capitalize())
    faces, by_side = [], {}
    for side in r.which_sides(section, entry, False):
        where, own = r.for_side(section, entry, side, CARD_KEYS)
        fill = r.colour(where, "fill", own["fill"]) if "fill" in own else (side.colour if side else accent)
        path = r.field(where, "art", own, side=side) if own.get("art") else ""
        art = r.art(where, "art", path) if path else None
        r.note_dpi(art, w, h)
        mark = r.mark(where, "mark", own["mark"]) if "mark" in own else (side.emblem if side else None)
        heading = r.field(where, "title", own, name, side)
        body = r.body(where, own, side)
        fields = {**_fields(r, where, own), "title": heading, "text": body, "art": path}
        stem = f"{e.stem}-{side.key}" if side else e.stem
        front = r.add(stem, layout_face(r, where, own, side, (w, h), fields, fonts, fill, art), side=side)
        back = own.get("back", False)   # one-sided unless a back is asked for: 9 poker cards a sheet
        own_back = e.row is not None and any(e.row.values.get(k) for k in ("back", "fill", "mark"))
        back_stem = stem if own_back else (f"{key}-{side.key}" if side else key)   # one back for the deck
        if isinstance(back, str):
            back_art = r.art(where, "back", back)
            r.note_dpi(back_art, w, h)
            back = r.add(f"{back_stem}-back", kinds.card_back(r.game.info.title, fill, back_art, fonts=fonts),
                         side=side)
        elif back is True:
            back = r.add(f"{back_stem}-back", kinds.card_back(r.game.info.title, fill, None, mark, fonts), side=side)
        elif back is False:
            back = ""
        else:
            raise r.error(where, "back", f"expected true, false or an art file, not {back!r}")
        count = r.count(where, "count", own.get("count", 1))
        faces.append([front, back, count])
        if side is not None:
            by_side[side.key] = count
    r.piece(section, key, name, (w, h), faces, by_side=by_side, plural=plural)


def _fields(r: Reader, where: str, own: dict[str, Any]) -> dict[str, Any]:
    """A design's own fields for its layout: `fields = { cost = 3, type = "Spell" }` (a data row's
    columns come with the row)."""
    fields = own.get("fields", {})
    if not isinstance(fields, dict) or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool)
                                               for v in fields.values()):
        raise r.error(where, "fields", "expected a table of name = text or number, such as { cost = 3 }")
    return {k: str(v) for k, v in fields.items()}


def layout_face(r: Reader, where: str, own: dict[str, Any], side: KitSide | None, size: tuple[float, float],
                fields: dict[str, str], fonts: kinds.Fonts, fill, art=None) -> Callable:
    """A face drawn by the design's layout (`layout`, default "plain"), each element resolved for
    it: templates filled, files loaded, colours read, icons found, each text checked to fit its box
    (else an error naming the design and the field)."""
    name = r.field(where, "layout", own, "plain", side)
    if name not in r.layouts:
        raise r.error(where, "layout", f"unknown layout {name!r}{did_you_mean(name, r.layouts)}; layouts: "
                                       f"{', '.join(r.layouts)} (add your own in [layouts.NAME])")
    layout = r.layouts[name]
    w, h = size
    values = {**r.values(side), **fields, "fill": "#" + fill.hexval()[2:],
              "ink": "#" + kinds.contrast(fill).hexval()[2:], "game": r.game.info.title, "version": r.game.info.version}
    items = []
    for el in layout.elements:
        if not layouts.shown(el, values):
            continue
        section = f"layouts.{layout.name}.{el.name}"
        key = el.field or el.type

        def filled(template: str, what: str) -> str:
            if "{" not in template:
                return template
            return r.render(section, what, template, side=side, extra=values).strip()

        colours = {k: r.colour(section, k, filled(getattr(el, k), k)) if getattr(el, k) else None
                   for k in ("colour", "fill", "stroke")}
        placed = kinds.Placed(el, colour=colours["colour"] or kinds.INK, fill=colours["fill"], stroke=colours["stroke"])
        if el.type == "text":
            text = filled(el.text, "text") if el.text else fields.get(el.field, values.get(el.field, ""))
            x, y, bw, bh = el.box(w, h)
            if el.rotate in (90, 270):
                bw, bh = bh, bw
            _fits(r, where, key, lambda: kinds.richtext.fitted(str(text), bw, bh, el.size,
                                                               kinds.element_styles(el.font, fonts),
                                                               frozenset(r.icons)))
            placed = replace(placed, text=str(text))
        elif el.type == "image":
            if el.art:
                placed = replace(placed, art=r.art(section, "art", filled(el.art, "art")))
            elif el.field == "art":
                placed = replace(placed, art=art)
            else:
                placed = replace(placed, art=r.art(where, el.field, str(values.get(el.field))))
            r.note_dpi(placed.art, *el.box(w, h)[2:])
        elif el.type == "icon":
            icon = filled(el.icon, "icon") if el.icon else str(values.get(el.field, ""))
            placed = replace(placed, icon=r.icon(where if not el.icon else section, key, icon))
        items.append(placed)
    return kinds.layout_face(items, fonts, r.icons)


def read_aids(r: Reader, accent, fonts: kinds.Fonts, package: FaceSet) -> None:
    """Player aids: a card of sections (`## heading` lines, then `- item` lines or paragraphs) from
    a template; without a text, the game package's own aid drawing."""
    for e in r.kind("aids", AID_KEYS):
        key, section, entry = e.key, e.section, e.values
        name, plural = _name(r, section, entry, key, "Player aid")
        raw = entry.get("size", ["95mm", "140mm"])
        w, h = r.size(section, "size", raw, MAX_SIZE)
        count = r.count(section, "count", entry.get("count", 2))
        if "text" not in entry and "template" not in entry:
            if "aid" not in package.specials:
                raise r.error(section, None, "needs text = or template = the aid's sections (## heading, - item)")
            r.piece(section, key, name, (w, h), [], raw, plural=plural, kind="aid", count=count)
            continue
        where = "template" if "template" in entry else "text"
        try:
            sections = kinds.aid_sections(r.body(section, entry))
        except ValueError as exc:
            raise r.error(section, where, str(exc)) from None
        fill = r.colour(section, "fill", entry["fill"]) if "fill" in entry else accent
        heading = r.text(section, "title", entry.get("title", r.game.info.title), one_line=True)
        _fits(r, section, where, lambda: kinds.check_aid(w, h, heading, sections, fonts))
        r.add(key, kinds.aid_face(heading, name, sections, fill, fonts))
        r.piece(section, key, name, (w, h), [[key, "", count]], raw, plural=plural)


def read_trackers(r: Reader, accent, fonts: kinds.Fonts, package: FaceSet) -> None:
    """Tracker cards: `spaces` numbered spaces snaking from the highest down to 1, then a box
    (`box`, such as "Reserve"); each space `size` wide (a fraction of the square follows it)."""
    from .layout import tracker_cells, tracker_size

    for e in r.kind("trackers", TRACKER_KEYS):
        key, section, entry = e.key, e.section, e.values
        if "spaces" not in entry:
            raise r.error(section, None, "needs spaces = a number or a number's name")
        spaces = r.count(section, "spaces", entry["spaces"], most=MAX_TRACK)
        if spaces < 1:
            raise r.error(section, "spaces", "a tracker has at least 1 space")
        space = r.size(section, "size", entry.get("size", 0.8), mm(60))[0]
        w, h, _, _ = tracker_size(spaces, space, STRIP_ROOM)
        name, plural = _name(r, section, entry, key, "Tracker")
        heading = r.text(section, "title", entry.get("title", name), one_line=True)
        box = r.text(section, "box", entry.get("box", "Start"), one_line=True)
        note = r.render(section, "text", r.text(section, "text", entry.get("text", "")))
        fill = r.colour(section, "fill", entry["fill"]) if "fill" in entry else accent
        cells = tracker_cells(spaces, space, STRIP_ROOM)
        r.add(key, kinds.tracker_face(heading, note, box, cells, fill, fonts))
        r.piece(section, key, name, (w, h), [[key, "", r.count(section, "count", entry.get("count", 1))]],
                plural=plural)


# ----------------------------------------------------------------------------- the board


def read_board(r: Reader, fonts: kinds.Fonts = kinds.Fonts()) -> tuple[BoardSpec, Callable]:
    """The board: files x ranks cells, per-cell terrain from `cells`, `[board.terrain.NAME]`."""
    entry = r.table("board", r.tables.get("board", {}), BOARD_KEYS)
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
            raise r.error("board", "cells", f"{square}: unknown terrain {name!r}"
                                            f"{did_you_mean(str(name), terrains)}; terrains: "
                                            f"{', '.join(terrains) or 'none (add [board.terrain.NAME])'}")
        cells[index] = terrains[name]
    marked = tuple((name, tuple(sorted(s for s, t in cells.items() if t is terrains[name]))) for name in terrains)
    art = r.art("board", "art", entry["art"]) if "art" in entry else None
    r.note_dpi(art, files * r.square, ranks * r.square)
    draw = kinds.board_drawing(files, ranks, cells, r.colour("board", "fill", entry.get("fill", "#efe6d2")),
                               r.colour("board", "alt_fill", entry["alt_fill"]) if "alt_fill" in entry else None,
                               r.colour("board", "frame", entry.get("frame", "#3b2a20")), art,
                               bool(entry.get("coordinates", True)), fonts)
    return BoardSpec(files, ranks, marked=marked), draw

