"""`pnp play` without a browser: the kit's faces as SVG, the table's seats and hidden information,
the engine's refusals, undo, the AI's replies, the HTTP API and the example-block export."""

from __future__ import annotations

import json
import random
import re
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.check import check_text, format_report
from generator.cli import app
from generator.config import load_game
from generator.games.base import (BoardSpec, CellArt, EdgeArt, Effect, Game, GameInfo, IllegalMoveError,
                                  InvalidMoveError, Outcome, Side, Snapshot, State, Tally)
from generator.games.siege import Phase
from generator.kit.svg import board_svg, face_svg
from generator.play.server import create_app, links
from generator.play.session import TABLE, PlayError, Table
from helpers import SECRET_FACES, TRAY, assert_irish_payload_is_clean

GAME = load_game(None)
ROOT = Path(__file__).resolve().parent.parent


def key(table: Table, seat: str) -> str:
    return table.key_of(seat)


def play_random(table: Table, moves: int, seed: int = 0, until=None) -> None:
    """Play random legal moves for whichever person is to move (passing the device when asked)."""
    rng = random.Random(seed)
    for _ in range(moves):
        state = table.state
        if state.is_game_over() or (until and until(state)):
            return
        if table.handover:
            table.reveal(key(table, TABLE))
        mover = state.to_move.label
        table.play(key(table, mover), rng.choice(state.legal_moves()).notation())


def through_setup(table: Table, seed: int = 0) -> None:
    play_random(table, 200, seed, until=lambda state: not state.in_setup())
    assert not table.state.in_setup()


