"""`pnp play` in a real browser: headless Chromium (the system's, e.g. Debian's `chromium`) driven by
Playwright. Moves are made by clicking; the AI's reply, an illegal move's refusal with its ruling,
and every payload each side's browser received are checked. Screenshots go to tests/artifacts/.

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
from generator.play.session import TABLE, Table

GAME = load_game(None)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HIDDEN = re.compile(r"viking-raider|[VBC]@[a-h]\d")
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

    def __init__(self, table: Table):
        import uvicorn

        self.table = table
        self.sent: list[tuple[str, dict]] = []
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        app = create_app(table, lambda seat, payload: self.sent.append((seat, json.loads(json.dumps(payload)))),
                         hosts=own_hosts("127.0.0.1", self.port))
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)

    def url(self, seat: str) -> str:
        side = "" if seat == TABLE else f"&side={seat}"
        return f"http://127.0.0.1:{self.port}/?key={self.table.key_of(seat)}{side}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def open_page(browser, url: str, received: list | None = None):
    page = browser.new_page(viewport={"width": 1180, "height": 760})
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
    """The button of `move` among the clicked square's moves (its text, then what it does)."""
    return page.locator("#choices button", has_text=re.compile("^" + re.escape(move) + r"(\s|$)")).first


def click_square(page, name: str) -> None:
    page.click(f'.sq[data-square="{name}"]')


def play_by_clicks(page, move: dict) -> None:
    """Make a legal move the way a person would: its square(s) on the board, or its button."""
    version = page.evaluate("view.version")
    if not move["squares"]:
        page.locator("#other button", has_text=move["move"]).first.click()
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


