"""`pnp play` in a real browser: headless Chromium (the system's, e.g. Debian's `chromium`) driven by
Playwright, as a playtester would use it: a whole Siege game from its setup and a Tafl game, by
clicks, against the AI; a data-only game on the sandbox table; undo after a reveal; the hot seat;
motion; contrast, the phone layout and a server that goes away. Every payload each browser received
is scanned for what its side may not see. Screenshots go to tests/artifacts/.

Skipped, saying why, when Playwright or a Chromium cannot be launched (set PNP_CHROMIUM to a
browser binary to use another one).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from generator.check import check_text, format_report
from generator.config import load_game
from generator.play.server import create_app, own_hosts
from generator.play.sandbox import Sandbox
from generator.play.session import TABLE, Table
from helpers import assert_irish_payload_is_clean

GAME = load_game(None)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 10_000  # ms


def chromium_path() -> str | None:
    for candidate in (os.environ.get("PNP_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests skipped: Playwright for Python is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        pytest.skip("browser tests skipped: no Chromium found (apt-get install chromium, or set PNP_CHROMIUM)")
    manager = sync_playwright().start()
    try:
        launched = manager.chromium.launch(executable_path=path, args=ARGS, timeout=30_000)
    except Exception as exc:  # noqa: BLE001 - any launch failure means: no browser here
        manager.stop()
        pytest.skip(f"browser tests skipped: Chromium at {path} could not be launched: {str(exc).splitlines()[0]}")
    ARTIFACTS.mkdir(exist_ok=True)
    yield launched
    launched.close()
    manager.stop()


class Served:
    """A table served on a free port of 127.0.0.1 in a thread, with every payload it sent."""

    def __init__(self, table: Table | Sandbox):
        import uvicorn

        self.table = table
        self.sent: list[tuple[str, dict]] = []
        self.leaks: list[str] = []
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        app = create_app(table, self.keep, hosts=own_hosts("127.0.0.1", self.port))
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)

    def keep(self, seat: str, payload: dict) -> None:
        """Every payload sent, checked as it leaves: the Irish (or the hot seat showing them) are
        never sent a hidden reverse."""
        payload = json.loads(json.dumps(payload))
        self.sent.append((seat, payload))
        if payload.get("side") == "irish":
            try:
                assert_irish_payload_is_clean(payload)
            except AssertionError as exc:
                self.leaks.append(f"{seat}: {exc}")

    def url(self, seat: str) -> str:
        side = "" if seat == TABLE else f"&side={seat}"
        return f"http://127.0.0.1:{self.port}/?key={self.table.key_of(seat)}{side}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def open_page(browser, url: str, received: list | None = None, motion: bool = False, viewport=(1180, 760)):
    """A page at `url` (without animations unless `motion`), keeping every /api answer in `received`."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]},
                            reduced_motion="no-preference" if motion else "reduce")
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.urls = []  # every URL the page asked for
    page.on("request", lambda request: page.urls.append(request.url))
    if received is not None:
        def keep(response):
            if "/api/" in response.url:
                try:
                    received.append(response.text())
                except Exception:  # noqa: BLE001 - a response the page abandoned
                    pass
        page.on("response", keep)
    page.goto(url)
    page.wait_for_function("view !== null", timeout=TIMEOUT)
    assert "key=" not in page.url  # the key has left the address bar
    page.errors = errors
    return page


def wait_your_turn(page) -> dict:
    page.wait_for_function("view && view.your_turn && !view.thinking", timeout=TIMEOUT)
    return page.evaluate("view")


def choice(page, move: str):
    """The button of `move` among the clicked square's moves."""
    return page.locator(f'#choices button[data-move="{move}"]')


def click_square(page, name: str) -> None:
    page.click(f'.sq[data-square="{name}"]')


