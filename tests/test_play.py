"""`pnp play` without a browser: the kit's faces as SVG, the table's seats and hidden information,
the engine's refusals, undo, the AI's replies, the HTTP API and the example-block export."""

from __future__ import annotations

import json
import random
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.check import check_text, format_report
from generator.cli import app
from generator.config import load_game
from generator.games.siege import Kind, parse_square
from generator.kit.svg import board_svg, face_svg
from generator.play.server import create_app, links
from generator.play.session import TABLE, PlayError, Table

GAME = load_game(None)
HIDDEN_FACES = ("viking-raider",)           # never shown to the Irish: a plain reverse is never revealed
REVEALED = {"viking-berserker": Kind.BERSERKER, "viking-chief": Kind.CHIEF}


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
def assert_sees_no_hidden_reverse(table: Table, payload: dict) -> None:
    text = json.dumps(payload)
    for face in HIDDEN_FACES:
        assert face not in text
    assert not re.search(r"[VBC]@", text), "a placement's hidden letter reached the Irish"
    for cell in payload["cells"]:
        assert cell["badge"] == "", cell
        if cell["piece"] in REVEALED:
            piece = table.state.piece_at(parse_square(cell["square"]))
            assert piece.kind is REVEALED[cell["piece"]], cell


def test_each_seat_receives_only_its_own_view():
    table = Table(GAME, vs="human", seed=3)
    irish, viking, shared = key(table, "irish"), key(table, "viking"), key(table, TABLE)
    rng = random.Random(5)
    badges_seen = 0
    for _ in range(110):
        state = table.state
        if state.is_game_over():
            break
        assert_sees_no_hidden_reverse(table, table.payload(irish))
        if table.handover or state.to_move.label == "irish":
            # the shared screen, while it is passed on or on the Irish turn, is the Irish view too
            if table.handover and table.played[-1].side == "irish" or \
                    (not table.handover and state.to_move.label == "irish"):
                assert_sees_no_hidden_reverse(table, table.payload(shared))
        badges_seen += sum(1 for c in table.payload(viking)["cells"] if c["badge"])
        if table.handover:
            assert table.payload(shared)["handover"] and not table.payload(shared)["moves"]
            table.reveal(shared)
        mover = table.state.to_move.label
        table.play(key(table, mover), rng.choice(table.state.legal_moves()).notation())
    assert badges_seen, "the Vikings' own view shows their hidden reverses"


def test_each_territory_seat_receives_only_its_own_view(monkeypatch):
    """The same scan over a game of hidden values for three seats: no payload of a seat holds
    another side's warrior face with its value, a value badge, or the value of another side's
    placement in the history, until the count reveals them."""
    from generator.games.territory.game import TerritoryGame
    monkeypatch.setattr(TerritoryGame, "not_at_table", "")   # the table's own parts, before it seats one
    game = load_game(Path(__file__).resolve().parent.parent / "games" / "hoard").with_players(3)
    state, rng = game.new_initial_state(), random.Random(8)
    while state.is_chance_node():
        state.push(state.sample_chance(rng))
    table = Table(game, vs="human", seed=2, start=state)
    labels = [side.label for side in game.sides]
    letters = dict(zip(labels, "SET"))
    scanned = 0
    while not table.state.is_game_over() and scanned < 60:
        for label in labels:
            payload = table.payload(key(table, label))
            text = json.dumps(payload)
            for other in labels:
                if other != label:
                    assert not re.search(rf"warriors-{other}-\d", text), (label, other)
                    assert not re.search(rf"place {letters[other]}\d", text), (label, other)
            assert all(cell["badge"] in ("", "?") or cell["piece"] is None for cell in payload["cells"])
        if table.handover:
            table.reveal(key(table, TABLE))
        mover = table.state.to_move.label
        table.play(key(table, mover), rng.choice(table.state.legal_moves()).notation())
        scanned += 1
    assert scanned >= 30


