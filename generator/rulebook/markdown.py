"""Rendered Markdown -> reportlab platypus flowables, through markdown-it-py's token stream.

Block tokens become flowables (headings with PDF bookmarks, paragraphs, bullet and numbered lists,
tables, block quotes, rules, code); inline tokens become reportlab's paragraph markup (<b>, <i>,
<font>). Each example fence (every game package's) is handed to a callback
that returns its diagram, so the k-th example fence here is the k-th block
`generator.examples.find_blocks` finds in the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Callable, Sequence

from markdown_it.token import Token
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (CondPageBreak, Flowable, HRFlowable, KeepTogether, ListFlowable,
                                ListItem, Paragraph, Preformatted, Spacer, Table, TableStyle)

from ..examples import example_fence, parse_markdown
from ..pdf import BOLD as SERIF_BOLD, ITALIC as SERIF_ITALIC, MONO, SERIF, bold_safe, escape, register_fonts

INK = colors.HexColor("#231f1a")
ACCENT = colors.HexColor("#7a2e1c")     # headings and rules: a dark madder red
RULE = colors.HexColor("#b9aa92")
SHADE = colors.HexColor("#efe7d8")


@dataclass
class Styles:
    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    quote: ParagraphStyle
    code: ParagraphStyle
    caption: ParagraphStyle
    small: ParagraphStyle
    contents: ParagraphStyle


def make_styles(size: float = 10.5) -> Styles:
    register_fonts()
    lead = size * 1.32
    body = ParagraphStyle("body", fontName=SERIF, fontSize=size, leading=lead, textColor=INK,
                          spaceAfter=size * 0.55, alignment=TA_LEFT, hyphenationLang=None)
    return Styles(
        body=body,
        h1=ParagraphStyle("h1", parent=body, fontName=SERIF_BOLD, fontSize=size * 2.3,
                          leading=size * 2.6, textColor=ACCENT, spaceBefore=0, spaceAfter=size * 0.5,
                          alignment=TA_CENTER),
        h2=ParagraphStyle("h2", parent=body, fontName=SERIF_BOLD, fontSize=size * 1.5,
                          leading=size * 1.8, textColor=ACCENT, spaceBefore=size * 1.1,
                          spaceAfter=size * 0.35),
        h3=ParagraphStyle("h3", parent=body, fontName=SERIF_BOLD, fontSize=size * 1.12,
                          leading=size * 1.4, spaceBefore=size * 0.7, spaceAfter=size * 0.25),
        cell=ParagraphStyle("cell", parent=body, fontSize=size * 0.92, leading=size * 1.15,
                            spaceAfter=0),
        head_cell=ParagraphStyle("head_cell", parent=body, fontName=SERIF_BOLD,
                                 fontSize=size * 0.92, leading=size * 1.15, spaceAfter=0),
        quote=ParagraphStyle("quote", parent=body, fontName=SERIF_ITALIC, leftIndent=size * 1.6,
                             rightIndent=size * 1.6, textColor=colors.HexColor("#4a4036")),
        code=ParagraphStyle("code", parent=body, fontName=MONO, fontSize=size * 0.8,
                            leading=size * 1.0, leftIndent=size),
        caption=ParagraphStyle("caption", parent=body, fontName=SERIF_BOLD, fontSize=size,
                               leading=size * 1.2, spaceAfter=2),
        small=ParagraphStyle("small", parent=body, fontSize=size * 0.85, leading=size * 1.05,
                             spaceAfter=0),
        contents=ParagraphStyle("contents", parent=body, fontSize=size, leading=size * 1.25,
                                spaceAfter=0),
    )


@dataclass
class PageContext:
    """Shared by the flowables of one build: the current page and where each heading landed."""

    page: int = 1
    heading_pages: dict[str, int] = field(default_factory=dict)
    outline_level: int = 0  # added to each heading's level (the kit nests the rulebook)
    page_offset: int = 0    # pages before the rulebook's first (the kit's cover)
    _last_level: int = -1

    def outline(self, canvas, key: str, title: str, level: int) -> None:
        level = min(level + self.outline_level, self._last_level + 1)
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(title, key, level=max(level, 0), closed=level > 0)
        self._last_level = level
        self.heading_pages[key] = self.page


class CachedParagraph(Paragraph):
    """A paragraph that breaks its lines once per width: platypus measures one several times (in
    a kept-together group, then in the frame; a table's cells and a list's items again to draw)."""

    _wrapped: tuple[float, tuple[float, float]] | None = None  # (width, size) of the last wrap

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # a split that finds no room drops the broken lines (`blPara`): break them again
        if self._wrapped is None or self._wrapped[0] != available_width or not hasattr(self, "blPara"):
            self._wrapped = available_width, super().wrap(available_width, available_height)
        return self._wrapped[1]


class Heading(CachedParagraph):
    """A heading: a PDF bookmark and outline entry where it is drawn, and its page recorded. One
    taller than the space left goes on over the next page (its first part carries the bookmark;
    the rest, made by `Paragraph.split` with no `key`, none)."""

    def __init__(self, text: str | None, style: ParagraphStyle, level: int = 0, key: str = "",
                 plain: str = "", context: PageContext | None = None, **split_args):
        super().__init__(text, style, **split_args)
        self.level, self.key, self.plain, self.context = level, key, plain, context

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts = super().split(available_width, available_height)
        if len(parts) == 2:
            parts[0].level, parts[0].key, parts[0].plain, parts[0].context = \
                self.level, self.key, self.plain, self.context
        return parts

    def draw(self) -> None:
        if self.key:
            self.context.outline(self.canv, self.key, self.plain, self.level)
        super().draw()


class SectionStart(CondPageBreak):
    """Before a `##` heading: a new page when less than `height` is left on this one, or less than
    the whole section (`section`, its flowables, filled in once the section is read) when that is
    shorter. So a heading never sits at the foot of a page with a line or two under it, and a
    short last section is not pushed alone onto a page of its own when the page before has room."""

    def __init__(self, height: float):
        super().__init__(height)
        self.section: list[Flowable] = []

    def _section_height(self, width: float) -> float:
        total = 0.0
        for flowable in self.section:
            for part in flowable._content if isinstance(flowable, KeepTogether) else [flowable]:
                total += part.wrapOn(self.canv, width, 1e9)[1] + part.getSpaceBefore() + part.getSpaceAfter()
            if total >= self.height:
                break
        return total

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        limit = self.height
        self.height = min(limit, self._section_height(available_width))
        try:
            return super().wrap(available_width, available_height)
        finally:
            self.height = limit


NEW_PAGE = re.compile(r"<!--\s*new page\s*-->\s*$")  # a page break in rules.md: `<!-- new page -->`


class NewPage(CondPageBreak):
    """`<!-- new page -->` in the Markdown: what follows starts a page (a section to cut out, such
    as a quick reference); on a page still empty, nothing happens: no blank page."""

    def __init__(self):
        super().__init__(float("inf"))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        frame = self._doctemplateAttr("frame")
        if frame is not None and not getattr(frame, "_atTop", False):
            from reportlab.platypus.doctemplate import FrameBreak
            frame.add_generated_content(FrameBreak)
        return 0, 0


class Contents(Flowable):
    """A short contents list: the second-level headings and their pages (known after a first
    layout pass; the list has the same size in both passes, so the layout does not shift).

    A long list goes on over several pages. Each row's height is measured once, for the whole
    list (`heights`, shared with the parts a split makes), and a part builds its table only to be
    drawn or when it fits: laying out n entries costs O(n), not a table of the rest per page."""

    def __init__(self, entries: Sequence[tuple[str, str]], context: PageContext, styles: Styles,
                 heights: tuple[float, list[float]] | None = None):
        super().__init__()
        self.entries, self.context, self.styles = list(entries), context, styles
        self._heights = heights  # (width, each row's height) once measured
        self._table: Table | None = None

    def _make(self, width: float) -> Table:
        rows = []
        for key, title in self.entries:
            page = self.context.heading_pages.get(key)
            number = str(page + self.context.page_offset) if page else ""
            rows.append([Paragraph(escape(title), self.styles.contents),
                         Paragraph(number, ParagraphStyle("n", parent=self.styles.contents, alignment=2))])
        return _styled(Table(rows, colWidths=[width - 40, 40], hAlign="LEFT"), [
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ])

    def _row_heights(self, width: float) -> list[float]:
        if self._heights is None or self._heights[0] != width:
            table = self._make(width)
            table.wrap(width, float("inf"))  # every row measured
            self._heights = width, list(table._rowHeights)
        return self._heights[1]

    def _fit(self, available_height: float) -> int:
        """How many rows, from the first, fit in `available_height`."""
        return next((n for n, bottom in enumerate(accumulate(self._row_heights(self.width)))
                     if bottom > available_height), len(self.entries))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = min(available_width, 300)
        if self._fit(available_height) < len(self.entries):  # too tall here: split, or the next page
            self.height = sum(self._row_heights(self.width))
        else:
            self._table = self._make(self.width)
            self.height = self._table.wrap(self.width, available_height)[1]
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """The rows that fit here, then the rest."""
        self.width = min(available_width, 300)
        fit = self._fit(available_height)
        if fit == 0 or fit == len(self.entries):
            return []
        width, heights = self.width, self._row_heights(self.width)
        return [Contents(self.entries[:fit], self.context, self.styles, (width, heights[:fit])),
                Contents(self.entries[fit:], self.context, self.styles, (width, heights[fit:]))]

    def draw(self) -> None:
        self._table = self._make(self.width)  # pages may have become known since wrap
        self._table.wrap(self.width, self.height)
        self._table.drawOn(self.canv, 0, 0)


def inline_markup(token: Token | None, bold: bool = False) -> str:
    """An inline token's children as reportlab paragraph markup. Text in bold (`bold` for the
    whole paragraph, or **strong**) goes through `bold_safe` (the bold face is ASCII only)."""
    if token is None or not token.children:
        text = escape(token.content) if token else ""
        return bold_safe(text) if bold else text
    out = []
    depth = 1 if bold else 0
    for child in token.children:
        t = child.type
        if t == "text" or t == "html_inline":
            out.append(bold_safe(escape(child.content)) if depth else escape(child.content))
        elif t == "strong_open":
            depth += 1
            out.append("<b>")
        elif t == "strong_close":
            depth -= 1
            out.append("</b>")
        elif t == "em_open":
            out.append("<i>")
        elif t == "em_close":
            out.append("</i>")
        elif t == "s_open":
            out.append("<strike>")
        elif t == "s_close":
            out.append("</strike>")
        elif t == "code_inline":
            out.append(f'<font face="{MONO}" size="-1">{escape(child.content)}</font>')
        elif t == "softbreak":
            out.append(" ")
        elif t == "hardbreak":
            out.append("<br/>")
        elif t == "link_open":
            out.append(f'<a href="{escape(child.attrGet("href") or "")}" color="#7a2e1c">')
        elif t == "link_close":
            out.append("</a>")
        elif t == "image":
            out.append(escape(child.content))
    return "".join(out)


def plain_text(token: Token | None) -> str:
    if token is None:
        return ""
    if not token.children:
        return token.content
    return "".join(c.content for c in token.children if c.type in ("text", "code_inline", "softbreak"))


class _Keys:
    """Unique bookmark keys from titles: "setup", "setup-2", "setup-3"... Each title's next number
    is kept, so that n equal titles cost n steps, not n * n."""

    def __init__(self):
        self.used: set[str] = set()
        self.next: dict[str, int] = {}  # a title's base key -> the number to try next (1: none)

    def __call__(self, text: str) -> str:
        base = "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-") or "section"
        n = self.next.get(base, 1)
        while (key := base if n == 1 else f"{base}-{n}") in self.used:
            n += 1
        self.used.add(key)
        self.next[base] = n + 1
        return key


BLOCKS = {"heading_open": "heading", "paragraph_open": "paragraph", "bullet_list_open": "list",
          "ordered_list_open": "list", "table_open": "table", "blockquote_open": "quote",
          "fence": "code block", "code_block": "code block", "hr": "rule"}


@dataclass(frozen=True)
class Source:
    """Where a flowable comes from: the line of its Markdown block, and what the block is (a
    value of BLOCKS). The parts a split makes carry none: they are the last source's."""

    line: int
    block: str

    def too_large(self) -> str:
        """What to do when no page can hold the block."""
        if self.block == "table":
            return "a table cell is taller than a page; split the cell's text"
        if self.block == "quote":
            return "a quote is taller than a page; split it into shorter quotes"
        return f"this {self.block} is too large for a page; shorten it"