def play_by_clicks(page, move: dict) -> None:
    """Make a legal move the way a person would: its square(s) on the board, or its button."""
    version = page.evaluate("view.version")
    if not move["squares"]:
        page.locator(f'#other button[data-move="{move["move"]}"]').click()
    elif len(move["squares"]) == 1:
        click_square(page, move["squares"][0])
        page.wait_for_function(f"view.version !== {version} || !!document.querySelector('#choices button')",
                               timeout=TIMEOUT)
        if page.evaluate("view.version") == version:   # a choice on one square: its button
            choice(page, move["move"]).click()
    else:
        start = move["from"] or move["squares"][0]
        click_square(page, start)
        target = page.evaluate(f"targetOf(view.moves.find((m) => m.move === {json.dumps(move['move'])}))")
        matches = page.evaluate(f"movesWith({json.dumps(start)}).filter((m) => targetOf(m) === {json.dumps(target)}).length")
        if matches == 1:
            click_square(page, target)
        else:
            choice(page, move["move"]).click()
    page.wait_for_function(f"view.version !== {version}", timeout=TIMEOUT)


def wait_idle(page) -> dict:
    """The page once it has drawn the latest state and nothing moves."""
    page.wait_for_function("view && !busy", timeout=TIMEOUT)
    return page.evaluate("view")


def contrast_failures(page) -> list[str]:
    """Every piece of text on the page whose colour is less than 4.5:1 from its background
    (WCAG AA; the background is the nearest ancestor's that is painted, blended over the ones
    beneath); inactive buttons are exempt, as in WCAG."""
    return page.evaluate("""() => {
      const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
      const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
                                     .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
      const background = (node) => {
        const layers = [];
        for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
          const c = rgba(getComputedStyle(n).backgroundColor);
          if (c.length && (c.length < 4 || c[3] > 0)) { layers.push(c); if (c.length < 4 || c[3] >= 1) break; }
        }
        let colour = [255, 255, 255];
        for (const c of layers.reverse()) { const a = c.length < 4 ? 1 : c[3]; colour = colour.map((v, i) => v * (1 - a) + c[i] * a); }
        return colour;
      };
      const failures = [];
      for (const node of document.querySelectorAll("body *")) {
        const own = [...node.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !node.getClientRects().length || node.closest("[hidden]") || node.disabled) continue;
        const style = getComputedStyle(node);
        if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
        const fg = rgba(style.color), bg = background(node);
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ratio < 4.5) failures.push(`${ratio.toFixed(2)} ${node.tagName}.${node.className} "${node.textContent.trim().slice(0, 30)}"`);
      }
      return failures;
    }""")


def greedy_move(table: Table, view: dict) -> dict:
    """The move a greedy player would make in the page's position (so a game by clicks ends soon)."""
    from generator.lab.players import GreedyPlayer
    import random as rnd

    state = table.state
    move = GreedyPlayer().choose(state.view(state.to_move), rnd.Random(len(table.played))).notation()
    return next(m for m in view["moves"] if m["move"] == move)


def play_game_by_clicks(page, table: Table, limit: int = 400) -> dict:
    """Click greedy moves for the page's side until the game is over; returns the last view."""
    for _ in range(limit):
        page.wait_for_function("view && !busy && (view.outcome || (view.your_turn && !view.thinking))", timeout=TIMEOUT)
        view = page.evaluate("view")
        if view["outcome"]:
            return view
        play_by_clicks(page, greedy_move(table, view))
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- a whole Siege game
def test_a_whole_siege_game_from_its_setup_by_clicks(browser):
    table = Table(GAME, vs="greedy", side="irish", seed=7, ai_pause=0.02)
    served = Served(table)
    try:
        page = open_page(browser, served.url("irish"))
        view = wait_your_turn(page)
        # the setup says what to do, in words, with what remains; the squares to click are marked
        assert page.inner_text("#prompt").startswith("Slide 3 river tiles one square from rank 5 to rank 4")
        starts = page.locator(".sq.start")
        assert starts.count() == 8 and page.locator('.sq.start[data-square="a5"] .mark').count() == 1
        shift = view["moves"][0]
        click_square(page, shift["squares"][0])
        assert page.locator(f'.sq[data-square="{shift["to"]}"].target').count() == 1
        assert choice(page, shift["move"]).inner_text().startswith("Slide the river tile")
        page.screenshot(path=ARTIFACTS / "play-1-setup.png")
        click_square(page, shift["to"])
        page.wait_for_function("view.history.length === 1", timeout=TIMEOUT)
        assert "1 moved, 2 to go" in page.inner_text("#prompt")
        view = play_game_by_clicks(page, table)
        # the end: who won and how, the points, a rematch
        page.wait_for_selector("#ending:not([hidden])", timeout=TIMEOUT)
        headline = page.inner_text("#ending-title")
        assert headline in ("The Irish win", "The Vikings win") and page.inner_text("#ending-how").startswith("How: ")
        assert "of 2 points" in page.inner_text("#ending-scores") and not contrast_failures(page)
        page.screenshot(path=ARTIFACTS / "play-2-siege-ending.png")
        assert len(view["history"]) > 40 and not page.errors, page.errors
        page.click("#rematch")
        page.wait_for_function("view.history.length === 0 && view.setup", timeout=TIMEOUT)
        assert page.locator("#ending").is_hidden()
    finally:
        served.stop()
    assert not served.leaks, served.leaks[:3]


