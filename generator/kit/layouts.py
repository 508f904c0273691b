"""Layouts as data: a face drawn from named elements (text boxes, images, icons, rectangles with
rounded corners, circles, lines) at positions and sizes given as fractions of the face or as
lengths, with fonts, sizes, colours, alignment and rotation. A layout may `extends` another (the
built-in ones below, or the folder's own `[layouts.NAME]`): it keeps the other's elements in
their order, changes the keys it gives of those it names, and adds its own after them (Squib's
YAML layouts). Pure data: positions are resolved to points here, and `generator.kit.kinds` draws.

Element keys (every text value may be a template over the design's fields, `{{ cost }}`):

    type = "text" | "image" | "icon" | "rect" | "circle" | "line"
    x, y, w, h    the box from the face's top left corner: a fraction of the face (0.5) or a
                  length ("4mm"); a line runs from (x, y) by (w, h)
    field = "cost"            draw only when the design has this field (its text, art or icon)
    text = "{{ cost }}"       a text element's words (default: the field's value)
    art, icon                 an image's file, an icon's name (default: the field's value)
    font = "body" | "title" | "figures" | "italic" | a [fonts] name;  size = 10 (points, the
                  largest: the text shrinks to fit, to 5 pt at least)
    colour, fill, stroke = "#rrggbb";  stroke_width = "0.5mm";  radius = "2mm" (rect corners)
    align = "left" | "center" | "right";  valign = "top" | "middle" | "bottom"
    rotate = 0 | 90 | 180 | 270;  opacity = 0.9 (a fill's);  fit = "cover" | "contain" (image)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..errors import did_you_mean
from ..units import parse_length

TYPES = ("text", "image", "icon", "rect", "circle", "line")
KEYS = ("type", "x", "y", "w", "h", "field", "text", "art", "icon", "font", "size", "colour", "fill", "stroke",
        "stroke_width", "radius", "align", "valign", "rotate", "opacity", "fit")
ALIGN, VALIGN, FITS = ("left", "center", "right"), ("top", "middle", "bottom"), ("cover", "contain")
ROTATIONS = (0, 90, 180, 270)
MAX_ELEMENTS = 40
MAX_TEXT_SIZE = 72.0

Fail = Callable[[str, "str | None", str], Exception]


@dataclass(frozen=True)
class Measure:
    """A position or size: a fraction of the face's side, or a length in points."""

    value: float
    fraction: bool = True

    def of(self, side: float) -> float:
        return self.value * side if self.fraction else self.value


@dataclass(frozen=True)
class Element:
    name: str
    type: str
    x: Measure = Measure(0.0)
    y: Measure = Measure(0.0)
    w: Measure = Measure(1.0)
    h: Measure = Measure(1.0)
    field: str = ""
    text: str = ""
    art: str = ""
    icon: str = ""
    font: str = "body"
    size: float = 10.0
    colour: str = "{{ ink }}"
    fill: str = ""
    stroke: str = ""
    stroke_width: Measure = Measure(0.8, False)
    radius: Measure = Measure(0.0, False)
    align: str = "left"
    valign: str = "top"
    rotate: int = 0
    opacity: float = 1.0
    fit: str = "cover"

    def box(self, w: float, h: float) -> tuple[float, float, float, float]:
        """(x, y, width, height) in points on a face w x h, y measured up from its bottom edge."""
        bw, bh = self.w.of(w), self.h.of(h)
        return self.x.of(w), h - self.y.of(h) - bh, bw, bh


@dataclass(frozen=True)
class Layout:
    name: str
    elements: tuple[Element, ...] = field(default_factory=tuple)


def _mm(value: float) -> str:
    return f"{value}mm"


