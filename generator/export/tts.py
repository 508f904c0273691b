"""`pnp export tts`: the kit as a Tabletop Simulator saved object, for any game package.

Writes OUT/<slug>.json, its thumbnail OUT/<slug>.png (the board with the kit's set-up, shown in
TTS's Saved Objects list) and OUT/images/*.png. The JSON is a TTS save (SaveName, ObjectStates):
the board as a Custom_Board, and each kind of piece in a Bag of Custom_Tile objects (two-sided
pieces, each copy with its own true reverse, so a hidden identity travels with its piece) or
Custom_Token objects (one-sided pieces, and those whose two faces are one picture); the kit's cards
(a tracker, a player aid) are tiles beside the board. The images are the kit's own art (the game's
FaceSet), drawn to a one-page PDF each and rasterised (`generator.pdf.drawing_png`): 512 px per
piece face, 2048 px for the board.

Bags are shuffled from `seed` (the same seed, the same order), and every object gets a fresh random
GUID in every export, so two exports spawned on one table never share one.

Secrets (`Piece.secret_side`): TTS shows every flip to everyone, so a face that keeps a secret is
never meant to be flipped on the table. Such pieces may go into a player's hand zone (`Hands`),
whose contents TTS hides from the other players by default: pieces with secret reverses are
drawn into the hand, looked at there and placed front up; pieces with secret values lie in the bag
face down, are taken into the hand and put down face down. Hand zones exist at
every seat of every TTS table, need no script and no assumed player colour, which hidden zones
(placed for one colour) and scripted states (that any player with the Game Master's rights can
bypass) do not offer.

Image URLs are `file:///` paths to OUT/images (this computer only) unless `base_url` is given:
then every image is named `base_url/images/NAME.png`, for sharing once the folder is hosted.

The JSON and its images are written together or not at all (`generator.pdf.OutputSet`): a failed
or interrupted export leaves the last one as it was. Images of an earlier export that this one no
longer names are left in images/ (the folder may be shared with hosted copies).

Sizes: TTS has no absolute unit (about an inch); a Custom_Board spans about BOARD_UNITS at scale 1
and a Custom_Tile about TILE_UNITS, so pieces are scaled to their printed size relative to the
board's square. Players can rescale anything in TTS.
"""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Callable

from ..games.base import Game
from ..pdf import OutputSet, drawing_png

FACE_PX = 512
BOARD_PX = 2048
CARD_PX = 1024
THUMB_PX = 256       # TTS's Saved Objects list shows a 256 px square picture
BOARD_UNITS = 18.0   # a Custom_Board's width at scale 1, in TTS units (about inches)
TILE_UNITS = 2.0     # a Custom_Tile's width at scale 1


SECRET_WORDS = {
    "": "Two faces: turn it over to see the other.",
    "back": "Its reverse is secret: take it into your hand (the other players cannot see what is there), "
            "look at the reverse, and place it front up. Turn it over only when the rules reveal it.",
    "front": "Its value is secret: take it into your hand (the other players cannot see what is there) and "
             "put it down face down. Turn it over only when the rules reveal it.",
}


class Guids:
    """Fresh random GUIDs (six hex digits, as TTS writes them), none given twice."""

    def __init__(self):
        self.given: set[str] = set()

    def __call__(self) -> str:
        guid = secrets.token_hex(3)
        while guid in self.given:
            guid = secrets.token_hex(3)
        self.given.add(guid)
        return guid