def wait_for_ai(table: Table, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while table.thinking and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not table.thinking, "the AI did not answer in time"


# ----------------------------------------------------------------------------- faces as SVG
def test_every_face_and_the_board_draw_as_svg_from_the_kit_code():
    faces = GAME.faces
    for name in faces.names:
        svg = face_svg(faces, name, label=None)
        root = ET.fromstring(svg)  # well formed
        assert root.get("viewBox") == "0 0 100 100"
        assert len(list(root.iter())) > 5, name
    svg, box = board_svg(faces, GAME.board.files, GAME.board.ranks)
    ET.fromstring(svg)
    assert 0 < box["left"] < 0.1 and box["square_w"] * GAME.board.files < 1
    # text objects, clipping and transforms become SVG
    raider = face_svg(faces, "viking-raider", label=None)
    assert "<text" in raider and "clipPath" in raider and "transform" in raider


# ----------------------------------------------------------------------------- hidden information
def scan(table: Table, seats: dict[str, list[dict]], since: dict[str, int | None]) -> None:
    """Collect every seat's payload (as its page would ask for it) and check the Irish ones."""
    for seat, payloads in seats.items():
        payload = table.payload(key(table, seat), since.get(seat))
        payloads.append(payload)
        if "history" in payload:
            since[seat] = len(payload["history"])
        if payload.get("side") == "irish":
            assert_irish_payload_is_clean(payload, table.state)


def test_each_seat_receives_only_its_own_view():
    table = Table(GAME, vs="human", seed=3)
    rng = random.Random(5)
    seen = {"irish": [], "viking": [], TABLE: []}
    since: dict[str, int | None] = {}
    for _ in range(110):
        if table.state.is_game_over():
            break
        scan(table, seen, since)
        if table.handover:
            cover = table.payload(key(table, TABLE))
            assert cover["handover"] and not {"cells", "moves", "history", "zones", "scores"} & set(cover)
            table.reveal(key(table, TABLE))
        table.play(key(table, table.state.to_move.label), rng.choice(table.state.legal_moves()).notation())
    viking = seen["viking"][-1]
    assert any(c["secret"] for c in viking["cells"]), "the Vikings' own view shows their hidden reverses"
    assert any(p.get("steps") for p in seen["irish"]), "the moves since the page's last look come to animate"


def test_indistinguishable_games_send_the_irish_the_same_bytes():
    """The Vikings place their reverses differently; while no reverse is revealed, every byte the
    Irish (and, on their turns, the hot seat) receive is the same: nothing depends on the secret."""
    tables = [Table(GAME, vs="human", seed=7), Table(GAME, vs="human", seed=7)]
    rng = random.Random(8)
    swap = {"V": "B", "B": "V"}
    compared = 0
    while not tables[0].state.is_game_over() and compared < 60:
        state = tables[0].state   # steps onto empty squares: no push turns a reverse over
        moves = [m for m in state.legal_moves() if m.to < 0 or state.in_setup() or state.piece_at(m.to) is None]
        text = rng.choice(moves).notation()
        texts = [text, swap.get(text[0], text[0]) + text[1:] if text[1:2] == "@" and tables[0].state.in_setup()
                 else text]
        for table, move in zip(tables, texts):
            if table.handover:
                table.reveal(key(table, TABLE))
            if move not in [m.notation() for m in table.state.legal_moves()]:
                move = texts[0]
            table.play(key(table, table.state.to_move.label), move)
        if any("irish" in t.played[-1].revealed for t in tables):
            break   # a reverse showed: from here the Irish know something that differs
        payloads = [t.payload(key(t, "irish"), max(0, len(t.played) - 3)) for t in tables]
        assert json.dumps(payloads[0]) == json.dumps(payloads[1])
        compared += 1
    assert compared == 60 and any("B@" in p.move.notation() for p in tables[0].played)
    assert [p.move.notation() for p in tables[0].played] != [p.move.notation() for p in tables[1].played]


def test_placements_come_as_one_sorted_batch():
    """While the Vikings place their troops the Irish see none of them; once the Vikings are done,
    all at once, listed in sorted order: the order of the choices (an AI's first four are its
    Berserkers and Chief) tells nothing."""
    for seed in range(4):
        table = Table(GAME, vs="mcts:20", side="irish", seed=seed, ai_pause=0)
        irish = key(table, "irish")
        placed = []
        rng = random.Random(seed)
        while table.state.in_setup():
            while table.thinking:
                placed.append(sum(c["piece"] == "viking-front" for c in table.payload(irish)["cells"]))
                time.sleep(0.005)
            if table.state.in_setup():
                table.play(irish, rng.choice(table.state.legal_moves()).notation())
        assert set(placed) <= {0, GAME.counts.viking_troops}, placed
        history = [h["move"] for h in table.payload(irish)["history"] if h["move"].startswith("?@")]
        assert history == sorted(history) and len(history) == GAME.counts.viking_troops
        order = [p.move.notation() for p in table.played if p.move.notation()[1:2] == "@" and p.side == "viking"]
        assert [text[2:] for text in order] != [text[2:] for text in history] or seed  # the true order differs


def test_hidden_placements_are_masked_and_the_last_ones_too():
    for seed in range(6):
        table = Table(GAME, vs="human", seed=seed)
        play_random(table, 200, seed, until=lambda state: not state.in_setup())
        seen = [p.seen["irish"] for p in table.played if p.side == "viking" and "@" in p.seen["viking"]]
        assert len(seen) == GAME.counts.viking_troops and all(text.startswith("?@") for text in seen), seen
        viking = [h["move"] for h in table.payload(key(table, "viking"))["history"]]
        assert {m[0] for m in viking if re.fullmatch(r"[VBC]@[a-h]8", m)} == {"V", "B", "C"}


def test_the_hot_seat_covers_the_screen_whenever_the_player_changes():
    table = Table(GAME, vs="human", seed=1)
    shared = key(table, TABLE)
    # river shifts and villages hide nothing: no pass screen...
    play_random(table, 12, 4, until=lambda state: state.phase is Phase.VILLAGES)
    assert not table.handover and table.state.to_move.label == "irish"
    play_random(table, 12, 4, until=lambda state: state.to_move.label == "viking" and
                any(m.notation()[1] == "@" for m in state.legal_moves()))
    # ...but the Irish must not watch the Vikings put their reverses down (ruling 4)
    assert table.handover
    play_random(table, 200, 4, until=lambda state: not state.in_setup())
    play_random(table, 3, 4)
    while not table.handover:
        table.play(key(table, table.state.to_move.label), table.state.legal_moves()[0].notation())
    with pytest.raises(PlayError, match="pass the device"):
        table.play(shared, table.state.legal_moves()[0].notation())
    cover = table.payload(shared)
    assert cover["handover"] and cover["pass_to"] == table.state.to_move.label and "cells" not in cover
    table.reveal(shared)
    payload = table.payload(shared)
    assert not payload["handover"] and payload["side"] == payload["to_move"] and payload["moves"]
    # an undo on the hot seat hands the device over too, before the other side's view shows
    mover = payload["side"]
    table.undo(shared)
    cover = table.payload(shared)
    assert cover["handover"] and cover["pass_to"] != mover and "cells" not in cover and "history" not in cover
    with pytest.raises(PlayError, match="the device goes to"):
        table.reveal(shared, mover)
    table.reveal(shared, cover["pass_to"])
    assert table.payload(shared)["side"] == cover["pass_to"]


def test_tafl_hides_nothing_so_the_hot_seat_never_covers():
    tafl = load_game(ROOT / "games" / "tafl")
    table = Table(tafl, vs="human", seed=1)
    rng = random.Random(2)
    for _ in range(20):
        assert not table.handover
        table.play(key(table, table.state.to_move.label), rng.choice(table.state.legal_moves()).notation())


# ----------------------------------------------------------------------------- undo never reveals
def push_reveals(**more) -> Table:
    """The Irish to move beside a hidden Berserker on d5, the river on d6 behind it: the push flips it."""
    from helpers import position
    start = position(river=6, d5="B", d4="I", a8="V", h1="I", lines="to-move: irish\n")
    return Table(GAME, start=start, **more)


def test_taking_back_a_reveal_against_the_ai_is_refused():
    table = push_reveals(vs="random", side="irish", ai_pause=0)
    irish = key(table, "irish")
    table.play(irish, "d4-d5")
    assert table.played[-1].revealed == {"irish"}
    cells = {c["square"]: c["piece"] for c in table.payload(irish)["cells"]}
    assert cells["d5"] == "viking-berserker"
    with pytest.raises(PlayError, match="which showed you what was hidden; the Vikings \\(AI\\) cannot agree"):
        table.undo(irish)
    assert len(table.played) == 1


def test_taking_back_a_reveal_between_people_needs_the_other_sides_consent():
    table = push_reveals(vs="human")
    irish, viking = key(table, "irish"), key(table, "viking")
    table.play(irish, "d4-d5")
    table.undo(irish)
    assert len(table.played) == 1 and table.request is not None
    asked = table.payload(viking)["request"]
    assert asked == {"by": "irish", "asks": ["viking"], "count": 1, "yours": True, "mine": False}
    assert table.payload(irish)["request"]["mine"]
    with pytest.raises(PlayError, match="waiting for an answer"):
        table.play(irish, "end")
    with pytest.raises(PlayError, match="must agree"):
        table.answer(irish, True)
    table.answer(viking, False)
    assert len(table.played) == 1 and "did not agree" in table.payload(irish)["notice"]
    table.undo(irish)
    table.answer(viking, True)
    assert table.played == [] and "agreed" in table.payload(irish)["notice"]
    # a move that showed nothing goes back at once
    table.play(irish, "h1-h2")
    table.undo(irish)
    assert table.played == [] and table.request is None


def test_on_the_hot_seat_the_consent_is_asked_behind_the_cover():
    table = push_reveals(vs="human")
    shared = key(table, TABLE)
    assert table.payload(shared)["handover"]   # a game with secrets starts behind the cover
    table.reveal(shared)
    table.play(shared, "d4-d5")
    table.undo(shared)
    cover = table.payload(shared)
    assert cover["handover"] and cover["pass_to"] == "viking" and cover["request"]["by"] == "irish"
    assert "cells" not in cover
    table.answer(shared, True)
    assert table.played == [] and table.payload(shared)["handover"]  # back to the Irish, covered


def test_a_player_can_take_back_only_their_own_move():
    table = Table(GAME, vs="human", seed=1)
    table.play(key(table, "irish"), table.state.legal_moves()[0].notation())
    with pytest.raises(PlayError, match="made by the Irish: only they can take it back"):
        table.undo(key(table, "viking"))


# ----------------------------------------------------------------------------- the state drawn, the words
def test_the_payload_draws_points_tracker_reserve_treasure_and_the_clock():
    from helpers import position
    start = position(river=None, d5="V", d4="I", d3="V", lines="to-move: viking\ntracker: 2 4\nreserve: 1\ndefeated: 3\n")
    table = Table(GAME, vs="human", start=start)
    payload = table.payload(key(table, "irish"))
    zones = {z["name"]: z for z in payload["zones"]}
    assert zones["Reinforcements"]["card"] == "tracker"
    assert sorted(zones["Reinforcements"]["pieces"]) == [["irish", "2"], ["irish", "4"], ["irish", "Reserve"]]
    assert zones["Treasure, on the Irish side"]["pieces"] == [["treasure", ""]]
    assert [p[0] for p in zones[TRAY]["pieces"]] == ["viking-raider"] * 3
    scores = {t["side"]: t for t in payload["scores"]}
    assert scores["irish"]["points"] == 1 and scores["irish"]["needed"] == 2
    assert {"words": "4 Vikings defeated", "held": False, "progress": "3 of 4"} in scores["irish"]["ways"]
    assert payload["clock"] == [0, 2]
    table.play(key(table, "viking"), "d5-d4")
    payload = table.payload(key(table, "viking"), 0)
    assert payload["clock"] == [1, 2] and payload["prompt"].startswith("Action 2 of 2")
    step = payload["steps"][0]
    assert step["motion"]["motions"][0] == {"from": "d5", "to": "d4", "role": "move", "side": "viking"}
    assert step["motion"]["removals"] == [{"from": "d4", "to": None, "face": "irish"}]
    assert payload["last"] == ["d4", "d5"]


def test_setup_says_what_to_do_and_shows_choices_as_pictures():
    table = Table(GAME, vs="human", seed=1)
    irish = key(table, "irish")
    payload = table.payload(irish)
    assert payload["prompt"] == ("Slide 3 river tiles one square from rank 5 to rank 4, each on its own file: "
                                 "0 moved, 3 to go.")
    assert payload["moves"][0]["words"] == "Slide the river tile a5 \u2192 a4"
    play_random(table, 60, 2, until=lambda state: state.to_move.label == "viking" and
                any(m.notation()[1] == "@" for m in state.legal_moves()))
    payload = table.payload(key(table, "viking"))
    assert "Place your troops front up on rank 8" in payload["prompt"] and "left: 1 Chief, 2 Berserkers, 5 Raiders" \
        in payload["prompt"]
    on_a8 = [m for m in payload["moves"] if m["squares"] == ["a8"]]
    assert [m["words"] for m in on_a8] == ["Place a Raider on a8", "Place a Berserker on a8", "Place a Chief on a8"]
    assert [m["after"]["a8"]["secret"] for m in on_a8] == ["viking-raider", "viking-berserker", "viking-chief"]


def test_the_end_of_the_game_says_who_won_and_how_and_shows_everything():
    table = Table(GAME, vs="human", seed=1)
    play_random(table, 2000, 11)
    payload = table.payload(key(table, "irish"))
    outcome = payload["outcome"]
    assert outcome["headline"] in ("The Vikings win", "The Irish win") and outcome["how"]
    assert outcome["winners"] == [table.state.outcome().winner.label]
    fronts = [c for c in payload["cells"] if c["piece"] == "viking-front"]
    assert all(c["secret"] in SECRET_FACES for c in fronts)   # every reverse now shows, as an inset
    assert not payload["moves"] and not payload["your_turn"]


# ----------------------------------------------------------------------------- refusals, undo, AI
def test_an_illegal_move_is_refused_with_the_engines_reason_and_ruling():
    table = Table(GAME, vs="human", seed=1)
    through_setup(table)
    mover = table.state.to_move.label
    with pytest.raises(PlayError) as refused:
        table.play(key(table, mover), "end")
    assert refused.value.ruling == 5 and "at least one action" in refused.value.reason
    other = "irish" if mover == "viking" else "viking"
    with pytest.raises(PlayError, match="not your turn"):
        table.play(key(table, other), table.state.legal_moves()[0].notation())
    with pytest.raises(PlayError, match="bad move"):
        table.play(key(table, mover), "zz9")
    with pytest.raises(PlayError, match="unknown or missing key"):
        table.payload("nope")


def test_the_ai_replies_and_undo_takes_back_a_whole_exchange():
    table = Table(GAME, vs="random", side="irish", seed=2, ai_pause=0)
    human = key(table, "irish")
    through = lambda: table.state.to_move.label == "irish" and not table.thinking
    for _ in range(40):  # through the setup, to a turn in play
        wait_for_ai(table)
        if not table.state.in_setup():
            break
        table.play(human, table.state.legal_moves()[0].notation())
    wait_for_ai(table)
    assert through() and not table.state.in_setup()
    before = len(table.played)
    table.play(human, table.state.legal_moves()[0].notation())
    table.play(human, "end") if table.state.to_move.label == "irish" else None
    assert table.thinking or table.state.to_move.label == "irish"
    wait_for_ai(table)
    assert len(table.played) > before + 2 and through()
    payload = table.payload(human)
    assert payload["your_turn"] and not payload["thinking"]
    assert [s["label"] for s in payload["sides"] if s["ai"]] == ["viking"]
    ended = table.played[before + 1].move.notation() == "end"
    table.undo(human)  # the AI's replies and the human's last move
    assert len(table.played) == before + int(ended) and table.state.to_move.label == "irish"
    if ended:
        table.undo(human)
        assert len(table.played) == before
    fresh = Table(GAME, vs="random", side="viking", ai_pause=0)
    wait_for_ai(fresh)
    with pytest.raises(PlayError, match="no move"):
        fresh.undo(key(fresh, "viking"))


def test_the_ai_plays_a_whole_game_against_random_moves():
    table = Table(GAME, vs="mcts:8", side="viking", seed=4, ai_pause=0)
    human = key(table, "viking")
    rng = random.Random(1)
    for _ in range(400):
        wait_for_ai(table)
        if table.state.is_game_over():
            break
        table.play(human, rng.choice(table.state.legal_moves()).notation())
    wait_for_ai(table)
    assert table.payload(human)["outcome"] or len(table.played) > 300
    assert not table.error


# ----------------------------------------------------------------------------- the HTTP API
def client(table: Table, sent: list | None = None, hosts=("testserver",)):
    """A TestClient of the table's app (TestClient sends Host: testserver)."""
    import warnings
    with warnings.catch_warnings():  # starlette's TestClient warns about its own httpx use
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    record = None if sent is None else lambda seat, payload: sent.append((seat, payload))
    return TestClient(create_app(table, record, hosts=hosts))


def seat(key: str) -> dict:
    return {"X-Seat-Key": key}


def test_the_api_serves_faces_state_moves_refusals_and_export():
    table = Table(GAME, vs="human", seed=1)
    sent: list[tuple[str, dict]] = []
    api = client(table, sent)
    irish, viking = key(table, "irish"), key(table, "viking")
    assert api.get("/").status_code == 200 and "play.js" in api.get("/").text
    assert api.get("/static/play.js").status_code == 200
    face = api.get("/face/viking-front.svg")
    assert face.status_code == 200 and face.headers["content-type"].startswith("image/svg+xml")
    assert api.get("/face/nothing.svg").status_code == 404
    assert api.get("/board").text.startswith("<svg")
    assert api.get("/face/viking-front.png").headers["content-type"] == "image/png"
    tracker = api.get("/card/tracker.svg")
    assert tracker.status_code == 200 and "REINFORCEMENTS" in tracker.text
    assert api.get("/card/nothing.svg").status_code == 404
    assert api.get("/api/state", headers=seat("wrong")).status_code == 403
    state = api.get("/api/state", headers=seat(irish)).json()
    assert state["your_turn"] and state["board"]["square_w"] > 0 and state["moves"]
    move = state["moves"][0]
    assert {"move", "words", "squares", "from", "to", "edge"} <= set(move)
    answer = api.post("/api/move", json={"move": move["move"]}, headers=seat(irish))
    assert answer.status_code == 200 and answer.json()["history"][-1]["move"] == move["move"]
    through_setup(table)
    mover = key(table, table.state.to_move.label)
    refused = api.post("/api/move", json={"move": "end"}, headers=seat(mover))
    assert refused.status_code == 400
    assert refused.json()["ruling"] == 5 and refused.json()["error"].startswith("ruling 5:")
    play_random(table, 30, 7)
    block = api.get("/api/export", params={"what": "game"}, headers=seat(viking))
    assert block.status_code == 200 and block.json()["block"].startswith("```armagh")
    hidden = api.get("/api/export", params={"what": "game"}, headers=seat(irish))
    assert hidden.status_code == 400 and "hidden" in hidden.json()["error"]
    assert api.get("/api/export", params={"what": "game"}).status_code == 403
    for who, payload in sent:
        if who == "irish":
            assert "export" not in payload
            assert_irish_payload_is_clean(payload, table.state)


def test_the_key_travels_in_a_header_not_in_the_url_nor_the_body():
    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    irish = key(table, "irish")
    for path in ("/api/state", "/api/export"):
        refused = api.get(path, params={"key": irish})
        assert refused.status_code == 403 and "unknown or missing key" in refused.json()["error"]
    assert api.post("/api/undo", json={"key": irish}).status_code == 403
    assert api.get("/api/state", headers=seat(irish)).json()["seat"] == "irish"
    # the page itself takes the key from its link and keeps it out of the address bar
    script = api.get("/static/play.js").text
    assert "X-Seat-Key" in script and "history.replaceState" in script
    assert api.get("/", params={"key": irish}).headers["referrer-policy"] == "no-referrer"


def test_no_answer_ever_repeats_a_key():
    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    keys = list(table.keys)
    mover = key(table, table.state.to_move.label)
    answers = [api.get("/", params={"key": keys[0]}), api.get("/api/state", params={"key": keys[0]}),
               api.get("/api/state", headers=seat(keys[0] + "x")), api.get("/api/state", headers=seat(keys[0][:-1])),
               api.post("/api/move", json={"move": "zz9"}, headers=seat(keys[2])),
               api.post("/api/move", json={"move": "a1"}, headers=seat(keys[0] + "x"))]
    answers += [api.get(path, headers=seat(k)) for k in keys for path in ("/api/state", "/api/export")]
    answers += [api.post(path, json={}, headers=seat(k)) for k in keys for path in ("/api/undo", "/api/reveal")]
    statuses = {answer.status_code for answer in answers}
    assert {200, 400, 403} <= statuses
    for answer in answers:
        assert not any(k in answer.text for k in keys), (answer.request.url, answer.text)


def test_post_bodies_must_be_one_json_object():
    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    irish = seat(key(table, "irish"))
    bodies = [b"[1]", b"null", b'"x"', b"3", b"true", b"", b"{", b"{'move': 1}", b"\xff\xfe{}",
              b"[" * 5000 + b"]" * 5000]
    for body in bodies:
        for path in ("/api/move", "/api/undo", "/api/reveal", "/api/new"):
            answer = api.post(path, content=body, headers={**irish, "Content-Type": "application/json"})
            assert answer.status_code == 400, (path, body[:20], answer.text)
            assert answer.json()["error"] in ("the request is not valid JSON", "the request must be a JSON object")
    for move in (5, ["a1"], None, {"move": "a1"}):
        answer = api.post("/api/move", json={"move": move}, headers=irish)
        assert answer.status_code == 400 and "must be a string" in answer.json()["error"], move
    assert api.post("/api/move", json={}, headers=irish).status_code == 400
    assert table.played == []


def test_a_body_over_the_limit_is_refused_unread():
    from generator.play.server import MAX_BODY

    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    irish = seat(key(table, "irish"))
    padded = json.dumps({"move": "end", "pad": "x" * MAX_BODY}).encode()
    answer = api.post("/api/undo", content=padded, headers={**irish, "Content-Type": "application/json"})
    assert answer.status_code == 413 and str(MAX_BODY) in answer.json()["error"]
    # a chunked body has no Content-Length: it is counted as it arrives
    pieces = iter([b'{"pad": "', b"x" * 4096] + [b"x" * 4096] * 4 + [b'"}'])
    answer = api.post("/api/undo", content=pieces, headers={**irish, "Content-Type": "application/json"})
    assert "content-length" not in {name.lower() for name in answer.request.headers}
    assert answer.status_code == 413
    # just under the limit is an ordinary request
    small = json.dumps({"pad": "x" * (MAX_BODY - 100)}).encode()
    answer = api.post("/api/undo", content=small, headers={**irish, "Content-Type": "application/json"})
    assert answer.status_code == 400 and "no move to take back" in answer.json()["error"]


def test_an_endless_or_overlong_body_is_never_read_whole():
    """Straight to the ASGI app: how much of the body does the server pull before it answers?"""
    import asyncio

    from generator.play.server import MAX_BODY

    table = Table(GAME, vs="human", seed=1)
    app = create_app(table, hosts=["testserver"])

    def post(length: str | None) -> tuple[int, int]:
        pulled, answer = [], []

        async def receive():  # an endless body, a KiB at a time
            pulled.append(1024)
            return {"type": "http.request", "body": b" " * 1024, "more_body": True}

        async def send(message):
            answer.append(message)

        headers = [(b"host", b"testserver"), (b"x-seat-key", key(table, "irish").encode())]
        headers += [(b"content-length", length.encode())] if length else []
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                 "scheme": "http", "path": "/api/undo", "raw_path": b"/api/undo", "query_string": b"",
                 "root_path": "", "headers": headers, "client": ("127.0.0.1", 1), "server": ("testserver", 80)}
        asyncio.run(asyncio.wait_for(app(scope, receive, send), 10))
        return answer[0]["status"], sum(pulled)

    assert post(str(10 ** 9)) == (413, 0)        # the declared length is enough
    status, pulled = post(None)                 # chunked: counted as it arrives
    assert status == 413 and MAX_BODY < pulled <= MAX_BODY + 1024