# The built-in layouts, written as a folder would write them. The fields they draw: `title`,
# `cost`, `art`, `type`, `text`, `flavour`, `icon`; `fill` and `ink` are the card's colour and
# the text colour that reads on it; `game` and `version` the game's.
BUILT_IN: dict[str, dict[str, Any]] = {
    "plain": {   # a title band over a pale panel of text, the game's name at the foot
        "ground": {"type": "rect", "fill": "{{ fill }}"},
        "art": {"type": "image", "field": "art"},
        "panel": {"type": "rect", "x": 0.042, "y": 0.15, "w": 0.916, "h": 0.808, "radius": "2.6mm",
                  "fill": "#fffdf8", "opacity": 0.9},
        "title": {"type": "text", "field": "title", "x": 0.1, "y": 0.02, "w": 0.8, "h": 0.12, "font": "title",
                  "size": 14, "align": "center", "valign": "middle"},
        "text": {"type": "text", "field": "text", "x": 0.091, "y": 0.19, "w": 0.818, "h": 0.66, "colour": "#231f1c",
                 "size": 10.5},
        "footer": {"type": "text", "text": "{{ game }} \u00b7 {{ version }}", "x": 0.1, "y": 0.9, "w": 0.8,
                   "h": 0.04, "size": 6, "align": "center", "colour": "#7b7571"},
    },
    "standard": {   # title and cost badge, art box, type line, rules text, flavour text
        "ground": {"type": "rect", "fill": "{{ fill }}"},
        "frame": {"type": "rect", "x": 0.045, "y": 0.032, "w": 0.91, "h": 0.936, "radius": "2.5mm",
                  "fill": "#fbf7ef"},
        "title": {"type": "text", "field": "title", "x": 0.09, "y": 0.05, "w": 0.64, "h": 0.085, "font": "title",
                  "size": 13, "valign": "middle", "colour": "#231f1c"},
        "cost_badge": {"type": "circle", "field": "cost", "x": 0.76, "y": 0.04, "w": 0.17, "h": 0.122,
                       "fill": "{{ fill }}", "stroke": "#fbf7ef", "stroke_width": "0.6mm"},
        "cost": {"type": "text", "field": "cost", "x": 0.76, "y": 0.04, "w": 0.17, "h": 0.122, "font": "figures",
                 "size": 16, "align": "center", "valign": "middle"},
        "art": {"type": "image", "field": "art", "x": 0.09, "y": 0.145, "w": 0.82, "h": 0.39},
        "art_frame": {"type": "rect", "field": "art", "x": 0.09, "y": 0.145, "w": 0.82, "h": 0.39,
                      "stroke": "{{ fill }}", "stroke_width": "0.5mm"},
        "icon": {"type": "icon", "field": "icon", "x": 0.3, "y": 0.17, "w": 0.4, "h": 0.34, "colour": "{{ fill }}"},
        "type_band": {"type": "rect", "field": "type", "x": 0.07, "y": 0.545, "w": 0.86, "h": 0.055,
                      "fill": "{{ fill }}", "radius": "1.2mm"},
        "type": {"type": "text", "field": "type", "x": 0.1, "y": 0.545, "w": 0.8, "h": 0.055, "font": "italic",
                 "size": 9, "align": "center", "valign": "middle"},
        "text": {"type": "text", "field": "text", "x": 0.1, "y": 0.62, "w": 0.8, "h": 0.24, "size": 10,
                 "colour": "#231f1c"},
        "flavour": {"type": "text", "field": "flavour", "x": 0.1, "y": 0.865, "w": 0.8, "h": 0.08, "font": "italic",
                    "size": 8, "align": "center", "valign": "bottom", "colour": "#6b625a"},
    },
    "art": {   # the art over the whole card, the title in a band, the text on a panel below
        "ground": {"type": "rect", "fill": "{{ fill }}"},
        "art": {"type": "image", "field": "art"},
        "band": {"type": "rect", "y": 0.0, "h": 0.13, "fill": "{{ fill }}", "opacity": 0.88},
        "title": {"type": "text", "field": "title", "x": 0.08, "y": 0.015, "w": 0.84, "h": 0.1, "font": "title",
                  "size": 14, "align": "center", "valign": "middle"},
        "panel": {"type": "rect", "field": "text", "x": 0.06, "y": 0.66, "w": 0.88, "h": 0.3, "radius": "2mm",
                  "fill": "#fffdf8", "opacity": 0.9},
        "text": {"type": "text", "field": "text", "x": 0.1, "y": 0.68, "w": 0.8, "h": 0.26, "size": 10,
                 "colour": "#231f1c", "align": "center", "valign": "middle"},
    },
    "icon": {   # a large icon in the middle: tokens, tiles and simple cards
        "ground": {"type": "rect", "fill": "{{ fill }}"},
        "title": {"type": "text", "field": "title", "x": 0.08, "y": 0.06, "w": 0.84, "h": 0.16, "font": "title",
                  "size": 14, "align": "center", "valign": "middle"},
        "icon": {"type": "icon", "field": "icon", "x": 0.2, "y": 0.24, "w": 0.6, "h": 0.44},
        "text": {"type": "text", "field": "text", "x": 0.1, "y": 0.72, "w": 0.8, "h": 0.22, "size": 9,
                 "align": "center", "valign": "middle"},
    },
}


def _measure(section: str, key: str, value: Any, fail: Fail) -> Measure:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1:
        return Measure(float(value))
    if isinstance(value, str):
        try:
            return Measure(parse_length(value), False)
        except ValueError:
            pass
    raise fail(section, key, f"[{section}] {key}: expected a fraction of the face from 0 to 1 (0.25) or a length "
                             f"(\"4mm\"), not {value!r}")