@dataclass
class Document:
    """The flowables of the rulebook, its headings (level, key, text) and contents entries."""

    flowables: list[Flowable]
    headings: list[tuple[int, str, str]]


FenceHandler = Callable[[int, Token], list[Flowable]]
FacesHandler = Callable[[list[str], int], Flowable]   # the kit's faces by name, and the Markdown line
FACE = "face:"   # `![Hero](face:hero-front)`: the kit's own art for a face, in a table cell
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")  # an image in Markdown: shown, not read


def face_names(inline: Token) -> list[str] | None:
    """The faces of an inline token made only of `face:` images (and spaces), else None."""
    names = []
    for child in inline.children or []:
        if child.type == "image" and (child.attrGet("src") or "").startswith(FACE):
            names.append(child.attrGet("src")[len(FACE):])
        elif not (child.type in ("softbreak", "text") and not child.content.strip()):
            return None
    return names or None


def prose_words(text: str, tokens: list[Token] | None = None) -> int:
    """Words a reader reads in rendered Markdown (`tokens`: its tokens, when already parsed):
    headings, paragraphs, lists and tables, not the code blocks (a diagram's source is drawn, not
    read).

    >>> prose_words("# Title\\n\\nTwo *words*.\\n\\n```diagram\\n8 . . .\\n```\\n")
    3
    """
    tokens = parse_markdown(text) if tokens is None else tokens
    return sum(len(IMAGE.sub("", token.content).split()) for token in tokens if token.type == "inline")