def test_the_table_draws_points_tracker_reserve_and_the_placement_as_a_batch(browser):
    table = Table(GAME, vs="greedy", side="irish", seed=3, ai_pause=0.05)
    served = Served(table)
    try:
        page = open_page(browser, served.url("irish"))
        for _ in range(60):   # through the setup, by clicks
            view = wait_your_turn(page)
            if not view["setup"]:
                break
            play_by_clicks(page, view["moves"][-1] if view["moves"][-1]["move"] == "end" else view["moves"][0])
        view = wait_idle(page)
        assert not view["setup"]
        # the Vikings' placements reached this page as one batch, in sorted order
        irish = [p for seat, p in served.sent if seat == "irish" and "cells" in p]
        counts = {sum(c["piece"] == "viking-front" for c in p["cells"]) for p in irish}
        assert counts <= {0, GAME.counts.viking_troops}, counts
        placed = [h["move"] for h in view["history"] if h["move"].startswith("?@")]
        assert placed == sorted(placed) and len(placed) == GAME.counts.viking_troops
        # the state, drawn: points, the tracker card with the reserve on it, the treasure at home
        assert "1 of 2 points" in page.inner_text("#scores")
        assert page.locator('#cards figure[data-zone="Reinforcements"] img').count() >= 1
        reserve = page.locator('#cards [data-space="Reserve"] img').count()
        assert reserve == GAME.counts.irish_troops - sum(c["piece"] == "irish" for c in view["cells"])
        assert page.locator('#near [data-zone="Treasure, on the Irish side"] img').count() == 1
        assert page.inner_text("#clock").endswith("2 of 2 actions left")
        assert page.locator(".sq.last").count() >= 2     # the Vikings' whole last turn is marked
        page.screenshot(path=ARTIFACTS / "play-3-irish-in-play.png")
        assert not page.errors, page.errors
    finally:
        served.stop()
    assert not served.leaks, served.leaks[:3]


# ----------------------------------------------------------------------------- Tafl
def test_a_tafl_game_by_clicks(browser, tmp_path):
    folder = tmp_path / "brandubh"
    folder.mkdir()
    toml = (ROOT / "games" / "tafl" / "components.toml").read_text(encoding="utf-8")
    (folder / "components.toml").write_text(toml.replace("size = 11 ", 'size = 7\nsetup = "setup-7.txt"\n#'),
                                            encoding="utf-8")
    shutil.copy(ROOT / "generator" / "games" / "tafl" / "setups" / "setup-7.txt", folder / "setup-7.txt")
    from generator.config import load_game as load
    tafl = load(folder)
    assert tafl.board.files == 7
    table = Table(tafl, vs="random", side="defenders", seed=5, ai_pause=0.02)
    served = Served(table)
    try:
        page = open_page(browser, served.url("defenders"))
        view = wait_your_turn(page) if table.state.to_move.label == "defenders" else wait_idle(page)
        assert page.get_attribute("#typed-move", "placeholder").startswith("a move, e.g. ")
        assert "@" not in page.get_attribute("#typed-move", "placeholder")
        view = play_game_by_clicks(page, table)
        page.wait_for_selector("#ending:not([hidden])", timeout=TIMEOUT)
        assert page.inner_text("#ending-title") in ("The defenders win", "The attackers win")
        page.click("#see-board")
        assert page.locator("#ending").is_hidden()
        zones = {z["name"]: z for z in view["zones"]}
        assert set(zones) == {"Captured by the Attackers", "Captured by the Defenders"}
        page.screenshot(path=ARTIFACTS / "play-4-tafl.png")
        # the history names each side in its own colour, legible on the panel
        assert page.locator("#history .who").first.inner_text().startswith(("Attackers (AI)", "Defenders"))
        assert not contrast_failures(page)
        assert not page.errors, page.errors
    finally:
        served.stop()


