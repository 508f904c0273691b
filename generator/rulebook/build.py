"""rules.md -> rulebook pages. `prepare_rulebook` checks (numbers, then every example with
generator.check) and parses; `draw_rulebook` lays the pages out on any reportlab canvas (the kit's
own, or a fresh one); `build_rulebook` writes a standalone PDF atomically.

Pages are laid out with platypus frames directly, not a doc template, so the same code draws into
the kit's canvas between its own pages. The contents list needs the pages its headings land on:
a first pass lays the pages out on a scratch canvas (diagrams skip their drawing), a second draws.
"""

from __future__ import annotations

import copy
import io
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Spacer
from reportlab.platypus.doctemplate import LayoutError

from ..check import CheckReport, check_text, format_report
from ..errors import CheckFailed, ExampleSyntaxError, read_text
from ..examples import parse_markdown, render_markdown
from ..games.base import Game
from ..pdf import ITALIC as SERIF_ITALIC, SERIF, new_canvas, register_fonts, write_atomic
from . import limits
from .diagram import ExampleDiagram, FaceStrip
from .markdown import (INK, RULE, Heading, PageContext, Source, Styles, make_styles, markdown_flowables,
                       prose_words)
from .numbers import NumberProblem, check_numbers, count_grammar

A4 = (210 * mm, 297 * mm)
MARGINS = (19 * mm, 19 * mm, 18 * mm, 20 * mm)  # left, right, top, bottom


@dataclass
class Prepared:
    """A checked rulebook, ready to lay out."""

    game: Game
    path: Path
    text: str                       # rendered Markdown
    tokens: list                    # its markdown-it tokens, inline ones included
    report: CheckReport
    numbers: list[NumberProblem] = field(default_factory=list)

    @property
    def failed(self) -> list:
        return self.report.failed

    @property
    def warnings(self) -> list[NumberProblem]:
        return [p for p in self.numbers if not p.is_error]

    @property
    def words(self) -> int:
        """Words of prose (the example blocks are drawn, not read)."""
        return prose_words(self.text, self.tokens)

    def summary(self, what: str, pages: int) -> str:
        return summary(what, pages, self.words, len(self.report.replays))


@dataclass
class RulebookResult:
    path: Path | None
    pages: int
    examples: int
    failed: int
    seconds: float
    headings: list[str]
    warnings: list[str]
    words: int = 0          # words of prose (the diagrams' blocks not counted)

    def summary(self, what: str) -> str:
        return summary(what, self.pages, self.words, self.examples)


def summary(what: str, pages: int, words: int, examples: int) -> str:
    """What a reader gets, as `pnp build` reports it."""
    return f"{what}: {pages} pages, {words:,} words of prose, {examples} checked examples"


def preload(game: Game) -> None:
    """Load, once, what checking and typesetting any document of `game` needs and would otherwise
    load on first use: the template engine, the game's engine, its count grammar and the fonts.
    `pnp build` calls this before it forks the booklet's process, so neither process does it."""
    from ..sandbox import _environment_class

    _environment_class()

    if game.engine:
        game.grammar  # noqa: B018 (its first use imports the game's engine)
    count_grammar(type(game))
    register_fonts()


def prepare_rulebook(game: Game, rules_path: Path | str, force: bool = False) -> Prepared:
    """Read rules.md as a template over the game's numbers, check its typed numbers, replay every
    example (the same check as `pnp check`, on the text read here). Raises `CheckFailed` when a
    number disagrees with components.toml or an example fails, unless `force`;
    `ExampleSyntaxError` for unreadable input or input past a bound of `limits` (checked first,
    before any heavy work), always."""
    path = Path(rules_path)
    limits.check_file_size(path)
    source = read_text(path, ExampleSyntaxError)
    text = render_markdown(source, game, path)
    limits.check_text_size(text, path)
    tokens = parse_markdown(text, inline=True)  # for the example check, the pages and the words
    limits.check_tokens(tokens, path)
    # the numbers are read on the template's lines: the rendered text's, only when nothing rendered
    numbers = check_numbers(source, game, path, tokens if text == source else None)
    report = check_text(text, path, game, tokens)
    if report.errors:
        raise report.errors[0]
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
        raise CheckFailed(f"{path}: " + " and ".join(what) + " (--force builds anyway)", "\n".join(parts))
    return Prepared(game, path, text, tokens, report, numbers)