def test_a_long_move_is_refused_without_being_repeated_in_full():
    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    long = "a1-" + "b2" * 150
    answer = api.post("/api/move", json={"move": long}, headers=seat(key(table, "irish")))
    assert answer.status_code == 400 and "too long" in answer.json()["error"]
    assert long not in answer.text and long[:40] in answer.text and len(answer.text) < 400
    assert len(answer.json()["move"]) == 41 and answer.json()["move"].endswith("\u2026")


def test_only_requests_addressed_to_the_table_itself_are_answered():
    table = Table(GAME, vs="human", seed=1)
    irish = seat(key(table, "irish"))
    api = client(table, hosts=("127.0.0.1:8765", "localhost:8765"))
    # DNS rebinding: a page of evil.example whose name now points to 127.0.0.1
    for host in ("evil.example:8765", "evil.example", "127.0.0.1:9999", "127.0.0.1"):
        for method, path in (("GET", "/"), ("GET", "/api/state"), ("POST", "/api/undo")):
            answer = api.request(method, f"http://{host}{path}", headers=irish, json={})
            assert answer.status_code == 403 and "answers only at http://127.0.0.1:8765/" in answer.json()["error"]
    for host in ("127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765"):
        assert api.get(f"http://{host}/api/state", headers=irish).status_code == 200, host


