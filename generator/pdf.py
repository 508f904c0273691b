"""The one PDF layer every output shares (kit, rulebook, lab report): the bundled fonts, form
XObjects drawn once and reused, word wrap, atomic writes and PNG rasterising.

Every file is written to a hidden temporary file beside its target, and a run's files are moved
into place together once the whole run has succeeded (`OutputSet`): a failed or interrupted run
leaves the last good files where they were.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONTS = {
    "Garamond": "EBGaramond12-Regular.ttf",
    "Garamond-Bold": "EBGaramond12-Bold.ttf",      # ASCII only: for titles
    "Garamond-Italic": "EBGaramond12-Italic.ttf",
    "DejaVuSansMono": "DejaVuSansMono.ttf",        # Bitstream Vera licence, LICENSE-DejaVu.txt
    "DejaVuSerif-Bold": "DejaVuSerif-Bold.ttf",    # figures on tokens and tracks: lining, heavy
}
SERIF, BOLD, ITALIC = "Garamond", "Garamond-Bold", "Garamond-Italic"
FIGURES = "DejaVuSerif-Bold"  # values on tokens, numbers on tracks (EB Garamond Bold's figures are old-style)
GLYPHS = "Garamond-Glyphs"  # the regular face under a name with no bold or italic mapping
MONO = "DejaVuSansMono"     # move notation in running text
# For the characters the bundled Garamond lacks (a title in Greek, Cyrillic or with rarer Latin
# letters): DejaVu Serif, registered only when a text needs it (it is larger to load).
FALLBACK, FALLBACK_FILE = "DejaVuSerif", "DejaVuSerif.ttf"

_registered = False


def escape(text: str) -> str:
    """`text` safe inside paragraph markup: &, < and > as entities (what xml.sax.saxutils.escape
    does, without its import of urllib and http)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def hx(code: str) -> Color:
    return HexColor(code)


INK, PAPER = hx("#231f1c"), hx("#ffffff")


def register_fonts() -> None:
    """Register the bundled fonts: EB Garamond (SIL Open Font License, generator/fonts/OFL.txt)
    with its bold/italic mapping for paragraph markup, and DejaVu Sans Mono; `GLYPHS` (the regular
    face, for characters the bold face lacks) is registered when a text first needs it. All are
    embedded (as subsets) in every PDF that uses them."""
    global _registered
    if _registered:
        return
    for name, file in FONTS.items():
        path = FONT_DIR / file
        if not path.exists():
            raise FileNotFoundError(f"missing font {str(path)!r}: the package bundles its fonts")
        _register(name, path)
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, BOLD)
    addMapping(SERIF, 0, 1, ITALIC)
    addMapping(SERIF, 1, 1, BOLD)  # no bold italic in the bundle
    _map_alone(MONO)
    _map_alone(FIGURES)
    _registered = True


def _register_on_demand(name: str, file: str) -> None:
    """Register the bundled font `file` as `name` the first time a text needs it (`GLYPHS`,
    `FALLBACK`: most documents never do, and each costs a font file's parse)."""
    if name not in pdfmetrics.getRegisteredFontNames():
        _register(name, FONT_DIR / file)
        _map_alone(name)


def _register(name: str, path: Path) -> None:
    """Register a TrueType font. Its ascent and descent are copied onto the font itself, where
    reportlab's line measure looks first: otherwise each lookup (two per line of text) fails and
    falls back to the face, at the price of an exception."""
    font = TTFont(name, _truetype(path))
    font.ascent, font.descent = font.face.ascent, font.face.descent
    pdfmetrics.registerFont(font)


MAX_FONT_BYTES = 16 * 2 ** 20   # a font file of a game folder


