"""The Tafl kit's art: token faces, ground marks, the board, the turn track and the player aid, as
reportlab vector drawing in a 100-unit box (original art, in the kit's one visual language).

Faces: `tafl-attacker`, `tafl-defender`, `tafl-king`, `tafl-turn` (the skilled-play turn marker)
and the ground marks `tafl-throne` and `tafl-corner` that the board and the rulebook's diagrams
draw under the tokens. The sides differ by shape and pattern as well as colour, so a greyscale
print or a colour-blind player still tells them apart (docs/rulings/tafl.md, ruling 2):

- attackers: dark iron ground, diagonal stripes, a chamfered (octagonal) frame, crossed spears;
- defenders: pale bone ground, a dot pattern, a round frame, a round shield with a boss;
- the king: a defender's round frame and dots on gold, a double ring of studs and a large crown.

The throne and the corners (rulings 1, 5, 9) are marked on the board with the same faces the
diagrams use. The turn track of skilled play (ruling 15) is a separate card, not the board's
frame: its length follows the turn limit, it serves every board size, and at 33 mm squares the
board's side frame is too narrow for 30 legible spaces.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache, partial
from pathlib import Path

from ...kit.faces import CardStyle, FaceSet, Ink, card_sections, circle, text_card, draw_face, hx, paint, poly, text_centered, tint, track_card, track_space
from ...kit.faces import dots as _dots, ground as _ground, octagon as _octagon, star, stripes as _stripes
from ...kit.board import BoardLook, Word, chequer, coordinates, draw_board as kit_board
from ...kit.layout import BoardGeometry
from ...pdf import BOLD, INK, ITALIC, PAPER, SERIF, register_fonts
from ..base import KitHooks
from .board import FILES

# Palette: the kit's bone, steel and gold, with iron for the attackers and sea-blue for the defenders.
IRON, IRON_STRIPE, IRON_EDGE = hx("#22252a"), hx("#30343b"), hx("#8f9aa3")
BONE, BONE_DOT, BONE_EDGE = hx("#efe2c4"), hx("#d8c59a"), hx("#6d5a3a")
STEEL, STEEL_DARK = hx("#b9c2c7"), hx("#5d666b")
GOLD, GOLD_DARK, GOLD_LIGHT = hx("#d4a437"), hx("#8a6414"), hx("#f3d277")
SEA, SEA_DARK = hx("#2c5878"), hx("#1b3a52")
BLOOD, ROYAL = hx("#9a2a1f"), hx("#40295a")
WOOD, WOOD_DARK = hx("#7a5230"), hx("#3b2a20")
BOARD_LIGHT, BOARD_TINT, BOARD_LINE = hx("#f1e6cb"), hx("#e8d8b4"), hx("#a58d66")


def _label(c, text: str, y: float, color, size=9.0) -> None:
    if text:
        text_centered(c, text.upper(), 50, y, BOLD, size, color, 1.4)


# Tokens ----------------------------------------------------------------------------------------

def _spear(c, ink: Ink, length: float = 84.0) -> None:
    """A spear along +y centred on the origin: a long ash shaft, a socket, a leaf-shaped blade."""
    half = length / 2
    steel = ink.fill(STEEL) if not ink.saver else PAPER
    poly(c, [(-1.8, -half), (1.8, -half), (1.8, half - 24), (-1.8, half - 24)],
         fill=ink.fill(WOOD) if not ink.saver else PAPER, stroke=INK, width=0.8)
    poly(c, [(-2.8, half - 26), (2.8, half - 26), (2.2, half - 19), (-2.2, half - 19)],
         fill=ink.fill(STEEL_DARK) if not ink.saver else PAPER, stroke=INK, width=0.8)
    path = c.beginPath()
    path.moveTo(0, half)
    path.curveTo(4.5, half - 5, 7.5, half - 11, 6.5, half - 16)
    path.lineTo(0, half - 20)
    path.lineTo(-6.5, half - 16)
    path.curveTo(-7.5, half - 11, -4.5, half - 5, 0, half)
    path.close()
    paint(c, path, fill=steel, stroke=INK, width=1.1)
    c.setStrokeColor(STEEL_DARK if not ink.saver else INK)
    c.setLineWidth(1.0)
    c.line(0, half - 3, 0, half - 18)


def _spears(c, ink: Ink) -> None:
    """Two crossed spears: the attackers' angular emblem."""
    for angle in (32, -32):
        c.saveState()
        c.translate(50, 50)
        c.rotate(angle)
        _spear(c, ink)
        c.restoreState()
    poly(c, [(50, 41), (56, 47), (50, 53), (44, 47)], fill=ink.fill(BLOOD) if not ink.saver else PAPER,
         stroke=INK, width=1.0)      # the binding where the shafts cross