def test_another_sites_page_is_refused():
    table = Table(GAME, vs="human", seed=1)
    api = client(table)
    irish = seat(key(table, "irish"))
    mover = seat(key(table, table.state.to_move.label))
    for origin in ("http://evil.example", "http://testserver.evil.example", "null", "https://testserver",
                   "http://127.0.0.1:8765"):
        answer = api.post("/api/undo", json={}, headers={**irish, "Origin": origin})
        assert answer.status_code == 403 and "another web page" in answer.json()["error"], origin
        assert api.get("/api/state", headers={**irish, "Origin": origin}).status_code == 403
    move = api.get("/api/state", headers=mover).json()["moves"][0]["move"]
    assert api.post("/api/move", json={"move": move},
                    headers={**mover, "Origin": "http://evil.example"}).status_code == 403
    assert table.played == []
    for fetch_site in ("cross-site", "same-site"):
        assert api.get("/api/state", headers={**irish, "Sec-Fetch-Site": fetch_site}).status_code == 403
    assert api.get("/", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200  # a link clicked elsewhere
    # the page's own requests
    own = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    answer = api.post("/api/move", json={"move": move}, headers={**mover, **own})
    assert answer.status_code == 200 and len(table.played) == 1
    assert api.get("/api/state", headers={**irish, **own}).status_code == 200


def test_links_name_every_seat():
    table = Table(GAME, vs="human")
    named = links(table, "127.0.0.1", 8765)
    assert len(named) == 3 and all(url.startswith("http://127.0.0.1:8765/?key=") for _, url in named)
    assert any("side=irish" in url for _, url in named)


# ----------------------------------------------------------------------------- example blocks
def test_the_exported_game_and_position_pass_pnp_check():
    table = Table(GAME, vs="human", seed=1)
    viking = key(table, "viking")
    with pytest.raises(PlayError, match="setup"):
        table.export(viking, "game")
    through_setup(table, seed=3)
    play_random(table, 41, 3)
    for what in ("game", "position"):
        block = table.export(viking, what)
        report = check_text(block, Path("exported.md"), GAME)
        assert report.exit_code == 0 and len(report.replays) == 1, format_report(report) + "\n" + block
    game = table.export(viking, "game")
    assert game.count("\nplay: ") >= 10 and "\nexpect:\n" in game
    with pytest.raises(PlayError, match="export what"):
        table.export(viking, "pdf")


def test_a_new_game_at_the_same_table():
    people = Table(GAME, vs="human", seed=1)
    play_random(people, 5, 1)
    with pytest.raises(PlayError, match="once this one is over"):
        people.restart(key(people, "irish"))
    ai = Table(GAME, vs="random", side="irish", ai_pause=0)
    ai.play(key(ai, "irish"), ai.state.legal_moves()[0].notation())
    wait_for_ai(ai)
    ai.restart(key(ai, "irish"))
    assert ai.played == [] and ai.state.in_setup() and ai.payload(key(ai, "irish"))["your_turn"]


def test_a_finished_game_exports_for_either_side():
    table = Table(GAME, vs="human", seed=1)
    play_random(table, 2000, 11)
    assert table.state.is_game_over()
    block = table.export(key(table, "irish"), "game")
    assert check_text(block, Path("x.md"), GAME).exit_code == 0, block
    assert "winner:" in block


# ----------------------------------------------------------------------------- the command
def test_pnp_play_refuses_a_bad_opponent_or_side():
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--vs", "deep-blue", "--no-browser"])
    assert result.exit_code == 2 and "unknown AI" in result.output
    result = runner.invoke(app, ["play", "--side", "romans", "--no-browser"])
    assert result.exit_code == 2 and "unknown side 'romans'" in result.output


def test_pnp_play_opens_a_sandbox_for_a_game_without_rules(monkeypatch, tmp_path):
    import shutil
    import generator.play.server as server
    from generator.play.sandbox import Sandbox

    started = []
    monkeypatch.setattr(server, "serve", lambda table, **kwargs: started.append(table))
    monkeypatch.delenv("PNP_DEBUG", raising=False)  # another test's --debug may have set it
    kit_only = tmp_path / "hoard-kit"      # Hoardfall's kit without its engine
    shutil.copytree(ROOT / "games/hoard", kit_only, ignore=shutil.ignore_patterns("output", "*.md"))
    toml = kit_only / "components.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('package = "territory"', 'package = "components"'),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["play", "--game", str(kit_only), "--no-browser"])
    assert result.exit_code == 0 and "has no rules engine: a sandbox table" in result.output, result.output
    result = CliRunner().invoke(app, ["play", "--game", str(ROOT / "games/tile-duel"), "--no-browser"])
    assert result.exit_code == 0 and "sandbox" not in result.output, result.output   # Tessera has an engine
    assert [type(table) for table in started] == [Sandbox, Table]
    assert [len(table.game.sides) for table in started] == [4, 2]
    result = CliRunner().invoke(app, ["play", "--game", str(kit_only), "--vs", "greedy", "--no-browser"])
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert result.exit_code == 2 and lines == ["Error: Hoardfall has no rules engine, so no AI can play it: its "
                                               "sandbox table is for people (--vs human)"]


def test_pnp_play_says_when_its_port_is_taken():
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["play", "--no-browser", "--port", str(port)])
    assert result.exit_code == 1 and f"port {port} is in use" in result.output


