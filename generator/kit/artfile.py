"""The designer's own art: SVG (kept as vectors) and PNG/JPEG files from a game folder's art/.

`resolve` checks that a path stays inside the game folder (no "..", no absolute path, no
symlink out) and names components.toml:line when it does not; `load` reads the file once: an SVG
through a hardened lxml parser (no DTD, no entities, no network, no external references) into a
reportlab drawing, an image through Pillow. `draw_art` fills a box with it, cropping to cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import GameFileError
from ..paths import ART_SUFFIXES, inside, why_outside

SVG, IMAGES = ART_SUFFIXES[:1], ART_SUFFIXES[1:]
MIN_DPI = 300
MAX_PIXELS = 40_000_000          # an image's width x height: more than a sheet at 600 dpi
MAX_ART_BYTES = 32 * 2 ** 20     # one art file


@dataclass(frozen=True)
class Art:
    """A loaded art file: `drawing` (SVG, a reportlab Drawing) or `image` (a path to a bitmap),
    with its natural width and height (points for SVG, pixels for images)."""

    path: Path
    width: float
    height: float
    drawing: object = None

    @property
    def is_vector(self) -> bool:
        return self.drawing is not None

    def dpi(self, w: float, h: float) -> float:
        """The resolution of a bitmap printed to cover w x h points."""
        scale = max(w / self.width, h / self.height)
        return 72.0 / scale


def resolve(game, section: str, key: str, value: object,
            suffixes: tuple[str, ...] | None = SVG + IMAGES) -> Path:
    """The file `value` names, inside the game folder (generator/paths.py), ending in one of
    `suffixes` (None: any); raises GameFileError at `[section] key`."""
    if not isinstance(value, str) or not value.strip():
        raise game.error(section, key, f"[{section}] {key}: expected a file path such as \"art/lion.svg\"")
    path = inside(game.root, value)
    if path is None:
        raise game.error(section, key, f"[{section}] {key}: {why_outside(game.root, value)}")
    if suffixes is not None and path.suffix.lower() not in suffixes:
        raise game.error(section, key, f"[{section}] {key}: {value!r} is not a {' or '.join(suffixes)} file")
    if not path.is_file():
        raise game.error(section, key, f"[{section}] {key}: no such file {value!r} in the game folder")
    return path


def load(path: Path) -> Art:
    """The art of `path` (cached); raises GameFileError naming the file and the problem."""
    return _load(Path(path), Path(path).stat().st_mtime_ns)


@lru_cache(maxsize=256)
def _load(path: Path, _stamp: int) -> Art:
    size = path.stat().st_size
    if size > MAX_ART_BYTES:
        raise GameFileError(path, None, f"{size / 2 ** 20:.0f} MB: an art file is at most "
                                        f"{MAX_ART_BYTES // 2 ** 20} MB")
    if path.suffix.lower() in SVG:
        drawing = _svg(path)
        return Art(path, float(drawing.width), float(drawing.height), drawing)
    from PIL import Image, UnidentifiedImageError
    too_large = f"an image is at most {MAX_PIXELS // 10 ** 6} million pixels (a whole A4 sheet at 600 dpi is 35 million)"
    try:
        with Image.open(path) as image:
            width, height = image.size
            if width * height <= MAX_PIXELS:
                image.verify()
        if width * height > MAX_PIXELS:
            raise GameFileError(path, None, f"{width} x {height} pixels: {too_large}")
        with Image.open(path) as image:
            image.load()
    except Image.DecompressionBombError:
        raise GameFileError(path, None, f"more pixels than Pillow will open: {too_large}") from None
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise GameFileError(path, None, f"broken image: {exc}") from None
    return Art(path, float(width), float(height))


def _svg(path: Path):
    """Parse an SVG safely: no DOCTYPE or ENTITY, no network, references only inside the file."""
    from lxml import etree
    from svglib.svglib import SvgRenderer

    data = path.read_bytes()
    head = data[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in data.lower():
        raise GameFileError(path, None, "SVG with a DOCTYPE or ENTITY declaration: refused (it could "
                                        "load other files); remove the declaration")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise GameFileError(path, exc.position[0] if exc.position else None,
                            f"broken SVG: {exc.msg}") from None
    if not isinstance(root.tag, str) or root.tag.rsplit("}", 1)[-1] != "svg":
        raise GameFileError(path, None, "broken SVG: the root element is not <svg>")
    for node in root.iter():
        for name, value in node.attrib.items():
            if name.rsplit("}", 1)[-1] == "href" and not value.startswith(("#", "data:image/")):
                raise GameFileError(path, node.sourceline, f"SVG reference to {value[:60]!r} refused: "
                                                           f"an SVG may only refer to its own parts (#id) or embed data:image/")
    try:
        drawing = SvgRenderer(str(path), external_reference_root=str(path.parent)).render(root)
    except Exception as exc:  # svglib raises anything on odd input
        raise GameFileError(path, None, f"broken SVG: {exc}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise GameFileError(path, None, "broken SVG: no width and height (give width, height or a viewBox)")
    _embedded_fonts(drawing)
    return drawing


def _embedded_fonts(drawing) -> None:
    """Every text of the drawing in a bundled (embedded) font: svglib maps an SVG's font families to
    the PDF standard fonts (Helvetica, Times...), which are not embedded, and the drawing starts in
    Helvetica. Bold and italic families keep their weight."""
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import standardFonts

    from ..pdf import BOLD, ITALIC, SERIF, register_fonts

    register_fonts()
    drawing.initialFontName = SERIF
    nodes = [drawing]
    while nodes:
        node = nodes.pop()
        if isinstance(node, String) and node.fontName in standardFonts:
            name = node.fontName.lower()
            node.fontName = BOLD if "bold" in name else ITALIC if "italic" in name or "oblique" in name else SERIF
        nodes.extend(getattr(node, "contents", ()))


def draw_art(c, art: Art, x: float, y: float, w: float, h: float, *, contain: bool = False) -> None:
    """Fill the box (x, y, w, h) with `art`, cropped to cover it (or whole inside it: `contain`),
    centred; the caller clips."""
    pick = min if contain else max
    scale = pick(w / art.width, h / art.height)
    dw, dh = art.width * scale, art.height * scale
    x0, y0 = x + (w - dw) / 2, y + (h - dh) / 2
    if art.is_vector:
        from reportlab.graphics import renderPDF
        c.saveState()
        c.translate(x0, y0)
        c.scale(scale, scale)
        renderPDF.draw(art.drawing, c, 0, 0)
        c.restoreState()
    else:
        c.drawImage(str(art.path), x0, y0, dw, dh, mask="auto")


def low_resolution(art: Art, w: float, h: float) -> str | None:
    """A warning when a bitmap prints below 300 dpi at w x h points."""
    if art.is_vector:
        return None
    dpi = art.dpi(w, h)
    if dpi < MIN_DPI:
        return (f"{art.path.name}: {art.width:.0f} x {art.height:.0f} px prints at {dpi:.0f} dpi "
                f"({w / 72 * 25.4:.0f} x {h / 72 * 25.4:.0f} mm); {MIN_DPI} dpi needs "
                f"{w / 72 * MIN_DPI:.0f} x {h / 72 * MIN_DPI:.0f} px")
    return None
