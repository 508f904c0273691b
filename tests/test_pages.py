"""Pages as a first-time player and a printer read them (issue 25): no blank page, a heading or a
lead-in never left at the foot of a page without what it introduces, a short last section not
pushed alone onto a page, the quick reference on a page of its own to cut out."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from reportlab.platypus import Paragraph, Spacer

from generator.build import run
from generator.config import load_game
from generator.kit.layout import content_frame
from generator.kit.model import load_kit
from generator.rulebook.build import kit_text_frame, layout_rulebook, prepare_rulebook
from generator.rulebook.diagram import ExampleDiagram
from generator.rulebook.markdown import Heading, NewPage

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"siege": ROOT, "tafl": ROOT / "games" / "tafl", "tessera": ROOT / "games" / "tile-duel",
         "hoardfall": ROOT / "games" / "hoard", "lantern": ROOT / "games" / "lantern-market"}


def documents():
    """Every rules.md and examples.md of the shipped game folders."""
    for name, folder in {**GAMES, "thornwick": ROOT / "games" / "thornwick"}.items():
        for document in ("rules.md", "examples.md"):
            if (folder / document).exists():
                yield pytest.param(folder, document, id=f"{name}-{document}")


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, list[Path]]:
    """The kit and booklet PDFs of every game, A4, as `pnp build` writes them."""
    out = tmp_path_factory.mktemp("kits")
    return {name: run(game=folder, out=out / name) for name, folder in GAMES.items()}


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(str(path)).pages]


def body(text: str) -> str:
    """A kit page's text without its header and its footer."""
    return "\n".join(line for line in text.splitlines()
                     if line.strip() and "print-and-play kit" not in line and "Rules, page" not in line)


@pytest.mark.parametrize("game", list(GAMES))
def test_no_rulebook_page_is_blank(kits, game):
    kit, *booklet = kits[game]
    for number, text in enumerate(page_texts(kit), start=1):
        if "Rules, page" in text:
            assert len(body(text).split()) > 10, f"{kit.name} page {number} is blank: {text!r}"
    for path in booklet:
        for number, text in enumerate(page_texts(path), start=1):
            assert len(text.split()) > 10, f"{path.name} page {number} is blank: {text!r}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("folder,document", list(documents()))
def test_headings_and_lead_ins_stay_with_what_they_introduce(folder, document, paper):
    """No page ends with a heading, or with the paragraph that leads into a diagram (or ends
    with a colon) while what it introduces starts the next page."""
    game = load_game(folder)
    kit = load_kit(game, paper=paper)
    _, _, w, h = kit_text_frame(content_frame(kit))
    laid = layout_rulebook(prepare_rulebook(game, folder / document), (w, h))
    pages = [[flowable for flowable, *_ in page if not isinstance(flowable, Spacer)] for page in laid.pages]
    for number, (page, following) in enumerate(zip(pages, pages[1:]), start=1):
        last, first = page[-1], following[0]
        assert not isinstance(last, Heading), f"{document} page {number} ends with a heading: {last.plain}"
        if isinstance(last, Paragraph):
            text = last.getPlainText()
            assert not (isinstance(first, ExampleDiagram) or text.rstrip().endswith(":")), \
                f"{document} page {number} ends with the lead-in {text[:60]!r}; what it introduces is overleaf"


def test_a_short_rulebook_is_not_spread_over_pages_it_does_not_fill(kits):
    kit = kits["lantern"][0]    # a page of rules
    rules = [text for text in page_texts(kit) if "Rules, page" in text]
    assert len(rules) == 1, [body(text)[:80] for text in rules]


@pytest.mark.parametrize("folder,document", list(documents()))
def test_no_page_is_left_for_what_fit_on_the_page_before(folder, document):
    """A page's whole content never fits in the room left on the page before it (a short last
    section pushed alone), unless the Markdown asks for a new page there."""
    game = load_game(folder)
    _, _, w, h = kit_text_frame(content_frame(load_kit(game)))
    laid = layout_rulebook(prepare_rulebook(game, folder / document), (w, h))
    for number, (page, following) in enumerate(zip(laid.pages, laid.pages[1:]), start=1):
        if any(isinstance(flowable, NewPage) for flowable, *_ in page + following):   # asked for
            continue
        room = min(dy for flowable, _, dy, _ in page if not isinstance(flowable, Spacer))
        content = h - min(dy for flowable, _, dy, _ in following if not isinstance(flowable, Spacer))
        assert content > room - 6, f"{document}: page {number + 1} ({content:.0f} pt) fits in page {number}'s {room:.0f} pt"


@pytest.mark.parametrize("folder,document", list(documents()))
def test_no_page_holds_only_a_line_or_two(folder, document):
    """Every page of a rulebook or booklet is at least a sixth full: a closing sentence is never
    left alone on a page of its own."""
    game = load_game(folder)
    _, _, w, h = kit_text_frame(content_frame(load_kit(game)))
    laid = layout_rulebook(prepare_rulebook(game, folder / document), (w, h))
    for number, page in enumerate(laid.pages, start=1):
        used = h - min(dy for flowable, _, dy, _ in page if not isinstance(flowable, Spacer))
        assert used > h / 6, f"{document}: page {number} holds {used:.0f} pt of {h:.0f}"


@pytest.mark.parametrize("game", ["siege", "tafl"])
def test_the_quick_reference_has_a_page_of_its_own(kits, game):
    kit = kits[game][0]
    rules = [body(text) for text in page_texts(kit) if "Rules, page" in text]
    source = (GAMES[game] / "rules.md").read_text(encoding="utf-8")
    sections = [line[3:].strip() for line in source.splitlines() if line.startswith("## ")]
    assert sections[-1] == "Quick reference"
    lines = {line.strip() for line in rules[-1].splitlines()}
    assert sections[-1] in lines
    assert not lines & set(sections[:-1]), lines & set(sections[:-1])  # no other section on its page


def test_the_standalone_rulebook_has_no_blank_page(tmp_path):
    """`--rulebook-only`, in its own frame: every page holds text."""
    paths = run(game=GAMES["tafl"], out=tmp_path, rulebook_only=True)
    for number, text in enumerate(page_texts(paths[0]), start=1):
        assert len(text.split()) > 10, f"page {number} is blank"


ENGINE_WORDS = (r"\boption:", r"\bplay: *[@a-z]+\d", r"\bexpect:", r"\bto-move:", "=", "For designers", r"\bengine",
                "simulation", r"\b[Rr]uling")


@pytest.mark.parametrize("game", list(GAMES))
def test_no_engine_words_in_print(kits, game):
    """What a player reads is the rules in words: no diagram code, option names, ruling numbers or
    notes for designers, and the sides named as the prose names them."""
    options = [spec.name for spec in load_game(GAMES[game]).option_specs if "-" in spec.name]  # not "berserker"
    for path in kits[game]:
        for number, text in enumerate(page_texts(path), start=1):
            flat = " ".join(text.split())
            for word in (*ENGINE_WORDS, *map(re.escape, options)):
                found = re.search(word, flat)
                assert not found, f"{path.name} page {number}: {flat[max(0, found.start() - 60):][:140]!r}"
            assert "The Attackers" not in flat and "The Defenders" not in flat, f"{path.name} page {number}"


def test_the_siege_texts_use_the_rulebooks_words(kits):
    """The player aid and the tracker say "knocked out" and "chain", as the rulebook does."""
    text = " ".join(" ".join(page.split()) for path in kits["siege"] for page in page_texts(path))
    for word in ("eliminat", "backed by a friend"):
        assert word not in text, word