# ----------------------------------------------------------------------------- chance, three seats, an AI among people
@dataclass(frozen=True)
class Token:
    """A move of the draw race: `draw` (the side asks the bag), `pass`, or a tile `t1`-`t3` drawn."""

    text: str

    def notation(self) -> str:
        return self.text


class DrawRace(Game):
    """Three sides take turns; on its turn a side draws a tile (1 to 3, drawn by the rules) and
    adds it to its score, or passes. The first to 5 wins. Only what a table needs."""

    sides = (Side("red", "Red", "Reds", "#c0392b", 0), Side("green", "Green", "Greens", "#1e6b34", 1),
             Side("blue", "Blue", "Blues", "#174a7c", 2))

    @property
    def board(self) -> BoardSpec:
        return BoardSpec(5, 1)

    def new_initial_state(self, options=None, rules=None) -> "RaceState":
        return RaceState(self)

    def parse_move(self, text: str) -> Token:
        if text not in ("draw", "pass", "t1", "t2", "t3"):
            raise InvalidMoveError(f"bad move {text!r}")
        return Token(text)


class RaceState(State):
    snapshot = Snapshot("scores_", "turn", "drawing", "_outcome")

    def __init__(self, game: DrawRace):
        self.game, self.scores_, self.turn, self.drawing, self._outcome = game, (0, 0, 0), 1, False, None
        self._stack, self.move_stack = [], []

    @property
    def to_move(self) -> Side:
        return self.game.sides[(self.turn - 1) % 3]

    def is_chance_node(self) -> bool:
        return self.drawing

    def chance_outcomes(self):
        return [(Token(f"t{n}"), 1 / 3) for n in (1, 2, 3)] if self.drawing else []

    def legal_moves(self) -> list:
        if self._outcome:
            return []
        return [o for o, _ in self.chance_outcomes()] if self.drawing else [Token("draw"), Token("pass")]

    def why_illegal(self, move):
        return None if move in self.legal_moves() else IllegalMoveError(move.notation(), "not now")

    def _apply(self, move) -> None:
        if move.text == "draw":
            self.drawing = True
            return
        scores = list(self.scores_)
        if move.text != "pass":
            scores[self.to_move.seat] += int(move.text[1])
        self.scores_, self.drawing = tuple(scores), False
        if max(scores) >= 5:
            self._outcome = Outcome(self.to_move, "points")
        self.turn += 1

    def copy(self) -> "RaceState":
        other = RaceState(self.game)
        other.scores_, other.turn, other.drawing, other._outcome = self.scores_, self.turn, self.drawing, self._outcome
        return other

    def cell_art(self, square: int) -> CellArt:
        return CellArt(piece="tile" if square < max(self.scores_) else None)

    def scoreboard(self):
        return tuple(Tally(side.label, self.scores_[side.seat], 5) for side in self.game.sides)

    def effect(self, move) -> Effect:
        return Effect()

    def motions(self, move) -> list:
        return []