def attacker(c, ink: Ink, label: str, bleed: float) -> None:
    _ground(c, ink.fill(IRON), bleed)
    _stripes(c, ink.fill(IRON_STRIPE) if not ink.saver else tint(IRON, 0.24), bleed=bleed)
    edge = ink.line(IRON_EDGE, INK)
    poly(c, _octagon(5, 15), stroke=edge, width=2.6)
    poly(c, _octagon(8.5, 16.5), stroke=edge, width=0.8)
    _spears(c, ink)
    _label(c, label, 8.5, ink.line(BONE, INK))


def _round_frame(c, ink: Ink, ring, inner) -> None:
    circle(c, 50, 50, 44, stroke=ring, width=2.6)
    circle(c, 50, 50, 40.5, stroke=inner, width=0.8)


def _round_shield(c, ink: Ink, cx: float, cy: float, r: float) -> None:
    """A round shield quartered in sea-blue and bone, rimmed, with a steel boss."""
    circle(c, cx, cy, r + 1.8, fill=ink.fill(SEA_DARK) if not ink.saver else None, stroke=INK, width=1.0)
    for k in range(4):
        c.setFillColor(ink.fill(SEA) if k % 2 else (BONE if not ink.saver else PAPER))
        c.wedge(cx - r, cy - r, cx + r, cy + r, 45 + 90 * k, 90, fill=1, stroke=0)
    circle(c, cx, cy, r, stroke=ink.line(STEEL_DARK, INK), width=2.4)
    for k in range(12):
        a = math.radians(15 + 30 * k)
        circle(c, cx + (r - 3.6) * math.cos(a), cy + (r - 3.6) * math.sin(a), 1.0, fill=STEEL_DARK)
    circle(c, cx, cy, r * 0.3, fill=ink.fill(STEEL) if not ink.saver else PAPER, stroke=INK, width=1.2)
    circle(c, cx - r * 0.08, cy + r * 0.08, r * 0.1, fill=PAPER)


def defender(c, ink: Ink, label: str, bleed: float) -> None:
    _ground(c, BONE if not ink.saver else PAPER, bleed)
    _dots(c, BONE_DOT if not ink.saver else tint(BONE_EDGE, 0.3), bleed=bleed)
    circle(c, 50, 50, 44, fill=BONE if not ink.saver else PAPER)
    _round_frame(c, ink, BONE_EDGE, SEA)
    _round_shield(c, ink, 50, 52, 29)
    _label(c, label, 8.0, BONE_EDGE, size=8.0)


def _crown(c, ink: Ink, cx: float, cy: float, w: float) -> None:
    """A crown `w` wide, its band's lower edge centred on (cx, cy)."""
    gold = ink.fill(GOLD) if not ink.saver else tint(GOLD, 0.35)
    h = w * 0.62
    x0, x1 = cx - w / 2, cx + w / 2
    band = w * 0.2
    points = [(x0, cy), (x1, cy), (x1, cy + band), (x1 + w * 0.04, cy + h * 0.95),
              (cx + w * 0.25, cy + h * 0.55), (cx + w * 0.12, cy + h * 1.05), (cx, cy + h * 0.6),
              (cx - w * 0.12, cy + h * 1.05), (cx - w * 0.25, cy + h * 0.55),
              (x0 - w * 0.04, cy + h * 0.95), (x0, cy + band)]
    poly(c, points, fill=gold, stroke=GOLD_DARK if not ink.saver else INK, width=1.6)
    poly(c, [(x0, cy), (x1, cy), (x1, cy + band), (x0, cy + band)], fill=ink.fill(GOLD_DARK) if not ink.saver
         else PAPER, stroke=GOLD_DARK if not ink.saver else INK, width=1.2)
    for px, py in ((x1 + w * 0.04, cy + h * 0.95), (cx + w * 0.12, cy + h * 1.05),
                   (cx - w * 0.12, cy + h * 1.05), (x0 - w * 0.04, cy + h * 0.95)):
        circle(c, px, py, w * 0.045, fill=gold, stroke=GOLD_DARK if not ink.saver else INK, width=0.9)
    for k, color in enumerate((BLOOD, SEA, BLOOD)):
        x = cx + (k - 1) * w * 0.3
        circle(c, x, cy + band / 2, w * 0.055, fill=color if not ink.saver else PAPER, stroke=INK, width=0.6)
    circle(c, cx, cy + h * 0.42, w * 0.07, fill=ROYAL if not ink.saver else PAPER, stroke=INK, width=0.7)