# ----------------------------------------------------------------------------- a tile duel
def test_a_tile_duel_by_clicks_shows_faces_bags_targets_and_the_flip(browser):
    """Tessera at the table: the setup from the leader's square, a draw by its button and the
    tile placed by a click, both bags open, a tile's targets when clicked, the tile turned over
    after it moves."""
    tessera = load_game(ROOT / "games" / "tile-duel")
    table = Table(tessera, vs="random", side="dawn", seed=4, ai_pause=0.02)
    served = Served(table)
    try:
        page = open_page(browser, served.url("dawn"))
        view = wait_your_turn(page)
        assert view["prompt"].startswith("Set up: your Regent")
        play_by_clicks(page, next(m for m in view["moves"] if m["move"] == "setup:c1,b1,d1"))
        view = wait_your_turn(page)
        assert page.locator('.sq[data-square="c1"] img.piece').get_attribute("src").startswith("/face/regent-dawn-front")
        assert page.locator('.sq[data-square="c6"] img.piece.turned').count() == 1     # Dusk's Regent, facing Dusk
        bags = page.locator(".zone").all_inner_texts()
        assert any(text.startswith("Dawn's bag: 8 tiles") for text in bags), bags
        assert any(text.startswith("Dusk's bag: 8 tiles") for text in bags), bags
        play_by_clicks(page, next(m for m in view["moves"] if m["move"] == "+"))      # the draw: a button
        view = wait_your_turn(page)
        assert view["prompt"].startswith("Place the ")
        assert any(text.startswith("Dawn: drawn, to be placed") for text in page.locator(".zone").all_inner_texts())
        play_by_clicks(page, next(m for m in view["moves"] if m["move"] == "@c2"))    # one click on its square
        view = wait_your_turn(page)
        assert page.locator('.sq[data-square="c2"] img.piece').count() == 1
        click_square(page, "b1")                                                    # a Pikeman: its targets
        targets = sorted(node.get_attribute("data-square") for node in page.locator(".sq.target").all())
        expected = sorted({m["to"] for m in view["moves"] if m["squares"][:1] == ["b1"]})
        assert targets == expected and targets, (targets, expected)
        move = next(m for m in view["moves"] if m["squares"][:1] == ["b1"] and m["squares"][-1] == targets[0])
        assert move["words"].startswith("Pikeman b1 \u2192 ")
        version = page.evaluate("view.version")
        click_square(page, targets[0])
        page.wait_for_function(f"view.version !== {version}", timeout=TIMEOUT)
        wait_idle(page)
        src = page.locator(f'.sq[data-square="{targets[0]}"] img.piece').get_attribute("src")
        assert src.startswith("/face/pikeman-dawn-back"), src                       # turned over after acting
        assert not contrast_failures(page)
        assert not page.errors, page.errors
    finally:
        served.stop()