def _keep_with_lead_in(sink: list, flowable: Flowable) -> None:
    """Append `flowable` (a list) to `sink` kept together with the heading or lead-in before it:
    reportlab's keep-with-next groups no list, so the group is made here (on the page's level
    only: a kept-together group measures as endless inside another)."""
    start = len(sink)
    while start and getattr(sink[start - 1], "keepWithNext", False) and not isinstance(sink[start - 1], CondPageBreak):
        start -= 1
    if start == len(sink):
        sink.append(flowable)
        return
    group = KeepTogether(sink[start:] + [flowable])
    del sink[start:]
    sink.append(group)


def markdown_flowables(tokens: list[Token], styles: Styles, context: PageContext, on_example: FenceHandler,
                       contents_level: int = 2, on_faces: FacesHandler | None = None) -> Document:
    """Turn rendered Markdown, parsed with inline tokens (`parse_markdown(text, inline=True)`),
    into flowables. `on_example(k, token)` draws the k-th example block, `on_faces(names, line)`
    a table cell of `face:` images (the kit's art). A contents list of the
    level-`contents_level` headings follows the first level-1 heading."""
    key_for = _Keys()
    headings = [(int(tokens[i].tag[1]), tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"]
    contents_entries = []
    keys = []
    for level, inline in headings:
        key = key_for(plain_text(inline))
        keys.append(key)
        if level == contents_level:
            contents_entries.append((key, plain_text(inline)))
    heading_keys = iter(keys)
    examples = 0
    out: list[Flowable] = []
    all_headings: list[tuple[int, str, str]] = []
    contents_done = False

    def block(i: int, stop_type: str | None, sink: list, list_depth: int = 0) -> int:
        nonlocal examples, contents_done
        while i < len(tokens):
            tok = tokens[i]
            t = tok.type
            if stop_type and t == stop_type:
                return i + 1
            made = len(sink)
            if t == "heading_open":
                level = int(tok.tag[1])
                inline = tokens[i + 1]
                key = next(heading_keys)
                style = {1: styles.h1, 2: styles.h2}.get(level, styles.h3)
                heading = Heading(inline_markup(inline, bold=True), style, level, key, plain_text(inline), context)
                all_headings.append((level, key, plain_text(inline)))
                if level == 2:
                    sink.append(SectionStart(styles.body.leading * 8))
                heading.keepWithNext = level > 1  # the doc template keeps it with what follows
                sink.append(heading)
                if level == 2:
                    rule = HRFlowable(width="100%", thickness=0.6, color=RULE, spaceBefore=0,
                                      spaceAfter=styles.body.fontSize * 0.5)
                    rule.keepWithNext = True
                    sink.append(rule)
                if level == 1 and not contents_done and contents_entries:
                    contents_done = True
                    sink.append(Spacer(1, 4))
                    sink.append(CachedParagraph("Contents", styles.h3))
                    sink.append(Contents(contents_entries, context, styles))
                    sink.append(Spacer(1, styles.body.fontSize))
                i += 3
            elif t == "paragraph_open":
                inline = tokens[i + 1]
                style = styles.body
                para = CachedParagraph(inline_markup(inline), style)
                para.keepWithNext = para.lead_in = inline.content.rstrip().endswith(":")  # "like this:" + what follows
                sink.append(para)
                i += 3
            elif t in ("bullet_list_open", "ordered_list_open"):
                items: list = []
                ordered = t == "ordered_list_open"
                start = int(tok.attrGet("start") or 1) if ordered else 1
                i += 1
                while tokens[i].type == "list_item_open":
                    inner: list = []
                    i = block(i + 1, "list_item_close", inner, list_depth + 1)
                    inner = inner or [Spacer(1, styles.body.fontSize)]  # an empty item: its bullet, a line
                    items.append(ListItem(inner if len(inner) != 1 else inner[0],
                                          spaceAfter=styles.body.fontSize * 0.25))
                i += 1  # the list's close
                size = styles.body.fontSize
                (_keep_with_lead_in if sink is out else list.append)(sink, ListFlowable(
                    items, bulletType="1" if ordered else "bullet", start=start if ordered else "•",
                    bulletFontName=SERIF_BOLD if ordered else SERIF, bulletFontSize=size * (0.95 if ordered else 0.9),
                    leftIndent=size * 1.5, bulletDedent=size * 1.1, bulletColor=ACCENT,
                    spaceAfter=size * 0.4 if not list_depth else 0, bulletFormat="%s." if ordered else None))
            elif t == "table_open":
                i = _table(i, tokens, styles, sink, on_faces)
            elif t == "blockquote_open":
                inner = []
                i = block(i + 1, "blockquote_close", inner, list_depth)
                quote = _styled(Table([[inner]], colWidths=["100%"]), [
                    ("LINEBEFORE", (0, 0), (0, -1), 2, ACCENT), ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("LEFTPADDING", (0, 0), (-1, -1), 9), ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                    ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
                sink.append(quote)
                sink.append(Spacer(1, styles.body.spaceAfter))
            elif example_fence(tok):
                last = sink[-1] if sink else None
                if isinstance(last, Paragraph) and not isinstance(last, Heading):
                    last.keepWithNext = last.lead_in = True  # the paragraph that leads into a diagram stays with it
                sink.extend(on_example(examples, tok))
                examples += 1
                i += 1
            elif t in ("fence", "code_block"):
                sink.append(Preformatted(tok.content.rstrip("\n"), styles.code))
                sink.append(Spacer(1, styles.body.spaceAfter))
                i += 1
            elif t == "hr":
                sink.append(HRFlowable(width="60%", thickness=0.6, color=RULE, spaceBefore=4,
                                       spaceAfter=8, hAlign="CENTER"))
                i += 1
            elif t == "html_block":
                if NEW_PAGE.match(tok.content.strip()):
                    sink.append(NewPage())
                i += 1  # other raw HTML has no place on paper
            else:
                i += 1
            if tok.map:  # what this block made names its line, for a block too large for a page
                source = Source(tok.map[0] + 1, "example diagram" if example_fence(tok) else BLOCKS.get(t, "block"))
                for flowable in sink[made:]:
                    flowable.source = source
        return i

    block(0, None, out)
    section = None
    for flowable in out:  # each section's start knows its section, to judge whether it fits
        if isinstance(flowable, SectionStart):
            section = flowable
        elif isinstance(flowable, NewPage):
            section = None
        elif section is not None:
            section.section.append(flowable)
    return Document(out, all_headings)


TABLE_WIDTH = 482.0  # the text frame's width on A4 (build.MARGINS); Letter is wider


def _styled(table: Table, commands: list) -> Table:
    """`table` with `commands`, its cells' own font set to the bundled serif: reportlab's default
    cell font (Helvetica, a standard font that is never embedded) would otherwise be named."""
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), SERIF), *commands]))
    return table