def test_the_table_draws_for_the_rules_and_a_draw_cannot_be_taken_back_for_another():
    game = DrawRace(info=GameInfo(title="Draw race"))
    table = Table(game, vs="random", side=["red", "green"], seed=4, ai_pause=0)
    assert set(table.keys.values()) == {"red", "green", TABLE} and table.ai_sides == ("blue",)
    red, green, shared = key(table, "red"), key(table, "green"), key(table, TABLE)
    assert not table.handover        # nothing is secret: the hot seat needs no cover
    table.play(red, "draw")
    drawn = table.played[-1]
    assert drawn.chance and drawn.side == "red" and drawn.move.text in ("t1", "t2", "t3")
    assert drawn.revealed == {"red", "green", "blue"}    # another tile would have shown everyone more
    assert table.payload(red)["scores"][0]["points"] == int(drawn.move.text[1])
    with pytest.raises(PlayError, match="not your turn"):
        table.play(red, "draw")
    table.undo(red)               # a draw taken back could be drawn again: the Greens must agree
    assert table.payload(green)["request"]["yours"] and len(table.played) == 2
    table.answer(green, False)
    table.play(green, "pass")
    wait_for_ai(table)
    assert table.played[-1].side == "blue" and table.state.to_move.label == "red"
    assert table.payload(shared)["side"] == "red" and table.payload(shared)["your_turn"]
    again = Table(game, vs="random", side=["red", "green"], seed=4, ai_pause=0)
    again.play(key(again, "red"), "draw")
    assert again.played[-1].move == drawn.move      # the table's draws follow its seed