def king(c, ink: Ink, label: str, bleed: float) -> None:
    _ground(c, ink.fill(GOLD), bleed)
    _dots(c, ink.fill(GOLD_LIGHT) if not ink.saver else tint(GOLD, 0.4), bleed=bleed)
    circle(c, 50, 50, 44, fill=ink.fill(ROYAL) if not ink.saver else PAPER)
    _round_frame(c, ink, ink.line(GOLD_DARK), ink.line(GOLD_LIGHT, GOLD_DARK))
    for k in range(16):                                  # a ring of studs: only the king has one
        a = math.radians(11.25 + 22.5 * k)
        circle(c, 50 + 47.5 * math.cos(a), 50 + 47.5 * math.sin(a), 1.5, fill=GOLD_DARK)
    circle(c, 50, 50, 36, stroke=ink.line(GOLD, GOLD_DARK), width=1.0)
    _crown(c, ink, 50, 30 if label else 33, 50)
    _label(c, label, 15.5, ink.line(GOLD_LIGHT, INK), size=8.5)


def turn_marker(c, ink: Ink, label: str, bleed: float) -> None:
    """The skilled-play turn marker (ruling 15): a gold teardrop on sea-blue."""
    _ground(c, ink.fill(SEA), bleed)
    _dots(c, ink.fill(SEA_DARK) if not ink.saver else tint(SEA, 0.3), bleed=bleed)
    circle(c, 50, 50, 44, stroke=ink.line(BONE, SEA), width=2.6)
    path = c.beginPath()
    path.moveTo(50, 88)
    path.curveTo(58, 70, 74, 56, 74, 41)
    path.curveTo(74, 27, 63, 17, 50, 17)
    path.curveTo(37, 17, 26, 27, 26, 41)
    path.curveTo(26, 56, 42, 70, 50, 88)
    path.close()
    paint(c, path, fill=ink.fill(GOLD) if not ink.saver else tint(GOLD, 0.35), stroke=GOLD_DARK, width=1.6)
    circle(c, 41, 52, 4.5, fill=GOLD_LIGHT if not ink.saver else PAPER)   # a glint
    text_centered(c, "TURN", 50, 33, BOLD, 9, ink.line(WOOD_DARK), 1.0)


# Ground marks (the board and the diagrams) --------------------------------------------------------

def throne(c, ink: Ink, label: str, bleed: float) -> None:
    """The throne square (rulings 1, 5, 9): gold rays and a ring, visible around the king."""
    _ground(c, ink.fill(hx("#c8a55a")) if not ink.saver else tint(GOLD, 0.25), bleed)
    c.setStrokeColor(ink.fill(GOLD_DARK) if not ink.saver else GOLD_DARK)
    c.setLineWidth(3.0)
    for k in range(16):
        a = math.radians(22.5 * k)
        c.line(50 + 30 * math.cos(a), 50 + 30 * math.sin(a), 50 + 70 * math.cos(a), 50 + 70 * math.sin(a))
    circle(c, 50, 50, 30, fill=ink.fill(GOLD_LIGHT) if not ink.saver else PAPER, stroke=GOLD_DARK, width=2.4)
    poly(c, [(50, 38), (62, 50), (50, 62), (38, 50)], fill=GOLD_DARK)
    c.setStrokeColor(GOLD_DARK)
    c.setLineWidth(2.0)
    c.rect(2, 2, 96, 96, stroke=1, fill=0)