def test_placements_of_hidden_reverses_are_masked_for_the_other_side():
    table = Table(GAME, vs="human", seed=1)
    play_random(table, 200, 2, until=lambda state: not state.in_setup())
    irish = [entry["move"] for entry in table.payload(key(table, "irish"))["history"]]
    viking = [entry["move"] for entry in table.payload(key(table, "viking"))["history"]]
    placed = [m for m in viking if re.fullmatch(r"[VBC]@[a-h]8", m)]
    assert len(placed) == GAME.counts.viking_troops
    assert {m[0] for m in placed} == {"V", "B", "C"}
    masked = [m for m in irish if m.endswith("8") and "@" in m]
    assert masked == ["?" + m[1:] for m in placed]
    # everything else reads the same on both sides
    assert [a for a in irish if a not in masked] == [b for b in viking if b not in placed]


def test_even_the_last_placements_stay_masked():
    """When the true supply has only plain reverses left, the Irish still cannot know it."""
    for seed in range(12):
        table = Table(GAME, vs="human", seed=seed)
        play_random(table, 200, seed, until=lambda state: not state.in_setup())
        seen = [p.seen["irish"] for p in table.played if p.side == "viking" and "@" in p.seen["viking"]]
        assert len(seen) == GAME.counts.viking_troops and all(text.startswith("?@") for text in seen), seen


def test_hot_seat_passes_the_device_between_sides_with_secrets():
    table = Table(GAME, vs="human", seed=1)
    shared = key(table, TABLE)
    # river shifts and villages hide nothing: no pass screen
    play_random(table, 12, 4, until=lambda state: state.to_move.label == "viking" and
                any(m.notation()[1] == "@" for m in state.legal_moves()))
    assert not table.handover
    play_random(table, 200, 4, until=lambda state: not state.in_setup())
    play_random(table, 3, 4)
    with pytest.raises(PlayError, match="pass the device"):
        while not table.handover:
            table.play(key(table, table.state.to_move.label), table.state.legal_moves()[0].notation())
        table.play(shared, table.state.legal_moves()[0].notation())
    payload = table.payload(shared)
    assert payload["handover"] and payload["moves"] == [] and payload["side"] != payload["to_move"]
    table.reveal(shared)
    payload = table.payload(shared)
    assert not payload["handover"] and payload["side"] == payload["to_move"] and payload["moves"]


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
    assert payload["your_turn"] and payload["ai"] == ["viking"] and not payload["thinking"]
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
    assert api.get("/board.svg").text.startswith("<svg")
    assert api.get("/api/state", headers=seat("wrong")).status_code == 403
    state = api.get("/api/state", headers=seat(irish)).json()
    assert state["your_turn"] and state["board"]["square_w"] > 0 and state["moves"]
    move = state["moves"][0]
    assert {"move", "squares", "from", "to", "says"} <= set(move)
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
            assert "viking-raider" not in json.dumps(payload) and "export" not in payload


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


def test_pnp_play_on_a_game_without_rules_engine_says_so_before_serving(monkeypatch):
    import generator.play.server as server

    started = []
    monkeypatch.setattr(server, "serve", lambda *args, **kwargs: started.append(args))
    monkeypatch.delenv("PNP_DEBUG", raising=False)  # another test's --debug may have set it
    root = Path(__file__).resolve().parent.parent
    for folder, why in (("games/tile-duel", r"has no rules engine \(game package '.+'\): there is nothing to play"),
                        ("games/hoard", r"cannot be played at the browser table yet: the table has no way yet to "
                                        r"place palisades .+")):
        result = CliRunner().invoke(app, ["play", "--game", str(root / folder), "--no-browser"])
        lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
        assert result.exit_code == 2 and len(lines) == 1, result.output
        assert re.fullmatch(r"Error: .+ " + why, lines[0]), lines
        assert "internal error" not in result.output and "Traceback" not in result.output
    assert started == []


def test_pnp_play_says_when_its_port_is_taken():
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["play", "--no-browser", "--port", str(port)])
    assert result.exit_code == 1 and f"port {port} is in use" in result.output