# ----------------------------------------------------------------------------- a data-only game
def test_a_data_only_game_on_the_sandbox_table(browser):
    hoard = load_game(ROOT / "games" / "hoard")
    table = Sandbox(hoard, seed=4)
    served = Served(table)
    bodies = {"stone": [], "ember": []}
    try:
        stone = open_page(browser, served.url("stone"), bodies["stone"])
        ember = open_page(browser, served.url("ember"), bodies["ember"])
        stone.wait_for_load_state("networkidle")
        assert stone.locator("#hand .hand-piece").count() == 15
        assert "Ember clan: hand 15, bag 0" in stone.inner_text("#far")
        # drag a warrior of strength 5 from the hand onto c3: it lies face down
        five = stone.locator('#hand img[src$="warriors-stone-5.png"]')
        five.drag_to(stone.locator('.sq[data-square="c3"]'))
        stone.wait_for_selector('.sq[data-square="c3"] .item', timeout=TIMEOUT)
        assert stone.get_attribute('.sq[data-square="c3"] .item-secret', "src").endswith("warriors-stone-5.png")
        ember.wait_for_selector('.sq[data-square="c3"] .item', timeout=TIMEOUT)
        assert ember.get_attribute('.sq[data-square="c3"] .item', "src").endswith("warriors-stone-back.png")
        assert ember.locator('.sq[data-square="c3"] .item-secret').count() == 0
        # a palisade from the supply onto the line between d2 and d3
        palisade = stone.locator('#supply img[src$="palisades.png"]')
        box = stone.locator('.sq[data-square="d3"]').bounding_box()
        palisade.hover()
        stone.mouse.down()
        stone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 3, steps=8)
        stone.mouse.up()
        stone.wait_for_selector('.edge[data-edge="d2|d3"]', timeout=TIMEOUT)
        # click a piece, then turn it over with its button: now everyone sees its strength
        stone.click('.sq[data-square="c3"] .item')
        stone.click('#selection button:has-text("Turn over")')
        ember.wait_for_function("""document.querySelector('.sq[data-square="c3"] .item').src.endsWith('warriors-stone-5.png')""",
                                timeout=TIMEOUT)
        # a bag: three warriors in, one drawn at random back into the hand
        for _ in range(3):
            stone.locator("#hand img").first.drag_to(stone.locator("#bag"))
            stone.wait_for_function("!busy", timeout=TIMEOUT)
        stone.wait_for_function("document.querySelector('#bag').textContent.includes('Your bag (3)')", timeout=TIMEOUT)
        stone.click('#bag button:has-text("Draw")')
        stone.wait_for_function("document.querySelector('#bag').textContent.includes('Your bag (2)')", timeout=TIMEOUT)
        stone.screenshot(path=ARTIFACTS / "play-5-sandbox.png")
        assert not contrast_failures(stone)
        assert not stone.errors and not ember.errors, stone.errors + ember.errors
    finally:
        served.stop()
    for body in bodies["ember"]:   # the Ember clan never learns a Stone warrior's strength in hiding
        for piece in json.loads(body).get("pieces", []):
            if piece["face"].startswith("warriors-stone-") and piece["face"] != "warriors-stone-back":
                assert piece["face"] == "warriors-stone-5" and piece["square"] == "c3"   # the one turned over
            assert not (piece.get("secret") or "").startswith("warriors-stone")


# ----------------------------------------------------------------------------- undo after a reveal
def test_undo_after_a_reveal_asks_the_other_player(browser):
    from helpers import position

    start = position(river=6, d5="B", d4="I", a8="V", h1="I", lines="to-move: irish\n")
    table = Table(GAME, vs="human", start=start)
    served = Served(table)
    try:
        irish = open_page(browser, served.url("irish"))
        viking = open_page(browser, served.url("viking"))
        wait_your_turn(irish)
        click_square(irish, "d4")
        click_square(irish, "d5")
        irish.wait_for_function("""document.querySelector('.sq[data-square="d5"] .piece').src.endsWith('viking-berserker.svg')""",
                                timeout=TIMEOUT)
        irish.click("#undo")
        irish.wait_for_selector("#request:not([hidden])", timeout=TIMEOUT)
        assert "waiting for the Vikings to agree" in irish.inner_text("#request")
        viking.wait_for_selector("#request:not([hidden]) button:has-text('Agree')", timeout=TIMEOUT)
        viking.screenshot(path=ARTIFACTS / "play-6-undo-request.png")
        assert not contrast_failures(viking) and not contrast_failures(irish)
        viking.click("#request button:has-text('Refuse')")
        irish.wait_for_function("view.notice.includes('did not agree') && view.history.length === 1", timeout=TIMEOUT)
        irish.click("#undo")
        viking.wait_for_selector("#request:not([hidden]) button:has-text('Agree')", timeout=TIMEOUT)
        viking.click("#request button:has-text('Agree')")
        irish.wait_for_function("view.history.length === 0", timeout=TIMEOUT)
        assert irish.get_attribute('.sq[data-square="d5"] .piece', "src").endswith("viking-front.svg")
        assert not irish.errors and not viking.errors
    finally:
        served.stop()
    assert not served.leaks, served.leaks[:3]
    # against the AI nobody can agree: the page says why
    ai = Table(GAME, vs="random", side="irish", start=start, ai_pause=0.5)
    served = Served(ai)
    try:
        page = open_page(browser, served.url("irish"))
        wait_your_turn(page)
        click_square(page, "d4")
        click_square(page, "d5")
        page.wait_for_function("view.history.length === 1", timeout=TIMEOUT)
        page.click("#undo")
        page.wait_for_selector("#message.refused", timeout=TIMEOUT)
        assert "cannot agree" in page.inner_text("#message")
    finally:
        served.stop()