def corner(c, ink: Ink, label: str, bleed: float) -> None:
    """A corner square (rulings 1, 5, 9, 13): the king's refuge, hostile to every token."""
    _ground(c, ink.fill(WOOD_DARK) if not ink.saver else tint(WOOD_DARK, 0.25), bleed)
    c.setStrokeColor(ink.fill(WOOD) if not ink.saver else WOOD)
    c.setLineWidth(3.2)
    for k in range(-100, 200, 14):
        c.line(k, -bleed - 5, k + 110, 105 + bleed)
        c.line(k, 105 + bleed, k + 110, -bleed - 5)
    circle(c, 50, 50, 26, fill=ink.fill(WOOD_DARK) if not ink.saver else PAPER, stroke=GOLD, width=2.6)
    poly(c, star(8, 50, 50, 21, 8), fill=GOLD if not ink.saver else tint(GOLD, 0.5), stroke=GOLD_DARK, width=1.0)
    c.setStrokeColor(GOLD)
    c.setLineWidth(2.0)
    c.rect(2, 2, 96, 96, stroke=1, fill=0)


ART = {"tafl-attacker": attacker, "tafl-defender": defender, "tafl-king": king, "tafl-turn": turn_marker,
       "tafl-throne": throne, "tafl-corner": corner}
LABELS = {"tafl-attacker": "", "tafl-defender": "", "tafl-king": "King", "tafl-turn": "", "tafl-throne": "",
          "tafl-corner": ""}


# The board ---------------------------------------------------------------------------------------

def draw_board(c, geo: BoardGeometry, *, ink_saver: bool = False, title: str = "",
               setup: tuple[str, ...] = ()) -> None:
    """The N x N board in board coordinates (origin at the frame's outer lower-left corner): plain
    squares with the throne and the corners marked (ruling 1), faint marks where the tokens of
    `setup` (grid tokens, ruling 3) start, file letters along the top and bottom and rank numbers
    up both sides."""
    ink = Ink(ink_saver)
    sq, fx, fy = geo.square, geo.frame, geo.frame_y
    look = BoardLook(frame=WOOD_DARK if not ink_saver else PAPER, words=BONE if not ink_saver else INK,
                     ground=BOARD_LIGHT if not ink_saver else PAPER, grid=BOARD_LINE,
                     grid_width=max(0.5, sq * 0.012), ring=GOLD if not ink_saver else INK,
                     ring_width=max(0.6, sq * 0.015), ring_gap=fx * 0.12)
    size = max(6.0, min(fx * 0.55, fy * 0.45))
    words = coordinates(geo, size, bottom=fy * 0.38, top=geo.height - fy * 0.38, side=fx * 0.45,
                        rank_size=size * 0.9, letter=FILES.__getitem__)
    if title:
        words.append(Word(title.upper(), geo.width / 2, fy * 0.12, size * 0.5, 1.0))
    kit_board(c, geo, look, squares=None if ink_saver else _tint_squares, marks=partial(_marks, ink=ink, setup=setup),
              words=words)


def _tint_squares(c, geo: BoardGeometry) -> None:
    """A faint chequer: it helps the eye count squares along a line."""
    c.setFillColor(BOARD_TINT)
    for square in chequer(geo, 1):
        c.rect(square.x, square.y, square.w, square.h, fill=1, stroke=0)


