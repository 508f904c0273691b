"""Which fonts a PDF names without embedding them (pypdf, every page and every form XObject)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


def _embedded(font) -> bool:
    if "/DescendantFonts" in font:      # a composite (Type 0) font: its descendant carries the file
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor.get_object() for key in EMBEDDED)


def _dict(value) -> dict:
    return value.get_object() if value is not None else {}


def font_report(path: Path | str) -> dict[str, bool]:
    """Every font resource of the document: base font name -> embedded."""
    fonts: dict[str, bool] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in _dict(resources.get("/Font")).values():
            font = font.get_object()
            fonts[str(font.get("/BaseFont"))] = fonts.get(str(font.get("/BaseFont")), True) and _embedded(font)
        for xobject in _dict(resources.get("/XObject")).values():
            key = getattr(xobject, "idnum", id(xobject))
            if key not in seen:
                seen.add(key)
                walk(xobject.get_object().get("/Resources"))

    for page in PdfReader(str(path)).pages:
        walk(page.get("/Resources"))
    return fonts