# ----------------------------------------------------------------------------- the hot seat
def test_the_hot_seat_always_passes_the_device_and_keeps_no_other_view(browser):
    import random
    table = Table(GAME, vs="human", seed=3)
    rng = random.Random(9)
    while table.state.in_setup() or table.state.to_move.label != "viking":  # set up off screen
        if table.handover:
            table.reveal(table.key_of(TABLE))
        table.play(table.key_of(table.state.to_move.label), rng.choice(table.state.legal_moves()).notation())
    served = Served(table)
    try:
        shared = open_page(browser, served.url(TABLE))
        shared.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)
        assert shared.locator("#squares > *").count() == 0 and shared.locator("#history li").count() == 0
        assert shared.inner_text("#handover-text") == "Pass the device to the Vikings."
        assert not contrast_failures(shared)
        shared.screenshot(path=ARTIFACTS / "play-7-pass-the-device.png")
        shared.click("#reveal")
        view = wait_your_turn(shared)
        assert view["side"] == "viking" and shared.locator(".sq .secret").count() >= 3
        step = next(m for m in view["moves"] if m["from"] and len(m["squares"]) == 2)
        play_by_clicks(shared, step)
        shared.click('#other button[data-move="end"]')
        shared.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)
        assert shared.locator("#squares > *").count() == 0    # covered: the page holds no view
        shared.click("#reveal")
        shared.wait_for_function("view.side === 'irish' && view.your_turn", timeout=TIMEOUT)
        assert shared.locator(".sq .secret, .sq .badge").count() == 0
        # the Irish take back the Vikings' move: the device goes back to the Vikings, covered first
        shared.click("#undo")
        shared.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)
        assert shared.inner_text("#handover-text") == "Pass the device to the Vikings."
        assert shared.locator("#squares > *").count() == 0 and shared.locator("#history li").count() == 0
        shared.click("#reveal")
        shared.wait_for_function("view.side === 'viking'", timeout=TIMEOUT)
        assert not shared.errors, shared.errors
    finally:
        served.stop()
    assert not served.leaks, served.leaks[:3]
    covered = [p for seat, p in served.sent if seat == TABLE and p["handover"]]
    assert covered and all("cells" not in p and "history" not in p for p in covered)


# ----------------------------------------------------------------------------- motion
def test_moves_pushes_and_flips_animate_and_can_be_skipped(browser):
    from helpers import position

    start = position(river=6, d5="B", d4="I", c4="I", c3="V", h8="V", lines="to-move: irish\n")
    table = Table(GAME, vs="human", start=start)
    served = Served(table)
    try:
        page = open_page(browser, served.url("irish"), motion=True)
        wait_your_turn(page)
        click_square(page, "c4")
        click_square(page, "c3")   # a push: the Viking on c3 slides to c2, the pusher follows
        page.wait_for_function("busy && document.getAnimations().length > 0", timeout=TIMEOUT, polling=10)
        moving = page.evaluate("document.getAnimations().length")
        page.wait_for_function("!busy", timeout=TIMEOUT)
        click_square(page, "d4")
        click_square(page, "d5")   # the flip of a hidden Berserker, skipped with a key
        page.wait_for_function("busy", timeout=TIMEOUT, polling=10)
        page.keyboard.press("Space")
        page.wait_for_function("!busy", timeout=1000)
        assert moving >= 2 and page.evaluate("document.getAnimations().length") == 0
        assert page.get_attribute('.sq[data-square="d5"] .piece', "src").endswith("viking-berserker.svg")
    finally:
        served.stop()
    # with reduced motion asked for, nothing moves
    table = Table(GAME, vs="human", start=start)
    served = Served(table)
    try:
        page = open_page(browser, served.url("irish"))
        wait_your_turn(page)
        page.evaluate("window.moved = 0; new MutationObserver(() => { window.moved += document.getAnimations().length; })"
                      ".observe(document.body, {subtree: true, childList: true})")
        click_square(page, "c4")
        click_square(page, "c3")
        page.wait_for_function("view.history.length === 1 && !busy", timeout=TIMEOUT)
        assert page.evaluate("window.moved") == 0
    finally:
        served.stop()