def _marks(c, geo: BoardGeometry, *, ink: Ink, setup: tuple[str, ...]) -> None:
    """Where the setup's attackers (diamonds) and defenders (rings) start, then the throne and the
    corners (ruling 1), drawn with their faces."""
    sq, fx, fy, n = geo.square, geo.frame, geo.frame_y, geo.files
    for s, letter in enumerate(setup if len(setup) == n * geo.ranks else ()):
        if letter in "AD":
            cx, cy = fx + (s % n + 0.5) * sq, fy + (s // n + 0.5) * sq
            if letter == "A":
                k = sq * 0.3
                poly(c, [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)],
                     stroke=ink.line(hx("#8d7b60")), width=max(0.6, sq * 0.02))
                poly(c, [(cx, cy - k * 0.35), (cx + k * 0.35, cy), (cx, cy + k * 0.35), (cx - k * 0.35, cy)],
                     fill=hx("#8d7b60"))
            elif letter == "D":
                circle(c, cx, cy, sq * 0.3, stroke=ink.line(SEA), width=max(0.6, sq * 0.02))
                circle(c, cx, cy, sq * 0.08, fill=SEA)
    special = {(n * n) // 2: "tafl-throne"} if n == geo.ranks else {}
    special.update({s: "tafl-corner" for s in (0, n - 1, n * geo.ranks - n, n * geo.ranks - 1)})
    for s, face in special.items():
        draw_face(c, FACES, face, fx + (s % n) * sq, fy + (s // n) * sq, sq, label="", ink_saver=ink.saver)


# The turn track and the player aid ----------------------------------------------------------------

def draw_track(c, w: float, h: float, cells, *, ink_saver: bool = False, bleed: float = 0.0) -> None:
    """The skilled-play turn track (ruling 15): spaces 1 to N and a start box, in the layout's
    snake (`cells` in path order N..1, then the box). The marker starts in the box and moves up
    one space at the end of each of the defenders' turns. The background runs `bleed` past the trim."""
    register_fonts()
    ink = Ink(ink_saver)
    c.saveState()
    track_card(c, w, h, ink, SEA_DARK, "SKILLED PLAY: THE DEFENDERS' TURNS", 12, 1.6,
               ("The marker starts in the box and moves up one space after each defenders' turn. When it "
                "reaches the bid, the attackers win.",), 8.4, bleed)
    for index, (name, rect) in enumerate(cells):
        start = not name.isdigit()
        ink_text = track_space(c, rect, index, start, (SEA, SEA_DARK, hx("#356a8f"), BONE), ink)
        cx, cy = rect.center
        if start:
            text_centered(c, "START", cx, cy + 1, BOLD, min(14, rect.h * 0.3), ink_text, 2)
            text_centered(c, "the turn marker waits here", cx, cy - 10, ITALIC, 7.5, ink_text)
            continue
        number = int(name)
        text_centered(c, name, cx, cy - rect.h * 0.14, SERIF, min(26, rect.h * 0.44), ink_text)
        if number % 5 == 0:
            circle(c, cx, rect.y + rect.h * 0.14, 1.6, fill=GOLD)
    c.setLineWidth(0.6)
    for (_, a), (_, b) in zip(cells[1:], cells):     # arrows from the box up to N
        (ax, ay), (bx, by) = a.center, b.center
        if abs(ay - by) < 1:
            d = 1 if bx > ax else -1
            x = a.x1 if d > 0 else a.x
            poly(c, [(x - 4 * d, ay + 4), (x + 4 * d, ay), (x - 4 * d, ay - 4)], fill=GOLD, stroke=INK, width=0.6)
        else:
            x, y = ax, a.y1
            poly(c, [(x - 4, y - 4), (x, y + 4), (x + 4, y - 4)], fill=GOLD, stroke=INK, width=0.6)
    c.restoreState()


AID_TEMPLATE = Path(__file__).resolve().parent / "templates" / "player-aid.md.j2"


def aid_values(counts: dict[str, int], size: int) -> dict:
    """The aid template's names: the kit's numbers plus the throne's and corners' names."""
    last = FILES[size - 1]
    centre = f"{FILES[size // 2]}{size // 2 + 1}"
    return {**counts, "board_size": size, "throne": centre, "corners": f"a1, a{size}, {last}1 and {last}{size}"}


def draw_aid(c, w: float, h: float, *, values: dict, title: str, ink_saver: bool = False, icon=None,
             bleed: float = 0.0) -> None:
    """The player aid card: the turn, captures, the king, winning and the optional rules, with a
    legend of the faces along the bottom. The background and the title band run `bleed` past the trim."""
    icon = icon or (lambda cv, face, x, y, s: draw_face(cv, FACES, face, x, y, s, label="", ink_saver=ink_saver))
    register_fonts()
    c.saveState()
    x, width = text_card(c, w, h, title=title, sections=card_sections(AID_TEMPLATE, values), style=AID_STYLE,
                         ink_saver=ink_saver, bleed=bleed)
    faces = ["tafl-attacker", "tafl-defender", "tafl-king", "tafl-throne", "tafl-corner", "tafl-turn"]
    names = ["attacker", "defender", "king", "throne", "corner", "turn"]
    gap = 5.0
    s = min(22.0, (width - gap * (len(faces) - 1)) / len(faces))
    x0 = x + (width - len(faces) * s - gap * (len(faces) - 1)) / 2
    for k, (face, name) in enumerate(zip(faces, names)):
        icon(c, face, x0 + k * (s + gap), 17, s)
        text_centered(c, name, x0 + k * (s + gap) + s / 2, 10, ITALIC, 6.5, INK)
    c.restoreState()


AID_STYLE = CardStyle(frame=WOOD_DARK, heading_ink=lambda heading: IRON if heading.lower().startswith("captur")
                      else SEA_DARK, inset=13.0, top=15.0, heading_size=10.0, heading_gap=13.0, item_size=8.1,
                      item_gap=2.0, section_gap=4.0)


def _track(c, w, h, *, piece, kit, ink_saver, icon, bleed=0.0):
    from ...kit.layout import content_frame, tracker_cells
    draw_track(c, w, h, tracker_cells(piece.spaces, piece.width, content_frame(kit).w), ink_saver=ink_saver, bleed=bleed)


def _aid(c, w, h, *, piece, kit, ink_saver, icon, bleed=0.0):
    draw_aid(c, w, h, values=aid_values(kit.counts, kit.board_files), title=kit.title, ink_saver=ink_saver,
             icon=icon, bleed=bleed)


# The pieces used when a game folder has no [pieces] table (the same as games/tafl/components.toml).
DEFAULT_PIECES: dict[str, dict] = {
    "attacker": {"name": "Attacker", "count": "attackers", "size": 0.8, "front": "tafl-attacker"},
    "defender": {"name": "Defender", "count": "defenders", "size": 0.8, "front": "tafl-defender"},
    "king": {"name": "King", "count": "kings", "size": 0.9, "front": "tafl-king"},
    "turn_marker": {"name": "Turn marker", "count": 1, "size": 0.6, "front": "tafl-turn", "back": "tafl-turn"},
    "turn_track": {"name": "Turn track", "kind": "tracker", "count": 1, "size": 0.5, "spaces": "turn_limit"},
    "player_aid": {"name": "Player aid", "kind": "aid", "count": 2, "size": ["95mm", "150mm"]},
}

FACES = FaceSet(draw=ART, labels=LABELS, board=draw_board, specials={"tracker": _track, "aid": _aid},
                default_pieces=DEFAULT_PIECES, accent=SEA_DARK)


@lru_cache(maxsize=None)
def faces_for(setup: tuple[str, ...]) -> FaceSet:
    """FACES with a board that marks where this setup's tokens start (the game's own setup)."""
    return replace(FACES, board=partial(draw_board, setup=setup))


def kit_hooks(game) -> KitHooks:
    """The cover's set-up picture and words and the parts list's notes, from the game's numbers and
    its setup (ruling 3)."""
    values = game.template_values()
    tokens = game.setup_or_none() or ()
    faces = {"A": "tafl-attacker", "D": "tafl-defender", "K": "tafl-king"}
    setup = tuple((face, tuple(i for i, t in enumerate(tokens) if t == letter)) for letter, face in faces.items())
    n = game.size
    return KitHooks(
        banner=("tafl-attacker", "tafl-attacker", "tafl-king", "tafl-defender", "tafl-defender", "tafl-throne",
                "tafl-corner", "tafl-turn"),
        setup=setup,
        setup_steps=(
            f"Join the board tiles: {n} \u00d7 {n} squares, the throne ({values['throne']}) in the middle "
            f"and a refuge in each corner.",
            f"Put the king on the throne and the {values.get('defenders', 0)} defenders on the pale ringed "
            f"squares around it.",
            f"Put the {values.get('attackers', 0)} attackers on the dark diamond squares, in four groups "
            f"at the middle of the edges.",
            "Choose sides; the attackers move first. For skilled play, bid the defenders' turn limit "
            "down from 30 and put the turn marker on the track's start box; the defenders then move first.",
        ),
        board_notes=(f"The throne ({values['throne']}) and the four corners ({values['corners']}) are "
                     f"marked: only the king may stop there, and when empty they are hostile to every "
                     f"token. Pale rings show where the defenders start, dark diamonds the attackers. "
                     f"Files run a to {FILES[n - 1]} along the bottom and top, ranks 1 to {n} up "
                     f"both sides."),
        piece_notes={"tracker": "skilled play, spaces 1 to {spaces} and a start box",
                     "aid": "moves, captures, the king, winning, the options"},
        check=_check_piece(values),
    )


def _check_piece(values: dict):
    def check(piece) -> str | None:
        """Ruling 15: the turn track must reach the turn limit (the highest bid)."""
        limit = values["turn_limit"]
        if piece.kind == "tracker" and piece.spaces < limit:
            return (f"spaces is {piece.spaces} but skilled play counts the defenders' turns up to the "
                    f"turn limit, {limit}")
        return None
    return check