def _transform(x=0.0, y=1.0, z=0.0, scale=1.0, rot_y=180.0, face_down=False) -> dict:
    return {"posX": round(x, 3), "posY": y, "posZ": round(z, 3), "rotX": 0.0, "rotY": rot_y,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def _object(name: str, nickname: str, transform: dict, guid: str, **extra) -> dict:
    obj = {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": "",
           "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True,
           "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
           "HideWhenFaceDown": False, "Hands": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
    obj.update(extra)
    return obj


def _render(outputs: OutputSet, folder: Path, name: str, width: float, height: float, pixels: int, draw) -> Path:
    """Draw (width x height points) as `folder/name.png`, `pixels` wide on its longer side, one of
    `outputs`."""
    path = folder / f"{name}.png"
    outputs.write(path, drawing_png(width, height, pixels, draw))
    return path


def export_tts(game: Game, out: Path | str, *, base_url: str | None = None, seed: int | None = None,
               report: Callable[[str], None] = lambda text: None) -> list[Path]:
    """Write the saved object, its thumbnail and its images to `out`, all or nothing; returns the
    JSON's path, the thumbnail's, then the images'. `seed` shuffles the bags (default: at random)."""
    with OutputSet() as outputs:
        return _export(outputs, game, Path(out), base_url, random.Random(seed), report)


def _export(outputs: OutputSet, game: Game, out: Path, base_url: str | None, rng: random.Random,
            report: Callable[[str], None]) -> list[Path]:
    from ..kit.faces import draw_face
    from ..kit.layout import board_geometry, content_frame, unit_size
    from ..kit.model import load_kit

    kit = load_kit(game)
    faces = kit.faces
    images = out / "images"
    written: dict[str, Path] = {}
    guid = Guids()

    def url(path: Path) -> str:
        if base_url:
            return f"{base_url.rstrip('/')}/images/{path.name}"
        return path.resolve().as_uri()

    def face_image(face: str, label: str) -> str:
        key = f"{face}|{label}"
        if key not in written:
            stem = face if not label or label == faces.labels.get(face, "") else f"{face}-{_slug(label)}"
            written[key] = _render(outputs, images, stem, 100, 100, FACE_PX,
                                   lambda c: draw_face(c, faces, face, 0, 0, 100, label=label))
        return url(written[key])

    # the board
    geo = board_geometry(kit)
    board_png = _render(outputs, images, "board", geo.width, geo.height, BOARD_PX, lambda c: faces.board(c, geo))
    written["board"] = board_png
    unit = BOARD_UNITS / geo.width  # TTS units per point
    objects = [_object("Custom_Board", f"{kit.title} board", _transform(y=1.0), guid(),
                       Locked=True, CustomImage={"ImageURL": url(board_png), "ImageSecondaryURL": "",
                                                 "ImageScalar": 1.0, "WidthScale": 0.0})]

    # the pieces, a bag per kind; the cards beside the board
    half_w, half_h = BOARD_UNITS / 2, BOARD_UNITS * geo.height / geo.width / 2
    bag_x = -half_w + 1.5
    card_z = -half_h + 2.0
    room_w = content_frame(kit).w

    def icon(c, art, x, y, size):
        draw_face(c, faces, art, x, y, size, label="")

    for piece in kit.pieces:
        if piece.kind != "token":
            special = faces.specials.get(piece.kind)
            if special is None:
                continue
            w, h = unit_size(kit, piece, False, room_w)
            png = _render(outputs, images, piece.key, w, h, CARD_PX, lambda c, w=w, h=h, piece=piece: special(
                c, w, h, piece=piece, kit=kit, ink_saver=False, icon=icon))
            written[piece.key] = png
            scale = max(w, h) * unit / TILE_UNITS
            for n in range(piece.count):
                objects.append(_object(
                    "Custom_Tile", piece.name, _transform(half_w + 1 + max(w, h) * unit / 2 + n * 0.3,
                                                          1.0 + n * 0.2, card_z, scale), guid(),
                    CustomImage={"ImageURL": url(png), "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                                 "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}}))
            card_z += h * unit + 1.0
            continue
        scale = piece.width * unit / TILE_UNITS
        copies = piece.copies()
        owners = dict.fromkeys(game.owner(front) for front, _ in copies)
        rng.shuffle(copies)
        for owner in owners:   # a bag per player (one for a shared component)
            mine = [(front, back) for front, back in copies if game.owner(front) == owner]
            whose = f" ({game.side(owner).plural})" if owner else ""
            contained, hidden = [], False
            for front, back in mine:
                front_url = face_image(front, piece.label(front))
                if back is None or back == front:   # one picture on both sides: nothing to turn over
                    contained.append(_object(
                        "Custom_Token", piece.name, _transform(scale=scale), guid(),
                        CustomImage={"ImageURL": front_url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                     "WidthScale": 0.0,
                                     "CustomToken": {"Thickness": 0.15, "MergeDistancePixels": 15.0, "StandUp": False,
                                                     "Stackable": True}}))
                    continue
                secret = piece.secret_side(front, back)
                hidden = hidden or bool(secret)
                contained.append(_object(
                    "Custom_Tile", piece.name, _transform(scale=scale, rot_y=0.0 if front in faces.turned else 180.0,
                                                          face_down=secret == "front"), guid(),
                    Description=SECRET_WORDS[secret], Hands=bool(secret),
                    CustomImage={"ImageURL": front_url, "ImageSecondaryURL": face_image(back, piece.label(back)),
                                 "ImageScalar": 1.0, "WidthScale": 0.0,
                                 "CustomTile": {"Type": 0, "Thickness": 0.15, "Stackable": True, "Stretch": True}}))
            note = " Draw them into your hand: the other players cannot see what is there." if hidden else ""
            objects.append(_object("Bag", f"{piece.name} x{len(mine)}{whose}",
                                   _transform(bag_x, 1.5, half_h + 2.5, 1.0, 0.0), guid(),
                                   Description=f"{len(mine)} {piece.name}{whose}, shuffled.{note}",
                                   ContainedObjects=contained))
            bag_x += 3.0

    save = {"SaveName": f"{kit.title} {kit.version}".strip(), "GameMode": kit.title, "Date": kit.date,
            "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
            "ObjectStates": objects}
    path = out / f"{kit.slug}.json"
    outputs.write(path, json.dumps(save, indent=2, ensure_ascii=False).encode("utf-8"))
    thumbnail = out / f"{kit.slug}.png"
    outputs.write(thumbnail, drawing_png(geo.width, geo.width, THUMB_PX, lambda c: _thumbnail(c, kit, geo)))
    report(f"{len(objects)} objects, {len(written)} images; images named by "
           + (f"{base_url.rstrip('/')}/images/" if base_url else "file:/// paths (this computer only)"))
    return [path, thumbnail] + sorted(set(written.values()))


def _thumbnail(c, kit, geo) -> None:
    """The board with the kit's set-up picture on it, centred in a square (TTS's thumbnail)."""
    from ..kit.faces import draw_face

    c.setFillColor(kit.faces.accent)
    c.rect(0, 0, geo.width, geo.width, stroke=0, fill=1)
    c.translate(0, (geo.width - geo.height) / 2)
    kit.faces.board(c, geo)
    size = geo.square * 0.78
    for face, squares in kit.hooks.setup:
        for square in squares:
            if face in kit.faces.draw:
                r = geo.square_rect(square % kit.board_files, square // kit.board_files + 1)
                draw_face(c, kit.faces, face, r.x + (r.w - size) / 2, r.y + (r.h - size) / 2, size, label="")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
