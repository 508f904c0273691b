"""The sandbox table of a game without rules (`pnp play --game games/hoard`): the kit's pieces, moved
by hand; hidden values seen only by their owner; bags drawn at random; no number that follows a
piece nobody may see."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from generator.config import load_game
from generator.play.sandbox import Sandbox
from generator.play.session import TABLE, PlayError

ROOT = Path(__file__).resolve().parent.parent
HOARD = load_game(ROOT / "games" / "hoard")
DUEL = load_game(ROOT / "games" / "tile-duel")
CLANS = ("stone", "ember", "tide", "thorn")


def pieces(table: Sandbox, seat: str, **where) -> list[dict]:
    found = table.payload(table.key_of(seat))["pieces"]
    return [p for p in found if all(p.get(k) == v for k, v in where.items())]


def test_every_clan_has_its_warriors_in_hand_and_sees_only_its_own():
    table = Sandbox(HOARD, seed=1)
    assert table.sides == list(CLANS) and set(table.keys.values()) == set(CLANS) | {TABLE}
    for clan in CLANS:
        hand = pieces(table, clan, area="hand")
        assert Counter(p["face"] for p in hand) == Counter({f"warriors-{clan}-1": 5, f"warriors-{clan}-2": 4,
                                                            f"warriors-{clan}-3": 3, f"warriors-{clan}-4": 2,
                                                            f"warriors-{clan}-5": 1})
        payload = table.payload(table.key_of(clan))
        others = [c for c in payload["counts"] if c["area"] == "hand" and c["side"] != clan]
        assert [c["count"] for c in others] == [15, 15, 15]
        assert not re.search(r"warriors-(?!%s)\w+-\d" % clan, json.dumps(payload))
    supply = Counter(p["face"] for p in pieces(table, "stone", area="supply"))
    markers = {f"score-marker-{clan}": 1 for clan in ("stone", "ember", "tide", "thorn")}   # on the shared track
    assert supply == Counter({"palisades": 34, "gold-1": 16, "gold-2": 8, "gold-5": 4, "reminder": 4, **markers})
    assert table.payload(table.key_of("stone"))["furniture"][:1] == ["score-1"]


def test_a_warrior_goes_down_face_down_and_only_its_clan_sees_its_strength():
    table = Sandbox(HOARD, seed=2)
    five = next(p for p in pieces(table, "ember", area="hand") if p["face"] == "warriors-ember-5")
    table.play(table.key_of("ember"), f"{five['id']} c3")
    own = pieces(table, "ember", square="c3")
    assert own == [{**five, "area": "square", "square": "c3", "face": "warriors-ember-back",
                    "secret": "warriors-ember-5"}]
    for clan in ("stone", "tide", "thorn"):
        seen = pieces(table, clan, square="c3")
        assert [(p["face"], p["secret"]) for p in seen] == [("warriors-ember-back", None)]
        assert "warriors-ember-5" not in json.dumps(table.payload(table.key_of(clan)))
    # anyone may turn it over (the count at the end of the game): then everyone sees it
    table.play(table.key_of("tide"), f"flip {five['id']}")
    assert [p["face"] for p in pieces(table, "stone", square="c3")] == ["warriors-ember-5"]


def test_long_pieces_stand_on_the_lines_between_squares():
    table = Sandbox(HOARD, seed=3)
    stone = table.key_of("stone")
    palisade = pieces(table, "stone", face="palisades")[0]
    table.play(stone, f"{palisade['id']} c3|c4")
    assert pieces(table, "thorn", area="edge") == [{**palisade, "area": "edge", "edge": ["c3", "c4"]}]
    gold = pieces(table, "stone", face="gold-5")[0]
    with pytest.raises(PlayError, match="only a long piece"):
        table.play(stone, f"{gold['id']} c3|d3")
    with pytest.raises(PlayError, match="not neighbours"):
        table.play(stone, f"{palisade['id']} c3|e5")
    with pytest.raises(PlayError, match="expected p12 c3"):
        table.play(stone, "put it somewhere")


def test_bags_hide_what_they_hold_and_draw_at_random():
    table = Sandbox(HOARD, seed=4)
    stone = table.key_of("stone")
    hand = pieces(table, "stone", area="hand")
    numbers = {p["id"] for p in hand[:6]}
    for piece in hand[:6]:
        table.play(stone, f"{piece['id']} bag")
    payload = table.payload(stone)
    assert {"area": "bag", "side": "stone", "count": 6} in payload["counts"]
    assert not numbers & {p["id"] for p in payload["pieces"]}, "a piece in a bag is never listed"
    assert not numbers & {f"p{n}" for n in table.items}, "a piece that enters a bag takes a new number"
    with pytest.raises(PlayError, match="no piece"):
        table.play(stone, f"{sorted(numbers)[0]} c3")
    drawn = []
    for _ in range(6):
        table.play(stone, "draw")
        drawn.append(table.payload(stone)["counts"][1]["count"])
    assert drawn == [5, 4, 3, 2, 1, 0] and len(pieces(table, "stone", area="hand")) == 15
    with pytest.raises(PlayError, match="the bag is empty"):
        table.play(stone, "draw")
    # the shared bag: any piece may go in; nobody sees it there; a draw goes to the drawer's hand
    gold = pieces(table, "stone", face="gold-5")[0]
    table.play(stone, f"{gold['id']} pool")
    table.play(table.key_of("tide"), "draw pool")
    assert [p["face"] for p in pieces(table, "tide", area="hand") if p["face"].startswith("gold")] == ["gold-5"]


def test_nobody_reaches_into_another_clans_hand_or_takes_its_pieces():
    table = Sandbox(HOARD, seed=5)
    theirs = pieces(table, "thorn", area="hand")[0]
    with pytest.raises(PlayError, match=f"no piece {theirs['id']} within your reach"):
        table.play(table.key_of("stone"), f"{theirs['id']} c3")
    table.play(table.key_of("thorn"), f"{theirs['id']} a1")
    with pytest.raises(PlayError, match="the Thorn clan's: only they take it in"):
        table.play(table.key_of("stone"), f"{theirs['id']} hand")
    table.play(table.key_of("stone"), f"{theirs['id']} supply")   # put away: hidden, back to its clan
    assert len(pieces(table, "thorn", area="hand")) == 15 and not pieces(table, "stone", area="square")


def test_the_hot_seat_shows_one_clan_at_a_time():
    table = Sandbox(HOARD, seed=6)
    shared = table.key_of(TABLE)
    assert table.payload(shared)["side"] == "stone"
    table.play(shared, "pass")
    cover = table.payload(shared)
    assert cover["handover"] and cover["choose"] == list(CLANS) and "pieces" not in cover
    with pytest.raises(PlayError, match="pass the device first"):
        table.play(shared, "draw")
    table.reveal(shared, "tide")
    assert {p["face"] for p in pieces(table, TABLE, area="hand")} == {f"warriors-tide-{n}" for n in range(1, 6)}


def test_tessera_tiles_lie_face_up_and_turn_over():
    table = Sandbox(DUEL, seed=1)
    dawn = table.key_of("dawn")
    regent = pieces(table, "dawn", face="regent-dawn-front")[0]
    table.play(dawn, f"{regent['id']} d1")
    table.play(dawn, f"flip {regent['id']}")
    assert [p["face"] for p in pieces(table, "dusk", square="d1")] == ["regent-dawn-back"]
    assert table.payload(dawn)["furniture"] == ["legend"]


def test_no_seat_ever_receives_a_value_it_may_not_see():
    """Random sandbox play by every clan; after each action, each clan's payload shows a piece's
    hidden face only when that clan may see it, and never a piece in another hand or a bag."""
    table = Sandbox(HOARD, seed=7)
    rng = random.Random(7)
    squares = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 6)]
    for _ in range(400):
        clan = rng.choice(CLANS)
        mine = [p for p in pieces(table, clan) if p["area"] != "edge"]
        piece = rng.choice(mine)
        action = rng.choice(["square", "square", "flip", "hand", "bag", "pool", "supply", "draw", "draw pool"])
        text = {"square": f"{piece['id']} {rng.choice(squares)}", "flip": f"flip {piece['id']}"}.get(
            action, action if action.startswith("draw") else f"{piece['id']} {action}")
        try:
            table.play(table.key_of(clan), text)
        except PlayError:
            pass
        for viewer in CLANS:
            payload = table.payload(table.key_of(viewer))
            listed = {p["id"]: p for p in payload["pieces"]}
            for number, it in table.items.items():
                shown = listed.get(f"p{number}")
                place = it.where[0]
                if place in ("bag", "pool") or (place == "hand" and it.where[1] != viewer):
                    assert shown is None
                    continue
                up = it.face(it.up)
                expected = it.front if place == "hand" else up
                assert shown["face"] == expected, (viewer, it, shown)
                secret_ok = it.owner == viewer and it.secret == it.down and place != "hand"
                assert shown["secret"] in ((it.face(it.down),) if secret_ok else (None,)), (viewer, it, shown)


def test_a_game_without_sides_has_one_shared_seat(tmp_path):
    (tmp_path / "components.toml").write_text('[game]\npackage = "components"\ntitle = "Stones"\n\n'
                                              '[board]\nfiles = 5\nranks = 5\n\n'
                                              '[tokens.stone]\ncount = 6\nsize = 0.5\nfill = "#777777"\n',
                                              encoding="utf-8")
    table = Sandbox(load_game(tmp_path), seed=1)
    assert list(table.keys.values()) == ["everyone"]
    seat = table.key_of("everyone")
    stone = table.payload(seat)["pieces"][0]
    table.play(seat, f"{stone['id']} c3")
    assert [p["square"] for p in table.payload(seat)["pieces"] if p["area"] == "square"] == ["c3"]