def _flowables(prepared: Prepared, styles: Styles, context: PageContext) -> tuple[list[Flowable], list]:
    replays = prepared.report.replays
    made: list[ExampleDiagram] = []

    def on_example(index: int, token) -> list[Flowable]:
        diagram = ExampleDiagram(replays[index], styles)
        made.append(diagram)
        return [diagram, Spacer(1, 10)]

    def on_faces(names: list[str], line: int) -> Flowable:
        faces = prepared.game.faces
        for name in names:
            if name not in faces.draw:
                raise ExampleSyntaxError(prepared.path, line, f"unknown face {name!r} in an image; the kit "
                                                              f"draws: {', '.join(faces.names)}")
        return FaceStrip(faces, names)

    document = markdown_flowables(prepared.tokens, styles, context, on_example, on_faces=on_faces)
    if len(made) != len(replays):  # both come from the same parser over the same text
        raise ValueError(f"{prepared.path}: found {len(made)} diagrams for {len(replays)} examples")
    return document.flowables, document.headings


PageHook = Callable[[Canvas, int], None]
Placed = tuple[Flowable, float, float, float]  # flowable, x and y from the frame's corner, spare width


class _RecordingFrame(Frame):
    """A frame that lays flowables out but, instead of drawing them, notes where they go."""

    def __init__(self, *args, sink: Callable[[Placed], None], **kwargs):
        super().__init__(*args, **kwargs)
        self.sink = sink

    def _add(self, flowable, canv, trySplit=0):
        frame = self

        def record(canvas, x, y, _sW=0):
            frame.sink((flowable, x - frame._x1, y - frame._y1, _sW))

        flowable.drawOn = record  # shadows the method for this one call
        try:
            return Frame._add(self, flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add

    def __deepcopy__(self, memo) -> "_RecordingFrame":
        """platypus measures a kept-together group in a deep copy of the frame; its numbers and
        sink need no deeper copy than a shallow one."""
        return copy.copy(self)


@dataclass
class RulebookPages:
    """The rulebook laid out for a frame of a given size: what goes where on each page. Drawing a
    page replays it onto any canvas at any position (the kit's page, or our own)."""

    prepared: Prepared
    pages: list[list[Placed]]
    headings: list[tuple[int, str, str]]
    context: PageContext
    frame: tuple[float, float]

    def __len__(self) -> int:
        return len(self.pages)

    def draw_page(self, canvas: Canvas, index: int, x: float, y: float) -> None:
        """Draw page `index` (0-based) with the frame's lower-left corner at (x, y)."""
        self.context.page = index + 1
        for flowable, dx, dy, spare in self.pages[index]:
            flowable.drawOn(canvas, x + dx, y + dy, _sW=spare)

    @property
    def heading_titles(self) -> list[str]:
        return [text for _, _, text in self.headings]


class Together(KeepTogether):
    """A heading or a lead-in kept with what follows (reportlab's keep-with-next). When the group
    does not fit in the room left on the page, its diagrams shrink (`ExampleDiagram.shrink_to`)
    if that lets it stay, rather than leave the foot of the page empty."""

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        diagrams = [f for f in self._content if isinstance(f, ExampleDiagram)]
        for diagram in diagrams:
            diagram.scale = 1.0
        self.wrap(available_width, available_height)
        natural = sum(d.height for d in diagrams)
        over = self._H - available_height
        if diagrams and 0 < over < natural:
            scale = (natural - over - 0.01) / natural
            if all(d.shrink_to(d.height * scale) for d in diagrams):
                return list(self._content)
        return super().split(available_width, available_height)


def _headings_in(flowable) -> list:
    if isinstance(flowable, Heading):
        return [flowable] if flowable.key else []  # the rest of a split heading: no bookmark
    found = []
    for child in getattr(flowable, "_content", None) or []:
        found += _headings_in(child)
    return found


def layout_rulebook(prepared: Prepared, frame: tuple[float, float], page_offset: int = 0,
                    outline_level: int = 0) -> RulebookPages:
    """Lay the rulebook out in pages whose text frame is `frame` (width, height) points. Contents
    list numbers are rulebook pages plus `page_offset` (the kit's pages before the rulebook)."""
    styles = make_styles()
    context = PageContext(outline_level=outline_level, page_offset=page_offset)
    flowables, headings = _flowables(prepared, styles, context)
    pages: list[list[Placed]] = []

    class Doc(BaseDocTemplate):
        source: Source | None = None  # the Markdown block being laid out

        def handle_pageBegin(self):
            pages.append([])
            super().handle_pageBegin()

        def handle_flowable(self, flowables):
            self.source = getattr(flowables[0], "source", self.source)
            super().handle_flowable(flowables)

    width, height = frame
    doc = Doc(io.BytesIO(), pagesize=(width, height), leftMargin=0, rightMargin=0, topMargin=0,
              bottomMargin=0, keepTogetherClass=Together)
    recorder = _RecordingFrame(0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0,
                               bottomPadding=0, id="text", sink=lambda placed: pages[-1].append(placed))
    doc.addPageTemplates([PageTemplate("page", [recorder])])
    doc._doSave = False  # the scratch canvas holds no drawing: no PDF to write
    try:
        doc.build(flowables)
    except LayoutError:  # a block no page can hold (every flowable of `_flowables` has a source)
        raise ExampleSyntaxError(prepared.path, doc.source.line, doc.source.too_large()) from None
    pages = [page for page in pages if any(not isinstance(f, Spacer) for f, *_ in page)]  # no blank page
    for number, page in enumerate(pages, start=1):
        for flowable, *_ in page:
            for heading in _headings_in(flowable):
                context.heading_pages[heading.key] = number
    return RulebookPages(prepared, pages, headings, context, frame)


def text_frame(page_size: tuple[float, float]) -> tuple[float, float, float, float]:
    """The standalone rulebook's text frame: x, y, width, height."""
    left, right, top, bottom = MARGINS
    return left, bottom, page_size[0] - left - right, page_size[1] - top - bottom


def kit_text_frame(frame) -> tuple[float, float, float, float]:
    """Inside the kit's content frame (a layout.Rect): a measure a reader's eye can follow."""
    inset = max(0.0, (frame.w - 170 * mm) / 2)
    return frame.x + inset, frame.y + 3 * mm, frame.w - 2 * inset, frame.h - 6 * mm


def draw_rulebook(canvas: Canvas, prepared: Prepared, page_size: tuple[float, float] = A4,
                  label: str = "Rules") -> RulebookPages:
    """The standalone rulebook: every page, with our footer, onto `canvas`."""
    x, y, w, h = text_frame(page_size)
    laid = layout_rulebook(prepared, (w, h))
    footer = _footer(prepared.game.info.title, label)
    for index in range(len(laid)):
        laid.draw_page(canvas, index, x, y)
        footer(canvas, index + 1)
        canvas.showPage()
    return laid


def kit_pages(prepared: Prepared, kit) -> list:
    """The rulebook as the kit's extra pages (generator.kit.render.ExtraPage), placed after the
    cover (and the calibration pair): the kit draws the header, footer and page numbers, we fill
    the content frame."""
    from ..kit.layout import content_frame, pages_before_extra
    from ..kit.render import ExtraPage

    x, y, w, h = kit_text_frame(content_frame(kit))
    laid = layout_rulebook(prepared, (w, h), page_offset=pages_before_extra(kit))
    total = len(laid)

    def page(index: int):
        def draw(canvas, frame) -> None:
            fx, fy, _, _ = kit_text_frame(frame)
            laid.draw_page(canvas, index, fx, fy)
        return ExtraPage(f"Rules, page {index + 1} of {total}", draw)

    return [page(i) for i in range(total)]


def _footer(title: str, label: str) -> PageHook:
    def draw(canvas: Canvas, number: int) -> None:
        width, _ = canvas._pagesize
        left, right, _, bottom = MARGINS
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, bottom - 9, width - right, bottom - 9)
        canvas.setFillColor(INK)
        canvas.setFont(SERIF_ITALIC, 8.5)
        canvas.drawString(left, bottom - 20, f"{title} — {label}")
        canvas.setFont(SERIF, 9.5)
        canvas.drawRightString(width - right, bottom - 20, str(number))
        canvas.restoreState()
    return draw