def _truetype(path: Path):
    """The font file `path` with TrueType outlines, which is what reportlab embeds: a file that has
    them as it is (its path); an OpenType file with PostScript (CFF) outlines converted in memory,
    each cubic curve approximated by quadratic ones within a thousandth of the em (fontTools'
    cu2qu), the metrics and character map kept."""
    with open(path, "rb") as file:
        if file.read(4) != b"OTTO":
            return str(path)
    import io

    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile, newTable

    font = FontFile(str(path))
    if "CFF2" in font:
        raise ValueError("variable PostScript outlines (CFF2) cannot be embedded; use a static .otf or a .ttf")
    order, shapes = font.getGlyphOrder(), font.getGlyphSet()
    tolerance = font["head"].unitsPerEm / 1000
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, {}
    for name in order:
        pen = TTGlyphPen(shapes)
        shapes[name].draw(Cu2QuPen(pen, tolerance, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    for table in ("VORG", "post"):
        if table in font:
            del font[table]
    font["loca"], font["glyf"] = newTable("loca"), glyf
    glyf.compile(font)
    metrics = font["hmtx"].metrics
    for name in order:           # the left side bearing is the outline's left edge in TrueType
        metrics[name] = (metrics[name][0], getattr(glyf.glyphs[name], "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion, maxp.maxZones = 0x00010000, 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    post = font["post"] = newTable("post")
    post.formatType, post.italicAngle, post.underlinePosition, post.underlineThickness = 3.0, 0, -100, 50
    post.isFixedPitch = post.minMemType42 = post.maxMemType42 = post.minMemType1 = post.maxMemType1 = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    out.seek(0)
    return out


def register_file_font(path: Path) -> str:
    """A game folder's font file (.ttf or .otf, TrueType or PostScript outlines), registered for
    embedding under a name made from its content; raises ValueError for a file that cannot be
    embedded."""
    import hashlib

    from reportlab.pdfbase.ttfonts import TTFError

    size = path.stat().st_size
    if size > MAX_FONT_BYTES:
        raise ValueError(f"{size / 2 ** 20:.0f} MB: a font file is at most {MAX_FONT_BYTES // 2 ** 20} MB")
    name = "Folder-" + hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            _register(name, path)
        except TTFError as exc:
            raise ValueError(f"cannot embed this font ({exc})") from None
        except ValueError:
            raise
        except Exception as exc:  # a broken file: reportlab raises anything
            raise ValueError(f"not a font file ({exc})") from None
        _map_alone(name)
    return name


def _map_alone(name: str) -> None:
    """Paragraph markup's bold and italic of `name` are `name` itself."""
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(name, bold, italic, name)


def new_canvas(target, pagesize):
    """A reportlab canvas for every output: invariant (same input, same bytes), compressed, and
    starting each page in the bundled serif: reportlab's default, Helvetica, would otherwise be
    named on every page unembedded, which print shops and contests reject."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    return Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=SERIF)


def _glyphs(font: str) -> dict | None:
    """The code points `font` has glyphs for; None for a font that is not a bundled TrueType one
    (as an SVG's art may name), which is taken at its word."""
    return getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)


def _has(font: str, ch: str) -> bool:
    """Whether `font` has a glyph for `ch`."""
    table = _glyphs(font)
    return table is None or ord(ch) in table


_missing: dict[str, str] = {}   # a character no font has -> the first text it was left out of


def _face_for(ch: str, font: str, text: str = "") -> str | None:
    """The font that sets `ch`: `font`, else the regular serif, else the fallback; None when no
    bundled font has it (an emoji): such a character is left out rather than printed as a box,
    and `missing_glyphs` reports it."""
    if _has(font, ch) or ch in " \n":
        return font
    if _has(SERIF, ch):
        _register_on_demand(GLYPHS, FONTS[SERIF])
        return GLYPHS
    _register_on_demand(FALLBACK, FALLBACK_FILE)
    if _has(FALLBACK, ch):
        return FALLBACK
    at = text.find(ch)
    _missing.setdefault(ch, text[max(0, at - 40):at + 20].strip())
    return None


def missing_glyphs(clear: bool = True) -> list[str]:
    """Warnings for the characters left out since the last call because no embedded font has them,
    each naming the text it was in."""
    found = [f"no embedded font has {ch!r} (U+{ord(ch):04X}), left out of ...{text!r}..."
             for ch, text in sorted(_missing.items())]
    if clear:
        _missing.clear()
    return found

def runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` as (font, run) pairs, each character in a font that has its glyph.

    >>> register_fonts(); runs("Castle", BOLD), runs("Château", BOLD)
    ([('Garamond-Bold', 'Castle')], [('Garamond-Bold', 'Ch'), ('Garamond-Glyphs', 'â'), ('Garamond-Bold', 'teau')])
    """
    table = _glyphs(font)
    if table is None or all(map(table.__contains__, map(ord, text))):   # the usual case, checked at C speed
        return [(font, text)]
    out: list[tuple[str, str]] = []
    for ch in text:
        face = _face_for(ch, font, text)
        if face is None:
            continue
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + ch)
        else:
            out.append((face, ch))
    return out


def runs_width(pieces: list[tuple[str, str]], size: float, char_space: float = 0.0) -> float:
    """The width of `runs` output set at `size`, letter-spaced by `char_space`."""
    return sum(pdfmetrics.stringWidth(run, face, size) for face, run in pieces) + \
        char_space * max(0, sum(len(run) for _, run in pieces) - 1)


def write_runs(t, pieces: list[tuple[str, str]], size: float, char_space: float = 0.0) -> None:
    """Write `runs` output into the text object `t`, letter-spaced (the spacing does not leak)."""
    if char_space:
        t.setCharSpace(char_space)
    for face, run in pieces:
        t.setFont(face, size)
        t.textOut(run)
    if char_space:
        t.setCharSpace(0)


def draw_string(c, x: float, y: float, text: str, font: str, size: float) -> None:
    """`canvas.drawString` that sets every character in a font that has it (see `runs`)."""
    pieces = runs(text, font)
    if len(pieces) == 1:
        c.setFont(font, size)
        c.drawString(x, y, text)
        return
    t = c.beginText(x, y)
    write_runs(t, pieces, size)
    c.drawText(t)


def bold_safe(text: str, escaped: bool = True, font: str = BOLD) -> str:
    """Paragraph markup for text in `font` (bold by default): characters it lacks are set in the
    regular serif, or the fallback font (see `runs`). `text` is already escaped markup unless
    `escaped` is False."""
    if not escaped:
        text = escape(text)
    if text.isascii() and font in (BOLD, SERIF, ITALIC):
        return text
    return "".join(run if face == font else f'<font face="{face}">{run}</font>' for face, run in runs(text, font))


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap to `width` points: a line takes the next word while the two still fit.

    Each word is measured once and a line's width is the sum of its words' and spaces' (a font's
    advance widths add up); only a line within rounding of `width` is measured whole, so every
    break falls where measuring each trial line would put it."""
    lines, line, line_width = [], "", 0.0
    space = pdfmetrics.stringWidth(" ", font, size)
    for word in text.split():
        word_width = pdfmetrics.stringWidth(word, font, size)
        if not line:
            line, line_width = word, word_width
            continue
        trial = line_width + space + word_width
        if abs(trial - width) < 1e-6:
            trial = pdfmetrics.stringWidth(f"{line} {word}", font, size)
        if trial <= width:
            line, line_width = f"{line} {word}", trial
        else:
            lines.append(line)
            line, line_width = word, word_width
    if line:
        lines.append(line)
    return lines


def paragraph(c, text: str, x: float, y: float, width: float, font=SERIF, size=8.6,
              leading=None, color=INK) -> float:
    """Draw wrapped text with its first baseline at y; return the y under the last line."""
    leading = leading or size * 1.22
    c.setFillColor(color)
    for line in wrap(text, font, size, width):
        draw_string(c, x, y, line, font, size)
        y -= leading
    return y


def pdf_name(text: str) -> str:
    """`text` as a PDF name's characters: letters, digits, '-' and '.'; anything else (a space, a
    bracket, a slash, a letter outside ASCII) becomes '_' (a name reaches the page's content
    stream as it is, where a space would end it)."""
    return re.sub(r"[^A-Za-z0-9.-]", "_", text) or "_"


class Forms:
    """Form XObjects on one canvas, each drawn once on first use and placed by name after that
    (a face on every copy of a piece, a board on every tile)."""

    def __init__(self, canvas):
        self.c = canvas
        self.names: dict = {}
        self.counts: dict[str, int] = {}  # forms made so far, by the first item of their keys

    def get(self, key: tuple, box: tuple[float, float, float, float], draw: Callable) -> str:
        """The form for `key` (its first item names it), drawn by `draw(canvas)` inside `box`
        (x0, y0, x1, y1) the first time."""
        if key not in self.names:
            stem = pdf_name(key[0])
            number = self.counts[stem] = self.counts.get(stem, -1) + 1
            name = f"{stem}_{number}"
            self.c.beginForm(name, *box)
            draw(self.c)
            self.c.endForm(**_form_resources(self.c))
            self.names[key] = name
        return self.names[key]

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        if scale != 1.0:
            c.scale(scale, scale)
        c.doForm(name)
        c.restoreState()


def _form_resources(c) -> dict:
    """reportlab leaves a form's transparency and gradients out of its resources: put them in."""
    if not (c._shadingUsed or c._extgstate.getState()):
        return {}
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if c._formsinuse:
        resources.XObject = c._doc.xobjDict(c._formsinuse)
    resources.ExtGState = c._extgstate.getState()
    resources.setShading(c._shadingUsed)
    resources.setColorSpace(c._colorsUsed)
    return {"Resources": resources}


def _temp_beside(path: Path) -> Path:
    """A new hidden file `.NAME.XXXX.tmp` beside `path` (its folder made if needed), with a normal
    file's permissions rather than mkstemp's private ones."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(temp, 0o666 & ~umask)
    return Path(temp)


@contextmanager
def atomic_path(path: Path | str) -> Iterator[Path]:
    """A temporary path beside `path` to write to; moved onto `path` when the block ends without
    an error, removed when it fails."""
    with OutputSet() as outputs:
        yield outputs.path(path)


class OutputSet:
    """Every output of one run, committed together or not at all.

    `path(final)` is a hidden temporary file beside `final` to write; `adopt(file, final)` takes a
    file already written in the same folder tree; `retire(path)` removes an old output at the
    commit (a PNG page a shorter build no longer has). Used as `with OutputSet() as outputs:`,
    the block that ends without an error renames every file into place; one that raises
    (an error, Ctrl-C, SIGTERM raised by the command line) removes every temporary file and
    leaves every previous output as it was. The renames run with SIGINT and SIGTERM held back,
    and a rename that fails undoes the ones before it."""

    def __init__(self):
        self.pending: dict[Path, Path] = {}   # final path -> the temporary file to move there
        self.retired: set[Path] = set()
        self.made: list[Path] = []            # folders made for the temporary files

    def path(self, final: Path | str) -> Path:
        final = Path(final)
        self._drop(final)
        with _signals_held():  # the file made and recorded at once: no signal between the two
            if not final.parent.is_dir():
                self.made.append(final.parent)
            self.pending[final] = _temp_beside(final)
        return self.pending[final]

    def write(self, final: Path | str, data: bytes) -> Path:
        """Write `data` for `final`; returns the temporary file (to read it back before the commit)."""
        temp = self.path(final)
        temp.write_bytes(data)
        return temp

    def adopt(self, file: Path | str, final: Path | str) -> None:
        final = Path(final)
        self._drop(final)
        self.pending[final] = Path(file)

    def retire(self, path: Path | str) -> None:
        self.retired.add(Path(path))

    def _drop(self, final: Path) -> None:
        old = self.pending.pop(final, None)
        if old is not None:
            _remove(old)

    def discard(self) -> None:
        """Remove every temporary file; no output changes."""
        with _signals_held():
            for temp in self.pending.values():
                _remove(temp)
            for folder in reversed(self.made):
                try:
                    folder.rmdir()
                except OSError:  # not empty, or gone
                    pass
            self._forget()

    def commit(self) -> None:
        """Move every file into place, and remove the retired ones; all or none."""
        with _signals_held():
            undo: list[tuple[Path, Path | None]] = []   # (final, its previous content's backup or None)
            try:
                for final, temp in self.pending.items():
                    final.parent.mkdir(parents=True, exist_ok=True)
                    undo.append((final, _backup(final)))
                    os.replace(temp, final)
                for old in self.retired - self.pending.keys():
                    if old.exists():
                        undo.append((old, _backup(old)))
                        os.unlink(old)
            except BaseException:
                for final, backup in reversed(undo):
                    if backup is not None:
                        os.replace(backup, final)
                        _remove(backup)  # still there if `final` was never replaced (two links: no rename)
                    elif final.exists():
                        os.unlink(final)
                self.discard()
                raise
            for _, backup in undo:
                if backup is not None:
                    _remove(backup)
            self._forget()

    def _forget(self) -> None:
        """Nothing pending any more (after a commit or a discard)."""
        self.pending.clear()
        self.retired.clear()
        self.made.clear()

    def __enter__(self) -> OutputSet:
        return self

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


@contextmanager
def staging_folder(beside: Path | str) -> Iterator[Path]:
    """A hidden temporary folder `.pnp-XXXX.tmp` in `beside` (so its files move into place by a
    rename), removed with everything in it when the block ends, however it ends."""
    path = None
    try:
        with _signals_held():
            path = Path(tempfile.mkdtemp(prefix=".pnp-", suffix=".tmp", dir=beside))
        yield path
    finally:
        if path is not None:
            with _signals_held():
                shutil.rmtree(path, ignore_errors=True)


def _backup(path: Path) -> Path | None:
    """A hidden hard link to `path`'s present content (a copy where links are refused), to put
    back if the commit fails; None when there is no such file."""
    if not path.exists():
        return None
    backup = _temp_beside(path)
    os.unlink(backup)
    try:
        os.link(path, backup)
    except OSError:
        shutil.copy2(path, backup)
    return backup


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered when the block ends): a commit is a few renames,
    not to be cut in the middle."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def ensure_writable(folder: Path | str, name: str | None = None) -> Path:
    """Create `folder` if needed and check that a file can be written there, before long work;
    raises OSError naming `name` (default: the folder)."""
    folder = Path(folder)
    try:
        blocker = next((p for p in (folder, *folder.parents) if p.is_file()), None)
        if blocker is not None:
            raise NotADirectoryError(errno.ENOTDIR, f"{blocker} is a file")
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write there ({exc.strerror or exc})", name or str(folder)) from None
    return folder


def write_atomic(path: Path | str, data: bytes) -> Path:
    """Write `path` so that no reader ever sees half a file."""
    with OutputSet() as outputs:
        outputs.write(path, data)
    return Path(path)


def rasterize(pdf: Path | str, folder: Path | str, dpi: float = 110, stem: str | None = None,
              pages: int | None = None, outputs: OutputSet | None = None) -> list[Path]:
    """Render a PDF's pages (the first `pages`, or all) to `folder/<stem>-NN.png` with pypdfium2;
    with one page and a `stem` ending in .png, to that file. The images are part of `outputs`
    (committed with the rest of a run), else written as a set of their own."""
    import pypdfium2 as pdfium

    if outputs is None:
        with OutputSet() as own:
            return rasterize(pdf, folder, dpi, stem, pages, own)
    folder, pdf = Path(folder), Path(pdf)
    written = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        count = len(document) if pages is None else min(pages, len(document))
        for index in range(count):
            image = document[index].render(scale=dpi / 72).to_pil()
            name = stem if stem and stem.endswith(".png") else f"{stem or pdf.stem}-{index + 1:02d}.png"
            image.save(outputs.path(folder / name), format="PNG", optimize=False)
            written.append(folder / name)
    finally:
        document.close()
    return written


def drawing_png(width: float, height: float, pixels: int, draw: Callable, transparent: bool = False) -> bytes:
    """`draw(canvas)` on a one-page PDF of width x height points, rendered as PNG bytes `pixels`
    wide on its longer side (pypdfium2): any art, however it was drawn, as a picture; on white, or
    with what the art leaves unpainted `transparent` (a mark laid over a square)."""
    import io

    import pypdfium2 as pdfium

    pdf = io.BytesIO()
    c = new_canvas(pdf, (width, height))
    draw(c)
    c.showPage()
    c.save()
    document = pdfium.PdfDocument(pdf.getvalue())
    try:
        image = document[0].render(scale=pixels / max(width, height),
                                   fill_color=(255, 255, 255, 0 if transparent else 255)).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def page_images(folder: Path | str, stem: str) -> list[Path]:
    """The page images `rasterize` wrote for `stem` in `folder` (`<stem>-NN.png`)."""
    pattern = re.compile(re.escape(stem) + r"-\d{2,}\.png")
    folder = Path(folder)
    return sorted(p for p in folder.glob("*.png") if pattern.fullmatch(p.name)) if folder.is_dir() else []