def _column_widths(rows: list[list], styles: Styles, width: float = TABLE_WIDTH) -> list[float]:
    """Columns as wide as their longest cell wants, shrunk where the table would overflow: a
    column that fits in its fair share keeps its width, the rest share what is left."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    pad = 10.0
    n = max(len(r) for r in rows)
    natural = [0.0] * n
    for row in rows:
        for j, cell in enumerate(row):
            if not isinstance(cell, Paragraph):  # a drawing: its own width
                natural[j] = max(natural[j], cell.wrap(width, 1e9)[0] + pad)
                continue
            text = " ".join(frag.text for frag in getattr(cell, "frags", []) if hasattr(frag, "text"))
            natural[j] = max(natural[j], stringWidth(text, SERIF, cell.style.fontSize) * 1.04 + pad)
    if sum(natural) <= width:
        return natural
    widths = [0.0] * n
    left, open_cols = width, list(range(n))
    while open_cols:
        share = left / len(open_cols)
        fits = [j for j in open_cols if natural[j] <= share]
        if not fits:
            for j in open_cols:
                widths[j] = share
            break
        for j in fits:
            widths[j] = natural[j]
            left -= natural[j]
            open_cols.remove(j)
    return widths


def _table(i: int, tokens: list[Token], styles: Styles, sink: list, on_faces: FacesHandler | None = None) -> int:
    rows: list[list] = []
    header_rows = 0
    aligns: list[str] = []
    in_head = False
    row: list = []
    while tokens[i].type != "table_close":
        t = tokens[i].type
        if t == "thead_open":
            in_head = True
        elif t == "thead_close":
            in_head = False
        elif t == "tr_open":
            row = []
        elif t == "tr_close":
            rows.append(row)
            header_rows += in_head
        elif t in ("th_open", "td_open"):
            style = styles.head_cell if t == "th_open" else styles.cell
            align = (tokens[i].attrGet("style") or "").replace("text-align:", "").strip()
            if len(rows) == 0:
                aligns.append(align)
            if align in ("center", "right"):
                style = ParagraphStyle(style.name + align, parent=style,
                                       alignment=TA_CENTER if align == "center" else 2)
            names = face_names(tokens[i + 1]) if on_faces is not None else None
            row.append(on_faces(names, tokens[i + 1].map[0] + 1 if tokens[i + 1].map else 0) if names else
                       CachedParagraph(inline_markup(tokens[i + 1], bold=t == "th_open"), style))
        i += 1
    table = Table(rows, colWidths=_column_widths(rows, styles), repeatRows=header_rows, hAlign="LEFT")
    commands = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
    ]
    if header_rows:
        commands += [("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
                     ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, ACCENT)]
    sink.append(_styled(table, commands))
    sink.append(Spacer(1, styles.body.spaceAfter))
    return i + 1
