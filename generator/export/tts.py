"""`pnp export tts`: the kit as a Tabletop Simulator saved object, for any game package.

Writes OUT/<slug>.json and OUT/images/*.png. The JSON is a TTS save (SaveName, ObjectStates): the
board as a Custom_Board, and each kind of piece in a Bag of Custom_Tile objects (two-sided pieces,
each copy with its own true reverse, so a hidden identity travels with its piece) or Custom_Token objects
(one-sided pieces); the kit's cards (a tracker, a player aid) are tiles beside the board. The
images are the kit's own art (the game's FaceSet), drawn to a one-page PDF each and rasterised
(`generator.pdf.rasterize`): 512 px per piece face, 2048 px for the board.

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

import hashlib
import json
from pathlib import Path
from typing import Callable

from ..games.base import Game
from ..pdf import OutputSet, drawing_png

FACE_PX = 512
BOARD_PX = 2048
CARD_PX = 1024
BOARD_UNITS = 18.0   # a Custom_Board's width at scale 1, in TTS units (about inches)
TILE_UNITS = 2.0     # a Custom_Tile's width at scale 1


def _guid(*parts) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x=0.0, y=1.0, z=0.0, scale=1.0, rot_y=180.0) -> dict:
    return {"posX": round(x, 3), "posY": y, "posZ": round(z, 3), "rotX": 0.0, "rotY": rot_y, "rotZ": 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


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


def export_tts(game: Game, out: Path | str, *, base_url: str | None = None,
               report: Callable[[str], None] = lambda text: None) -> list[Path]:
    """Write the saved object and its images to `out`, all or nothing; returns the JSON's path, then
    the images'."""
    with OutputSet() as outputs:
        return _export(outputs, game, Path(out), base_url, report)


def _export(outputs: OutputSet, game: Game, out: Path, base_url: str | None,
            report: Callable[[str], None]) -> list[Path]:
    from ..kit.faces import draw_face
    from ..kit.layout import board_geometry, content_frame, unit_size
    from ..kit.model import load_kit

    kit = load_kit(game)
    faces = kit.faces
    images = out / "images"
    written: dict[str, Path] = {}

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
    objects = [_object("Custom_Board", f"{kit.title} board", _transform(y=1.0), _guid(kit.title, "board"),
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
                                                          1.0 + n * 0.2, card_z, scale), _guid(kit.title, piece.key, n),
                    CustomImage={"ImageURL": url(png), "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                                 "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}}))
            card_z += h * unit + 1.0
            continue
        scale = piece.width * unit / TILE_UNITS
        contained = []
        for index, (front, back) in enumerate(piece.copies()):
            front_url = face_image(front, piece.label(front))
            guid = _guid(kit.title, piece.key, index)
            if back is not None:
                back_url = face_image(back, piece.label(back))
                contained.append(_object(
                    "Custom_Tile", piece.name, _transform(scale=scale), guid,
                    Description="two-sided: flip it to see the reverse",
                    CustomImage={"ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0,
                                 "WidthScale": 0.0,
                                 "CustomTile": {"Type": 0, "Thickness": 0.15, "Stackable": True, "Stretch": True}}))
            else:
                contained.append(_object(
                    "Custom_Token", piece.name, _transform(scale=scale), guid,
                    CustomImage={"ImageURL": front_url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                 "WidthScale": 0.0,
                                 "CustomToken": {"Thickness": 0.15, "MergeDistancePixels": 15.0, "StandUp": False,
                                                 "Stackable": True}}))
        note = " (shuffled: draw without looking, the reverses stay hidden)" if piece.backs and \
            len({back for back, _ in piece.backs}) > 1 else ""
        objects.append(_object("Bag", f"{piece.name} x{piece.count}", _transform(bag_x, 1.5, half_h + 2.5, 1.0, 0.0),
                               _guid(kit.title, piece.key, "bag"), Description=f"{piece.count} {piece.name}{note}",
                               ContainedObjects=contained))
        bag_x += 3.0

    save = {"SaveName": f"{kit.title} {kit.version}".strip(), "GameMode": kit.title, "Date": kit.date,
            "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
            "ObjectStates": objects}
    path = out / f"{kit.slug}.json"
    outputs.write(path, json.dumps(save, indent=2, ensure_ascii=False).encode("utf-8"))
    report(f"{len(objects)} objects, {len(written)} images; images named by "
           + (f"{base_url.rstrip('/')}/images/" if base_url else "file:/// paths (this computer only)"))
    return [path] + sorted(set(written.values()))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
