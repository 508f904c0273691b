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
    assert payload["your_turn"] and payload["ai"] == "viking" and not payload["thinking"]
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
def test_the_api_serves_faces_state_moves_refusals_and_export():
    import warnings
    with warnings.catch_warnings():  # starlette's TestClient warns about its own httpx use
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    table = Table(GAME, vs="human", seed=1)
    sent: list[tuple[str, dict]] = []
    client = TestClient(create_app(table, lambda seat, payload: sent.append((seat, payload))))
    irish, viking = key(table, "irish"), key(table, "viking")
    assert client.get("/").status_code == 200 and "play.js" in client.get("/").text
    assert client.get("/static/play.js").status_code == 200
    face = client.get("/face/viking-front.svg")
    assert face.status_code == 200 and face.headers["content-type"].startswith("image/svg+xml")
    assert client.get("/face/nothing.svg").status_code == 404
    assert client.get("/board.svg").text.startswith("<svg")
    assert client.get("/api/state", params={"key": "wrong"}).status_code == 403
    state = client.get("/api/state", params={"key": irish}).json()
    assert state["your_turn"] and state["board"]["square_w"] > 0 and state["moves"]
    move = state["moves"][0]
    assert {"move", "squares", "from", "to", "says"} <= set(move)
    answer = client.post("/api/move", json={"key": irish, "move": move["move"]})
    assert answer.status_code == 200 and answer.json()["history"][-1]["move"] == move["move"]
    through_setup(table)
    mover = key(table, table.state.to_move.label)
    refused = client.post("/api/move", json={"key": mover, "move": "end"})
    assert refused.status_code == 400
    assert refused.json()["ruling"] == 5 and refused.json()["error"].startswith("ruling 5:")
    play_random(table, 30, 7)
    block = client.get("/api/export", params={"key": viking, "what": "game"})
    assert block.status_code == 200 and block.json()["block"].startswith("```armagh")
    hidden = client.get("/api/export", params={"key": irish, "what": "game"})
    assert hidden.status_code == 400 and "hidden" in hidden.json()["error"]
    for seat, payload in sent:
        if seat == "irish":
            assert "viking-raider" not in json.dumps(payload) and "export" not in payload


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


def test_pnp_play_says_when_its_port_is_taken():
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["play", "--no-browser", "--port", str(port)])
    assert result.exit_code == 1 and f"port {port} is in use" in result.output
