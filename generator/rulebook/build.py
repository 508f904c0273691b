"""rules.md -> rulebook pages. `prepare_rulebook` checks (numbers, then every example with
generator.check) and parses; `draw_rulebook` lays the pages out on any reportlab canvas (the kit's
own, or a fresh one); `build_rulebook` writes a standalone PDF atomically.

Pages are laid out with platypus frames directly, not a doc template, so the same code draws into
the kit's canvas between its own pages. The contents list needs the pages its headings land on:
a first pass lays the pages out on a scratch canvas (diagrams skip their drawing), a second draws.
"""

from __future__ import annotations

import io
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer

from ..check import CheckReport, check_files, format_report
from ..config import Game
from ..examples import ExampleSyntaxError, render_markdown
from .diagram import ExampleDiagram
from .fonts import SERIF, SERIF_ITALIC, register_fonts
from .markdown import INK, RULE, PageContext, Styles, make_styles, markdown_flowables
from .numbers import NumberProblem, check_numbers

A4 = (210 * mm, 297 * mm)
MARGINS = (19 * mm, 19 * mm, 18 * mm, 20 * mm)  # left, right, top, bottom


class RulebookError(ValueError):
    """The rulebook cannot be built: unreadable input, a wrong number or a failing example.
    `report` is the text to show (the check's report for failing examples)."""

    def __init__(self, message: str, report: str = "", exit_code: int = 1):
        self.report, self.exit_code = report, exit_code
        super().__init__(message)


@dataclass
class Prepared:
    """A checked rulebook, ready to lay out."""

    game: Game
    path: Path
    text: str                       # rendered Markdown
    report: CheckReport
    numbers: list[NumberProblem] = field(default_factory=list)

    @property
    def failed(self) -> list:
        return self.report.failed

    @property
    def warnings(self) -> list[NumberProblem]:
        return [p for p in self.numbers if not p.is_error]


@dataclass
class RulebookResult:
    path: Path | None
    pages: int
    examples: int
    failed: int
    seconds: float
    headings: list[str]
    warnings: list[str]


def prepare_rulebook(game: Game, rules_path: Path | str, force: bool = False) -> Prepared:
    """Read rules.md as a template over the game's numbers, check its typed numbers, replay every
    example (the same `check_files` as `pnp check`). Raises `RulebookError` when a number
    disagrees with components.toml or an example fails, unless `force`; unreadable input always."""
    path = Path(rules_path)
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulebookError(f"{path}: cannot read: {exc.strerror or exc}", exit_code=2) from None
    try:
        text = render_markdown(source, game, path)
    except ExampleSyntaxError as exc:
        raise RulebookError(str(exc), exit_code=2) from None
    numbers = check_numbers(source, game, path)
    report = check_files([path], game)
    if report.errors:
        raise RulebookError(f"{path}: an example block cannot be read", format_report(report), 2)
    errors = [p for p in numbers if p.is_error]
    if not force and (errors or report.failed):
        parts = []
        if errors:
            parts.append("\n".join(map(str, errors)))
        if report.failed:
            parts.append(format_report(report))
        what = []
        if errors:
            what.append(f"{len(errors)} number{'s' if len(errors) > 1 else ''} disagree"
                        f"{'' if len(errors) > 1 else 's'} with components.toml")
        if report.failed:
            what.append(f"{len(report.failed)} example{'s' if len(report.failed) > 1 else ''} failed the check")
        raise RulebookError(f"{path}: " + " and ".join(what) + " (--force builds anyway)", "\n".join(parts))
    return Prepared(game, path, text, report, numbers)


def _flowables(prepared: Prepared, styles: Styles, context: PageContext, dry: bool) -> tuple[list[Flowable], list]:
    replays = prepared.report.replays
    made: list[ExampleDiagram] = []

    def on_example(index: int, token) -> list[Flowable]:
        diagram = ExampleDiagram(replays[index], styles)
        diagram.dry = dry
        made.append(diagram)
        return [Spacer(1, 3), diagram, Spacer(1, 9)]

    document = markdown_flowables(prepared.text, styles, context, on_example)
    if len(made) != len(replays):  # both come from the same parser over the same text
        raise RulebookError(f"{prepared.path}: found {len(made)} diagrams for {len(replays)} examples")
    return document.flowables, document.headings


PageHook = Callable[[Canvas, int], None]