def page_size_for(game: Game) -> tuple[float, float]:
    """The kit's paper: [print] paper of components.toml."""
    from ..kit.model import load_kit

    try:
        return load_kit(game).page_size
    except ValueError:  # the kit reports its own errors; the rulebook still needs a page
        return A4


def build_rulebook(game: Game, rules_path: Path | str, out_pdf: Path | str | None, force: bool = False,
                   page_size: tuple[float, float] | None = None, label: str = "Rules") -> RulebookResult:
    """rules.md (or another Markdown file, `label` naming it in the footer) -> a standalone PDF,
    written atomically to `out_pdf` (with None it is laid out but not written: for timing and
    tests)."""
    result, data = typeset_rulebook(game, rules_path, force, page_size, label)
    if out_pdf is not None:
        result.path = Path(out_pdf)
        write_atomic(result.path, data)
    return result


def typeset_rulebook(game: Game, rules_path: Path | str, force: bool = False,
                     page_size: tuple[float, float] | None = None,
                     label: str = "Rules") -> tuple[RulebookResult, bytes]:
    """The standalone PDF's bytes (reportlab invariant mode: same input, same bytes), unwritten,
    and what it holds."""
    started = time.perf_counter()
    prepared = prepare_rulebook(game, rules_path, force)
    page_size = page_size or page_size_for(game)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page_size)
    canvas.setTitle(f"{game.info.title} — {label}")
    canvas.setAuthor(game.info.designer or game.info.title)
    canvas.setSubject(f"{label}, version {game.info.version}")
    canvas.showOutline()
    laid = draw_rulebook(canvas, prepared, page_size, label)
    canvas.save()
    result = RulebookResult(None, len(laid), len(prepared.report.replays), len(prepared.failed),
                            time.perf_counter() - started, laid.heading_titles,
                            [str(w) for w in prepared.warnings], prepared.words)
    return result, buffer.getvalue()
