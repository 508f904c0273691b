"""What a print shop checks, read back from the PDFs: embedded fonts, page boxes, bleed, cut marks,
sizes printed on the cover, overlaps, the mini board's pieces."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdffonts import font_report
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def full_build(tmp_path_factory):
    """`pnp build` of the repository's game: the kit (with the rulebook) and the examples booklet."""
    out = tmp_path_factory.mktemp("full")
    result = CliRunner().invoke(app, ["build", "--game", str(ROOT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_every_font_of_the_kit_and_the_examples_booklet_is_embedded(full_build):
    for name in ("siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"):
        fonts = font_report(full_build / name)
        assert fonts, name
        assert all(fonts.values()), f"{name}: not embedded: {[f for f, ok in fonts.items() if not ok]}"
        assert any("DejaVuSansMono" in f for f in fonts), name    # the move notation's font