class _Pages(BaseDocTemplate):
    """One frame per page and a footer. `canvas` (when given) is used instead of a new one and is
    not saved at the end, so the pages go into the kit's own PDF."""

    def __init__(self, size: tuple[float, float], context: PageContext, footer: PageHook,
                 canvas: Canvas | None = None):
        super().__init__(io.BytesIO(), pagesize=size, leftMargin=MARGINS[0], rightMargin=MARGINS[1],
                         topMargin=MARGINS[2], bottomMargin=MARGINS[3], invariant=1)
        left, right, top, bottom = MARGINS
        frame = Frame(left, bottom, size[0] - left - right, size[1] - top - bottom,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
        self.context, self.footer, self.target = context, footer, canvas
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._page)])
        if canvas is not None:
            self._doSave = 0

    def _page(self, canvas: Canvas, doc) -> None:
        self.context.page = doc.page
        self.footer(canvas, doc.page)

    def lay_out(self, flowables: list[Flowable]) -> int:
        if self.target is None:
            self.build(flowables)
            return self.page
        canvas = self.target
        info = canvas._doc.info
        kept = {k: getattr(info, k, None) for k in ("title", "author", "subject", "creator", "producer", "keywords")}
        self.build(flowables, canvasmaker=lambda *args, **kwargs: canvas)
        for key, value in kept.items():  # the doc template sets its own metadata; keep the kit's
            setattr(info, key, value)
        return self.page


def draw_rulebook(canvas: Canvas, prepared: Prepared, page_size: tuple[float, float] = A4,
                  outline_level: int = 0) -> list[str]:
    """Draw the rulebook's pages onto `canvas` (which may already hold other pages; each rulebook
    page ends with showPage). Returns the headings, in order. `outline_level` nests the
    rulebook's bookmarks under the caller's own (1 under a level-0 entry)."""
    register_fonts()
    styles = make_styles()
    footer = _footer(prepared.game.info.title, prepared.game.info.version)
    # pass 1: where do the headings land? (the contents list has the same size in both passes)
    scout = PageContext(outline_level=0)
    flowables, _ = _flowables(prepared, styles, scout, dry=True)
    _Pages(page_size, scout, lambda c, n: None).lay_out(flowables)
    # pass 2: draw, with the pages known
    context = PageContext(heading_pages=dict(scout.heading_pages), outline_level=outline_level)
    flowables, headings = _flowables(prepared, styles, context, dry=False)
    _Pages(page_size, context, footer, canvas).lay_out(flowables)
    return [text for _, _, text in headings]


def _footer(title: str, version: str) -> PageHook:
    def draw(canvas: Canvas, number: int) -> None:
        width, _ = canvas._pagesize
        left, right, _, bottom = MARGINS
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, bottom - 9, width - right, bottom - 9)
        canvas.setFillColor(INK)
        canvas.setFont(SERIF_ITALIC, 8.5)
        canvas.drawString(left, bottom - 20, f"{title} — Rules")
        canvas.setFont(SERIF, 9.5)
        canvas.drawRightString(width - right, bottom - 20, str(number))
        canvas.restoreState()
    return draw


def page_size_for(game: Game) -> tuple[float, float]:
    """The kit's paper: [print] paper of components.toml, through the kit's model when present."""
    try:
        from ..kit.model import PAPERS, load_kit
    except ImportError:
        return A4
    try:
        kit = load_kit(game)
    except Exception:  # the kit reports its own errors; the rulebook still needs a page
        return A4
    return PAPERS.get(kit.paper, A4) if kit.paper != "both" else PAPERS["both"]


def write_atomic(path: Path, data: bytes) -> None:
    """Write `path` so that no reader ever sees half a PDF: a temporary file, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def build_rulebook(game: Game, rules_path: Path | str, out_pdf: Path | str | None, force: bool = False,
                   page_size: tuple[float, float] | None = None) -> RulebookResult:
    """rules.md -> a standalone rulebook PDF (reportlab invariant mode: same input, same bytes).
    With `out_pdf` None the PDF is laid out but not written (for timing and tests)."""
    started = time.perf_counter()
    prepared = prepare_rulebook(game, rules_path, force)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page_size or page_size_for(game), invariant=1,
                    pageCompression=1)
    canvas.setTitle(f"{game.info.title} — Rules")
    canvas.setAuthor(game.info.designer or game.info.title)
    canvas.setSubject(f"Rules, version {game.info.version}")
    canvas.showOutline()
    headings = draw_rulebook(canvas, prepared, page_size or page_size_for(game))
    pages = canvas.getPageNumber() - 1
    canvas.save()
    out = Path(out_pdf) if out_pdf else None
    if out is not None:
        write_atomic(out, buffer.getvalue())
    return RulebookResult(out, pages, len(prepared.report.replays), len(prepared.failed),
                          time.perf_counter() - started, headings, [str(w) for w in prepared.warnings])