class WallState(RaceState):
    """The draw race with a wall put on the line between two squares instead of a pass: the
    hooks a territory game's palisades use."""

    snapshot = Snapshot("scores_", "turn", "drawing", "walls", "_outcome")

    def __init__(self, game):
        super().__init__(game)
        self.walls: tuple[tuple[int, int], ...] = ()

    def legal_moves(self) -> list:
        moves = super().legal_moves()
        return [m for m in moves if m.text != "pass"] + [Token(f"wall{a}") for a in range(4)
                                                         if (a, a + 1) not in self.walls and not self.drawing]

    def _apply(self, move) -> None:
        if move.text.startswith("wall"):
            a = int(move.text[4])
            self.walls = self.walls + ((a, a + 1),)
            self.turn += 1
            return
        super()._apply(move)

    def copy(self) -> "WallState":
        other = super().copy()
        other.__class__, other.walls = WallState, self.walls
        return other

    def edges(self):
        return tuple(EdgeArt(a, b, "wall") for a, b in self.walls)

    def move_edge(self, move):
        return (int(move.text[4]), int(move.text[4]) + 1) if move.text.startswith("wall") else None

    def move_words(self, move) -> str:
        return f"Build a wall after square {int(move.text[4]) + 1}" if move.text.startswith("wall") else ""


def test_pieces_on_the_lines_between_squares_reach_the_page():
    class WallRace(DrawRace):
        def new_initial_state(self, options=None, rules=None):
            return WallState(self)

        def parse_move(self, text):
            return Token(text) if text.startswith("wall") else super().parse_move(text)

    table = Table(WallRace(info=GameInfo(title="Walls")), vs="human", seed=1)
    red = key(table, "red")
    wall = next(m for m in table.payload(red)["moves"] if m["move"] == "wall2")
    assert wall["edge"] == ["c1", "d1"] and wall["words"] == "Build a wall after square 3"
    table.play(red, "wall2")
    assert table.payload(key(table, "green"))["edges"] == [{"a": "c1", "b": "d1", "face": "wall"}]
