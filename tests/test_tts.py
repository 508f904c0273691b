"""`pnp export tts`: a Tabletop Simulator saved object whose images are the kit's own art."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.export.tts import BOARD_PX, FACE_PX, export_tts
from generator.kit import load_kit

GAME = load_game(None)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    paths = export_tts(GAME, out)
    return out, paths, json.loads(paths[0].read_text(encoding="utf-8"))


def walk(objects):
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def test_the_save_has_a_board_and_a_bag_per_kind_of_piece(exported):
    out, paths, save = exported
    assert save["SaveName"].startswith("Siege of Armagh") and isinstance(save["ObjectStates"], list)
    names = [obj["Name"] for obj in save["ObjectStates"]]
    assert names.count("Custom_Board") == 1
    for obj in walk(save["ObjectStates"]):
        assert {"GUID", "Name", "Transform", "Nickname"} <= set(obj)
        assert {"posX", "posY", "posZ", "rotY", "scaleX", "scaleZ"} <= set(obj["Transform"])
    guids = [obj["GUID"] for obj in walk(save["ObjectStates"])]
    assert len(guids) == len(set(guids)) and all(len(g) == 6 for g in guids)
    bags = {obj["Nickname"]: obj for obj in save["ObjectStates"] if obj["Name"] == "Bag"}
    counts = {piece.name: piece.count for piece in load_kit(GAME).pieces if piece.kind == "token"}
    assert {name.rsplit(" x", 1)[0]: len(bag["ContainedObjects"]) for name, bag in bags.items()} == counts


def test_two_sided_pieces_carry_their_true_reverses(exported):
    out, paths, save = exported
    bag = next(obj for obj in save["ObjectStates"] if obj["Nickname"].startswith("Viking troop"))
    tiles = bag["ContainedObjects"]
    assert {t["Name"] for t in tiles} == {"Custom_Tile"}
    fronts = {Path(t["CustomImage"]["ImageURL"]).name for t in tiles}
    backs = [Path(t["CustomImage"]["ImageSecondaryURL"]).name for t in tiles]
    assert fronts == {"viking-front.png"}
    assert sorted(backs) == sorted(["viking-chief.png"] * GAME.counts.chiefs +
                                   ["viking-berserker.png"] * GAME.counts.berserkers +
                                   ["viking-raider.png"] * GAME.counts.plain_vikings)
    village = next(obj for obj in save["ObjectStates"] if obj["Nickname"].startswith("Village"))
    assert {Path(t["CustomImage"]["ImageSecondaryURL"]).name for t in village["ContainedObjects"]} == {"village-looted.png"}
    river = next(obj for obj in save["ObjectStates"] if obj["Nickname"].startswith("River"))
    assert {t["Name"] for t in river["ContainedObjects"]} == {"Custom_Token"}


def test_every_image_named_exists_at_a_sensible_size(exported):
    out, paths, save = exported
    named = set()
    for obj in walk(save["ObjectStates"]):
        image = obj.get("CustomImage")
        if image:
            for field in ("ImageURL", "ImageSecondaryURL"):
                if image[field]:
                    named.add(local(image[field]))
    assert named and all(path.exists() for path in named)
    assert named == {p.resolve() for p in paths[1:]}
    board = next(obj for obj in save["ObjectStates"] if obj["Name"] == "Custom_Board")
    with Image.open(local(board["CustomImage"]["ImageURL"])) as image:
        assert abs(max(image.size) - BOARD_PX) <= 2
    with Image.open(out / "images" / "viking-chief.png") as image:
        assert all(abs(n - FACE_PX) <= 1 for n in image.size)
        assert len(image.convert("RGB").resize((16, 16)).getcolors(256) or range(257)) > 10  # art, not a blank


def test_a_base_url_names_hosted_images_and_the_command_writes_them(tmp_path):
    result = CliRunner().invoke(app, ["export", "tts", "--out", str(tmp_path), "--url", "https://example.org/kit/"])
    assert result.exit_code == 0, result.output
    save = json.loads((tmp_path / "siege-of-armagh.json").read_text(encoding="utf-8"))
    urls = [obj["CustomImage"]["ImageURL"] for obj in walk(save["ObjectStates"]) if "CustomImage" in obj]
    assert urls and all(url.startswith("https://example.org/kit/images/") for url in urls)
    assert all((tmp_path / "images" / url.rsplit("/", 1)[1]).exists() for url in urls)
    bad = CliRunner().invoke(app, ["export", "vassal"])
    assert bad.exit_code == 2 and "unknown export 'vassal'" in bad.output


def test_a_failed_export_writes_nothing_and_keeps_the_last_one(tmp_path, monkeypatch):
    """The JSON and its images are committed together: a full disk at the fifth image leaves no
    image of this export, and the last export byte for byte, with no temporary file."""
    def files(folder):
        return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    last = tmp_path / "last"
    export_tts(GAME, last)
    before = files(last)
    saves = []
    real = Image.Image.save

    def full(self, *args, **kwargs):
        saves.append(1)
        if len(saves) == 5:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "save", full)
    for out, url in ((tmp_path / "new", None), (last, "https://example.org/game")):
        saves.clear()
        with pytest.raises(OSError, match="No space"):
            export_tts(GAME, out, base_url=url)
    assert not (tmp_path / "new").exists() or not files(tmp_path / "new")
    assert files(last) == before