def _element(section: str, name: str, table: dict[str, Any], base: Element | None, fail: Fail) -> Element:
    for key in table:
        if key not in KEYS:
            raise fail(section, key, f"[{section}] unknown key {key!r}{did_you_mean(key, KEYS)}; element keys: "
                                     f"{', '.join(KEYS)}")
    kind = table.get("type", base.type if base is not None else None)
    if kind not in TYPES:
        raise fail(section, "type" if "type" in table else None,
                   f"[{section}] type: expected one of {', '.join(TYPES)}, not {kind!r}"
                   f"{did_you_mean(kind, TYPES) if isinstance(kind, str) else ''}")
    changes: dict[str, Any] = {"type": kind}
    for key in ("x", "y", "w", "h", "stroke_width", "radius"):
        if key in table:
            changes[key] = _measure(section, key, table[key], fail)
    for key in ("field", "text", "art", "icon", "font", "colour", "fill", "stroke"):
        if key in table:
            if not isinstance(table[key], str) or len(table[key]) > 2000:
                raise fail(section, key, f"[{section}] {key}: expected text, not {table[key]!r}")
            changes[key] = table[key]
    for key, choices in (("align", ALIGN), ("valign", VALIGN), ("fit", FITS)):
        if key in table:
            if table[key] not in choices:
                raise fail(section, key, f"[{section}] {key}: expected one of {', '.join(choices)}, not {table[key]!r}")
            changes[key] = table[key]
    if "rotate" in table:
        if table["rotate"] not in ROTATIONS or isinstance(table["rotate"], bool):
            raise fail(section, "rotate", f"[{section}] rotate: expected 0, 90, 180 or 270, not {table['rotate']!r}")
        changes["rotate"] = table["rotate"]
    for key, low, high in (("size", 4.0, MAX_TEXT_SIZE), ("opacity", 0.0, 1.0)):
        if key in table:
            value = table[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise fail(section, key, f"[{section}] {key}: expected a number from {low:g} to {high:g}, not {value!r}")
            changes[key] = float(value)
    return replace(base, **changes) if base is not None else Element(name, **changes)


def read_layouts(tables: Any, fail: Fail, fonts: tuple[str, ...]) -> dict[str, Layout]:
    """The built-in layouts and the folder's `[layouts.NAME]` tables, each with its `extends`
    resolved; element fonts must be a role or one of `fonts`."""
    own = tables if tables is not None else {}
    if not isinstance(own, dict):
        raise fail("layouts", None, "[layouts] must be a table of named layouts, such as [layouts.spell]")
    sources = {**{name: ("", table) for name, table in BUILT_IN.items()}, **{n: ("layouts", t) for n, t in own.items()}}
    done: dict[str, Layout] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> Layout:
        if name in done:
            return done[name]
        where, table = sources[name]
        section = f"layouts.{name}"
        if not isinstance(table, dict):
            raise fail("layouts", name, f"[{section}] must be a table of elements")
        parent = table.get("extends")
        elements: dict[str, Element] = {}
        if parent is not None:
            if not isinstance(parent, str) or parent not in sources:
                raise fail(section, "extends", f"[{section}] extends: unknown layout {parent!r}"
                                               f"{did_you_mean(str(parent), sources)}; layouts: {', '.join(sources)}")
            if parent in chain:
                raise fail(section, "extends", f"[{section}] extends {parent!r}, which extends it: a loop")
            elements = {e.name: e for e in resolve(parent, chain + (name,)).elements}
        for element, spec in table.items():
            if element == "extends":
                continue
            where_element = f"{section}.{element}"
            if not isinstance(spec, dict):
                raise fail(section, element, f"[{where_element}] must be a table: type, x, y, w, h...")
            made = _element(where_element, element, spec, elements.get(element), fail)
            if made.font not in ("body", "title", "figures", "italic", *fonts):
                raise fail(where_element, "font", f"[{where_element}] font: unknown font {made.font!r}"
                                                  f"{did_you_mean(made.font, fonts)}; fonts: body, title, figures, "
                                                  f"italic{', ' if fonts else ''}{', '.join(fonts)}")
            elements[element] = made
        if len(elements) > MAX_ELEMENTS:
            raise fail(section, None, f"[{section}] has {len(elements)} elements; at most {MAX_ELEMENTS}")
        done[name] = Layout(name, tuple(elements.values()))
        return done[name]

    for name in sources:
        resolve(name, ())
    return done


def shown(element: Element, values: dict[str, Any]) -> bool:
    """Whether the element is drawn for a design: always, unless its `field` is empty there."""
    return not element.field or bool(str(values.get(element.field, "")).strip())


def source(element: Element, values: dict[str, Any]) -> str:
    """The template of what a text, image or icon element shows: its own `text`, `art` or `icon`,
    else its field's value."""
    own = {"text": element.text, "image": element.art, "icon": element.icon}.get(element.type, "")
    return own or (str(values.get(element.field, "")) if element.field else "")