# ----------------------------------------------------------------------------- looks, phone, errors
def test_every_text_is_legible_and_the_phone_layout_fits(browser):
    table = Table(GAME, vs="human", seed=3)
    import random
    rng = random.Random(4)
    while table.state.in_setup():
        if table.handover:
            table.reveal(table.key_of(TABLE))
        table.play(table.key_of(table.state.to_move.label), rng.choice(table.state.legal_moves()).notation())
    served = Served(table)
    try:
        for seat in ("viking", "irish"):
            page = open_page(browser, served.url(seat))
            wait_idle(page)
            assert not contrast_failures(page), contrast_failures(page)
            size = page.evaluate("getComputedStyle(document.querySelector('.coord')).fontSize")
            assert float(size.rstrip("px")) >= 11   # coordinates a person can read
            page.screenshot(path=ARTIFACTS / f"play-8-{seat}-view.png")
        phone = open_page(browser, served.url("irish"), viewport=(390, 844))
        wait_idle(phone)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        board = phone.locator("#board").bounding_box()
        assert board["width"] >= 360 and board["x"] >= 0
        assert phone.locator("#panel").bounding_box()["y"] > board["y"] + board["height"] - 1  # the panel under it
        phone.screenshot(path=ARTIFACTS / "play-9-phone.png", full_page=True)
        assert not contrast_failures(phone)
    finally:
        served.stop()


def test_a_two_troop_push_by_clicking_the_pusher_then_its_target(browser):
    from helpers import position

    start = position(river=None, d7="V", d6="V", d5="I", d4="I")
    table = Table(GAME, vs="human", start=start)
    served = Served(table)
    try:
        page = open_page(browser, served.url("viking"))
        wait_your_turn(page)
        click_square(page, "d6")
        assert page.locator('.sq[data-square="d5"].target').count() == 1
        assert "backed by d7" in choice(page, "d7+d6-d5").inner_text()
        click_square(page, "d5")
        page.wait_for_function("view.history.length === 1", timeout=TIMEOUT)
        assert page.evaluate("view.history[0].move") == "d7+d6-d5"
        cells = {c["square"]: c["piece"] for c in page.evaluate("view.cells")}
        assert cells["d5"] == cells["d6"] == "viking-front" and cells["d4"] == cells["d3"] == "irish"
        # a refused step shows the engine's reason with its ruling
        click_square(page, "d5")
        click_square(page, "c5")
        page.wait_for_selector("#message.refused", timeout=TIMEOUT)
        assert "ruling 5" in page.inner_text("#message") and "already acted" in page.inner_text("#message")
        # a reload keeps the seat (the tab remembers its key), though the address no longer has it
        page.reload()
        page.wait_for_function("view !== null && view.history.length === 1", timeout=TIMEOUT)
        assert page.evaluate("view.seat") == "viking" and "key=" not in page.url
        # the server stops: the page says so in words, and keeps the board
        served.stop()
        page.wait_for_function("document.querySelector('#message').textContent.includes('closed')", timeout=TIMEOUT)
        assert page.inner_text("#message") == "The table has closed: the server is not answering."
        assert page.locator(".sq").count() == 64
        assert not page.errors, page.errors
    finally:
        served.stop()


def test_every_request_carries_the_key_in_a_header_only(browser):
    table = Table(GAME, vs="human", seed=1)
    served = Served(table)
    try:
        for seat in ("viking", "irish", TABLE):
            page = open_page(browser, served.url(seat))
            wait_idle(page)
            page.wait_for_timeout(1200)   # a few polls
            assert [url for url in page.urls if table.key_of(seat) in url] == [served.url(seat)]
            assert len(page.urls) > 5
    finally:
        served.stop()