def test_playing_the_ai_by_clicking(browser):
    table = Table(GAME, vs="mcts:30", side="irish", seed=7, ai_pause=0.05)
    served = Served(table)
    received: list[str] = []
    try:
        page = open_page(browser, served.url("irish"), received)
        view = wait_your_turn(page)
        assert "Your move, Irish" in page.inner_text("#status")
        # the first setup step by clicks: a river tile is moved from one rank to the next
        shift = next(m for m in view["moves"] if len(m["squares"]) == 2)
        click_square(page, shift["squares"][0])
        assert page.locator(f'.sq[data-square="{shift["to"]}"].target').count() == 1
        page.screenshot(path=ARTIFACTS / "play-1-setup-selected.png")
        click_square(page, shift["to"])
        page.wait_for_function(f"view.history.some((h) => h.move === {json.dumps(shift['move'])})", timeout=TIMEOUT)
        # the rest of the setup by clicks, the AI answering its steps
        for _ in range(40):
            view = wait_your_turn(page)
            if not view["setup"]:
                break
            villages_or_troops = [m for m in view["moves"] if len(m["squares"]) == 1]
            play_by_clicks(page, villages_or_troops[0] if villages_or_troops else view["moves"][0])
        view = wait_your_turn(page)
        assert not view["setup"] and any(h["side"] == "viking" for h in view["history"])
        page.screenshot(path=ARTIFACTS / "play-2-in-play.png")
        # a step by clicking the troop, then its target
        step = next(m for m in view["moves"] if m["from"] and m["to"] and len(m["squares"]) == 2)
        play_by_clicks(page, step)
        assert page.evaluate("view.history[view.history.length - 1].move") == step["move"]
        # the same troop again: it has acted, and the engine says so with its ruling
        cells = {c["square"]: c for c in page.evaluate("view.cells")}
        f, r = ord(step["to"][0]), int(step["to"][1:])
        around = [chr(f + df) + str(r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
        empty = [s for s in around if re.fullmatch(r"[a-h][1-8]", s) and not (cells.get(s) or {}).get("piece")
                 and (cells.get(s) or {}).get("ground") != "river"]
        click_square(page, step["to"])
        click_square(page, empty[0])
        page.wait_for_selector("#message.refused", timeout=TIMEOUT)
        message = page.inner_text("#message")
        assert "ruling 5" in message and "already acted" in message, message
        page.screenshot(path=ARTIFACTS / "play-3-refused.png")
        # end the turn early; the AI thinks, then answers
        before = len(page.evaluate("view.history"))
        table.ai_pause = 0.8  # long enough to see the page say so
        page.click('#other button:has-text("end")')
        page.wait_for_selector("#thinking:not([hidden])", timeout=TIMEOUT)
        page.screenshot(path=ARTIFACTS / "play-4-thinking.png")
        view = wait_your_turn(page)
        assert len(view["history"]) > before + 1 and view["history"][-1]["side"] == "viking"
        # undo takes the AI's reply and our last move back
        page.click("#undo")
        page.wait_for_function(f"view.history.length === {before}", timeout=TIMEOUT)
        assert not page.errors, page.errors
    finally:
        served.stop()
    # what the Irish browser received: never a hidden reverse
    assert received and all(not HIDDEN.search(body) for body in received)
    irish = [payload for seat, payload in served.sent if seat == "irish"]
    assert irish and all(cell["badge"] == "" for payload in irish for cell in payload["cells"])
    assert any("?@" in entry["move"] for entry in irish[-1]["history"])


def test_two_browsers_and_the_hot_seat_see_only_their_side(browser):
    table = Table(GAME, vs="human", seed=3)
    import random
    rng = random.Random(9)
    while table.state.in_setup() or table.state.to_move.label != "viking":  # set up off screen
        if table.handover:
            table.reveal(table.key_of(TABLE))
        table.play(table.key_of(table.state.to_move.label), rng.choice(table.state.legal_moves()).notation())
    table.handover = False
    served = Served(table)
    seen = {"viking": [], "irish": [], TABLE: []}
    try:
        viking = open_page(browser, served.url("viking"), seen["viking"])
        irish = open_page(browser, served.url("irish"), seen["irish"])
        wait_your_turn(viking)
        assert viking.locator(".badge").count() >= GAME.counts.chiefs + GAME.counts.berserkers
        assert irish.locator(".badge").count() == 0
        assert viking.evaluate("view.flip") and not irish.evaluate("view.flip")  # each side's home row at the bottom
        viking.screenshot(path=ARTIFACTS / "play-5-viking-view.png")
        irish.screenshot(path=ARTIFACTS / "play-6-irish-view.png")
        # a move in one browser reaches the other
        move = next(m for m in viking.evaluate("view.moves") if m["from"] and len(m["squares"]) == 2)
        play_by_clicks(viking, move)
        viking.click('#other button:has-text("end")')
        irish.wait_for_function("view.your_turn", timeout=TIMEOUT)
        assert move["move"] in [h["move"] for h in irish.evaluate("view.history")]
        # the Irish may not export while the reverses are hidden; the Vikings may, and it checks
        irish.click("#export-game")
        irish.wait_for_selector("#message.refused", timeout=TIMEOUT)
        assert "hidden" in irish.inner_text("#message")
        viking.click("#export-game")
        viking.wait_for_selector("#export:not([hidden])", timeout=TIMEOUT)
        block = viking.input_value("#export-text")
        report = check_text(block, Path("exported.md"), GAME)
        assert report.exit_code == 0, format_report(report)
        # the hot seat: on the Irish turn it shows the Irish view; after their turn, a pass screen
        shared = open_page(browser, served.url(TABLE), seen[TABLE])
        shared.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)  # the Vikings just moved
        shared.click("#reveal")
        shared.wait_for_function("view.side === 'irish' && view.your_turn", timeout=TIMEOUT)
        assert shared.locator(".badge").count() == 0
        move = next(m for m in shared.evaluate("view.moves") if m["from"] and len(m["squares"]) == 2)
        play_by_clicks(shared, move)
        shared.click('#other button:has-text("end")')
        shared.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)
        assert shared.locator(".badge").count() == 0
        shared.screenshot(path=ARTIFACTS / "play-7-pass-the-device.png")
        shared.click("#reveal")
        shared.wait_for_selector("#handover", state="hidden", timeout=TIMEOUT)
        shared.wait_for_function("view.side === 'viking'", timeout=TIMEOUT)
        assert shared.locator(".badge").count() >= 1
        shared.screenshot(path=ARTIFACTS / "play-8-hot-seat-viking.png")
        for page, who in ((viking, "viking"), (irish, "irish"), (shared, TABLE)):
            assert not page.errors, page.errors
            # the key is in the first URL only (the link); every later request carries it in a header
            assert [url for url in page.urls if table.key_of(who) in url] == [served.url(who)]
            assert len(page.urls) > 10
    finally:
        served.stop()
    assert seen["irish"] and all(not HIDDEN.search(body) for body in seen["irish"])
    shared_irish = [s for s in served.sent if s[0] == TABLE and s[1].get("side") == "irish"]
    assert shared_irish and all(not HIDDEN.search(json.dumps(p)) for _, p in shared_irish)


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
        page.screenshot(path=ARTIFACTS / "play-9-two-troop-push.png")
        click_square(page, "d5")
        page.wait_for_function("view.history.length === 1", timeout=TIMEOUT)
        assert page.evaluate("view.history[0].move") == "d7+d6-d5"
        cells = {c["square"]: c["piece"] for c in page.evaluate("view.cells")}
        assert cells["d5"] == cells["d6"] == "viking-front" and cells["d4"] == cells["d3"] == "irish"
        # a reload keeps the seat (the tab remembers its key), though the address no longer has it
        page.reload()
        page.wait_for_function("view !== null && view.history.length === 1", timeout=TIMEOUT)
        assert page.evaluate("view.seat") == "viking" and "key=" not in page.url
        # the server stops: the page says so in words
        served.stop()
        page.wait_for_function("document.querySelector('#message').textContent.includes('closed')", timeout=TIMEOUT)
        assert page.inner_text("#message") == "The table has closed: the server is not answering."
        assert not page.errors, page.errors
    finally:
        served.stop()
