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
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    paths = export_tts(GAME, out, seed=1)
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
    assert all(bag["Description"].startswith(f"{len(bag['ContainedObjects'])} ") for bag in bags.values())
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
    assert named == {p.resolve() for p in paths[2:]}
    with Image.open(paths[1]) as thumbnail:   # the Saved Objects list's picture, beside the JSON
        assert paths[1] == out / "siege-of-armagh.png" and thumbnail.size == (256, 256)
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


def bag_of(save: dict, name: str) -> dict:
    return next(obj for obj in save["ObjectStates"] if obj["Name"] == "Bag" and obj["Nickname"].startswith(name))


def test_bags_are_shuffled_from_the_seed_and_every_export_has_fresh_guids(tmp_path):
    def backs(seed, folder):
        save = json.loads(export_tts(GAME, tmp_path / folder, seed=seed)[0].read_text(encoding="utf-8"))
        tiles = bag_of(save, "Viking troop")["ContainedObjects"]
        return [Path(t["CustomImage"]["ImageSecondaryURL"]).name for t in tiles], \
            {obj["GUID"] for obj in walk(save["ObjectStates"])}
    first, guids_a = backs(5, "a")
    again, guids_b = backs(5, "b")
    orders = [backs(seed, f"s{seed}")[0] for seed in range(6)]
    assert first == again and not guids_a & guids_b     # the same order, but no GUID used twice
    assert len({tuple(order) for order in orders}) > 3
    assert sum(order[0] == "viking-chief.png" for order in orders) < 4   # the Chief is not always on top


def test_secret_faces_are_for_the_hand_and_one_faced_pieces_do_not_claim_two(tmp_path, exported):
    out, paths, save = exported
    vikings = bag_of(save, "Viking troop")
    assert "Draw them into your hand" in vikings["Description"]
    for tile in vikings["ContainedObjects"]:
        assert tile["Hands"] and tile["Transform"]["rotZ"] == 0.0 and "reverse is secret" in tile["Description"]
    village = bag_of(save, "Village")["ContainedObjects"][0]
    assert not village["Hands"] and village["Description"] == "Two faces: turn it over to see the other."
    tafl = json.loads(export_tts(load_game(ROOT / "games" / "tafl"), tmp_path / "tafl")[0].read_text(encoding="utf-8"))
    marker = bag_of(tafl, "Turn marker")["ContainedObjects"][0]   # its two faces are one picture
    assert marker["Name"] == "Custom_Token" and "turn it over" not in json.dumps(marker)
    hoard = json.loads(export_tts(load_game(ROOT / "games" / "hoard"), tmp_path / "hoard", seed=2)[0]
                       .read_text(encoding="utf-8"))
    bags = [obj["Nickname"] for obj in hoard["ObjectStates"] if obj["Nickname"].startswith("Warrior")]
    assert bags == [f"Warrior x15 ({clan} clan)" for clan in ("Stone", "Ember", "Tide", "Thorn")]
    for warrior in bag_of(hoard, "Warrior x15 (Stone")["ContainedObjects"]:   # strengths lie face down
        assert warrior["Hands"] and warrior["Transform"]["rotZ"] == 180.0
        assert Path(warrior["CustomImage"]["ImageSecondaryURL"]).name == "warriors-stone-back.png"


def test_a_duels_tiles_face_their_owners(tmp_path):
    """Each side's tiles come out of its bag facing its own edge of the table: the far side's are
    turned half round, as the kit and the table draw them."""
    save = json.loads(export_tts(load_game(ROOT / "games" / "tile-duel"), tmp_path / "duel", seed=3)[0]
                      .read_text(encoding="utf-8"))
    turns = {bag["Nickname"]: {tile["Transform"]["rotY"] for tile in bag.get("ContainedObjects", [])}
             for bag in save["ObjectStates"]}
    assert turns["Tile x11 (Dawn)"] == {180.0} and turns["Tile x11 (Dusk)"] == {0.0}
    assert turns["Turn card x2"] == {180.0}          # a shared piece faces the first side, as before
