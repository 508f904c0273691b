"""Safe to open anybody's game folder: one regression test per bad folder. Each asserts what a
user sees: the exit code of generator/cli.py, exactly one `Error:` line, `FILE:LINE` where a text
file is at fault, the gist of the message, never "internal error" nor a traceback; and what must
not happen (a template that runs a shell command, a file from outside the folder in the output)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from folders import copy_game
from generator.cli import app

ROOT = Path(__file__).resolve().parent.parent
TAFL = ROOT / "games" / "tafl"
HOARD = ROOT / "games" / "hoard"
RUNNER = CliRunner()

RCE = "{{{{ cycler.__init__.__globals__.os.system('touch {marker}') }}}}"


# --------------------------------------------------------------------- helpers
def line_of(path: Path, needle: str) -> int:
    """The 1-based line of `path` that holds `needle`."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def invoke(*args) -> tuple[int, str]:
    """`pnp ARGS` in this process: (exit code, what it printed). An exception that escaped the
    command line's error handling fails the test, as a traceback would."""
    result = RUNNER.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        raise AssertionError("escaped exception:\n" + "".join(traceback.format_exception(*result.exc_info)))
    return result.exit_code, result.output


def build(folder: Path, *more) -> tuple[int, str]:
    return invoke("build", "--game", folder, "--out", folder / "out", *more)


def one_error(code: int, output: str, expected_code: int = 2) -> str:
    """The one `Error:` line of `output`, after checking the exit code and the contract."""
    assert "internal error" not in output and "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, output
    assert code == expected_code, output
    return errors[0]


def located(error: str, name: str, line: int | None = None) -> None:
    """`error` names the file `name` with a line number (that line, when given)."""
    match = re.search(re.escape(name) + r":(\d+): ", error)
    assert match, f"expected {name}:LINE in {error!r}"
    if line is not None:
        assert int(match.group(1)) == line, f"expected {name}:{line} in {error!r}"


def passwd_leaked(output: str, folder: Path) -> bool:
    """Whether anything of /etc/passwd reached what pnp printed or wrote."""
    if "root:" in output:
        return True
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink() and b"root:x:" in path.read_bytes():
            return True
    return False


def refused_by_sandbox(game: Path, marker: Path, name: str, line: int) -> str:
    """Builds `game`, whose template `name` tries to create `marker`: one error at `name:line`,
    from the sandbox, and no marker; returns the error."""
    code, output = build(game)
    error = one_error(code, output)
    located(error, name, line)
    assert "sandbox" in error
    assert not marker.exists()
    return error


# --------------------------------------------------------------------- templates run nothing
def test_rules_md_cannot_run_a_shell_command(tmp_path):
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\nSome text.\n" + RCE.format(marker=marker) + "\n"})
    refused_by_sandbox(game, marker, "rules.md", 4)


@pytest.mark.parametrize("payload", [
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ self._TemplateReference__context }}",
    "{{ range.__init__.__globals__ }}",
    "{{ joiner.__init__.__globals__['os'].popen('id').read() }}",
    "{{ namespace.__init__.__globals__.__builtins__.open('/etc/passwd').read() }}",
    "{{ lipsum.__globals__.os.system('id') }}",
    "{{ ''.format.__self__ }}",
    "{% set x = [] %}{{ x.append(1) }}",
])
def test_other_escapes_from_rules_md_are_refused(tmp_path, payload):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n" + payload + "\n"})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "rules.md", 3)
    assert "template error" in error
    assert "root:" not in output


def test_examples_md_cannot_run_a_shell_command(tmp_path):
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", names=("components.toml",),
                     files={"examples.md": "# Examples\n\nText.\n\n" + RCE.format(marker=marker) + "\n"})
    refused_by_sandbox(game, marker, "examples.md", 5)


def test_card_text_cannot_run_a_shell_command(tmp_path):
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", HOARD, edit=[("Most gold wins.", RCE.format(marker=marker))])
    error = refused_by_sandbox(game, marker, "components.toml", line_of(game / "components.toml", "cycler.__init__"))
    assert "[cards.reminder] text" in error


def test_screen_template_cannot_run_a_shell_command(tmp_path):
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", HOARD)
    screen = game / "templates" / "screen.md.j2"
    screen.write_text(screen.read_text() + "\n" + RCE.format(marker=marker) + "\n")
    refused_by_sandbox(game, marker, "screen.md.j2", len(screen.read_text().splitlines()))


def test_player_aid_template_cannot_run_a_shell_command(tmp_path):
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", files={"templates/player-aid.md.j2": "## Aid\n\n- " + RCE.format(marker=marker) + "\n"})
    refused_by_sandbox(game, marker, "player-aid.md.j2", 3)


# --------------------------------------------------------------------- templates that fail are located
@pytest.mark.parametrize("line, gist", [
    ("{{ 'x' * 10**8 }}", "at most"),
    ("{{ 'x' * 3000000 }}", "at most"),
    ("{{ 1/0 }}", "ZeroDivisionError"),
    ("{{ undefined_name }}", "'undefined_name' is undefined"),
    ("{{ 10 ** 100000 }}", "too large"),
    ("{{ (10 ** 1000) ** 1000 }}", "too large"),
    ("{{ '%99999d' % 1 }}", "9999"),
    ("{{ '{:99999}'.format(1) }}", "9999"),
    ("{{ 'x' | center(10**9) }}", "too large"),
    ("{% for i in range(10**9) %}", "template error"),
])
def test_a_failing_rules_template_names_its_line(tmp_path, line, gist):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\nText.\n\n" + line + "\n"})
    started = time.monotonic()
    code, output = build(game)
    assert time.monotonic() - started < 15
    error = one_error(code, output)
    located(error, "rules.md", 5)
    assert gist in error


def test_a_self_including_template_is_an_error_naming_it(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% include 'loop.md' %}\n",
                                             "templates/loop.md": "Again\n{% include 'loop.md' %}\n"})
    code, output = build(game)
    error = one_error(code, output)
    assert re.search(r"(loop|rules)\.md:\d+: ", error), error
    assert "include each other" in error


def test_rules_md_including_itself_from_templates_is_an_error(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% include 'rules.md' %}\n",
                                             "templates/rules.md": "{% include 'rules.md' %}\n"})
    code, output = build(game)
    error = one_error(code, output)
    assert re.search(r"rules\.md:\d+: ", error), error
    assert "include each other" in error


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader
    return " ".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_include_from_templates_works_in_rules_md(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% include 'part.md' %}\n",
                                             "templates/part.md": "Hello from the part: {{ villages }} villages.\n"})
    code, output = build(game)
    assert code == 0, output
    assert "Error" not in output
    pdfs = sorted((game / "out").glob("*.pdf"))
    assert pdfs
    assert "Hello from the part: 5 villages" in " ".join(pdf_text(p) for p in pdfs)


def test_include_from_templates_works_in_card_text(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     edit=[("Most gold wins.", "{% include 'note.md' %}")],
                     files={"templates/note.md": "Piles counted: {{ gold_piles }} piles.\n"})
    code, output = build(game)
    assert code == 0, output
    assert "Piles counted: 8 piles" in pdf_text(next((game / "out").glob("*.pdf")))


@pytest.mark.parametrize("name", ["../components.toml", "../../../../etc/passwd", "/etc/passwd",
                                  "templates/../../components.toml", "..", "./../x"])
def test_include_outside_templates_is_refused(tmp_path, name):
    game = copy_game(tmp_path / "g", files={"rules.md": f"# Rules\n\nText.\n{{% include '{name}' %}}\n"})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "rules.md", 4)
    assert "no template" in error
    assert not passwd_leaked(output, game)


def test_include_outside_templates_from_card_text_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     edit=[("Most gold wins.", "{% include '/etc/passwd' %}")])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "include '/etc/passwd'"))
    assert "no template" in error
    assert not passwd_leaked(output, game)


def test_include_of_a_symlink_leaving_the_folder_is_refused(tmp_path):
    outside = tmp_path / "secret.md"
    outside.write_text("SECRET-OUTSIDE-TEXT\n")
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% include 'link.md' %}\n",
                                             "templates/link.md": lambda p: os.symlink(outside, p)})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "rules.md", 3)
    assert "SECRET-OUTSIDE-TEXT" not in output
    assert not any(b"SECRET-OUTSIDE" in p.read_bytes() for p in (game / "out").rglob("*") if p.is_file()) \
        if (game / "out").exists() else True


def test_include_of_a_symlink_to_etc_passwd_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% include 'link.md' %}\n",
                                             "templates/link.md": lambda p: os.symlink("/etc/passwd", p)})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "rules.md", 3)
    assert not passwd_leaked(output, game)


def test_a_never_ending_rules_template_is_stopped(tmp_path, monkeypatch):
    from generator import sandbox
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    loop = "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n" + loop + "\n"})
    started = time.monotonic()
    code, output = build(game)
    assert time.monotonic() - started < 10
    error = one_error(code, output)
    located(error, "rules.md", 3)
    assert "longer than 0.5 seconds" in error


def test_a_never_ending_loop_with_a_condition_says_it_ran_too_long(tmp_path, monkeypatch):
    from generator import sandbox
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    loop = "{% for i in range(99999) %}{% for j in range(99999) %}{% if j < 0 %}x{% endif %}{% endfor %}{% endfor %}"
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n" + loop + "\n"})
    code, output = build(game)
    error = one_error(code, output)
    assert "longer than 0.5 seconds" in error
    located(error, "rules.md", 3)


def test_a_template_printing_too_much_names_its_line(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n{% for i in range(10**5) %}{{ 'x' * 100 }}{% endfor %}\n"})
    code, output = build(game)
    error = one_error(code, output)
    assert "more than 2,000,000 characters" in error
    located(error, "rules.md", 3)


def test_a_never_ending_template_is_stopped_by_the_library(monkeypatch):
    from generator import sandbox
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    started = time.monotonic()
    with pytest.raises(sandbox.TemplateFault) as fault:
        sandbox.render("a\n{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}\n",
                       {}, "t.md")
    assert time.monotonic() - started < 5
    assert fault.value.line == 2 and "longer than" in fault.value.message


def test_a_never_ending_template_is_stopped_in_a_thread(monkeypatch):
    """Off the main thread (no timer signal) the deadline still holds."""
    import threading
    from generator import sandbox
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    outcome = []

    def work():
        try:
            sandbox.render("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", {}, "t.md")
            outcome.append("rendered")
        except sandbox.TemplateFault as exc:
            outcome.append(exc.message)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(10)
    assert not thread.is_alive()
    assert outcome and "longer than" in outcome[0]


def test_a_macro_calling_itself_is_an_error():
    from generator import sandbox
    with pytest.raises(sandbox.TemplateFault) as fault:
        sandbox.render("{% macro m() %}{{ m() }}{% endmacro %}\n{{ m() }}\n", {}, "t.md")
    assert "without end" in fault.value.message


def test_templates_including_each_other_are_refused_at_the_include_line(tmp_path):
    """Two parts including each other stop at the include depth bound, at the including line,
    in milliseconds (not at Python's recursion limit, nor at the deadline)."""
    from generator import sandbox
    (tmp_path / "a.md").write_text("A\n{% include 'b.md' %}\n")
    (tmp_path / "b.md").write_text("B\n\n{% include 'a.md' %}\n")
    with pytest.raises(sandbox.TemplateFault) as fault:
        sandbox.render("{% include 'a.md' %}\n", {}, tmp_path / "rules.md", includes=tmp_path)
    assert f"more than {sandbox.MAX_INCLUDE_DEPTH} deep" in fault.value.message
    assert fault.value.path.name in ("a.md", "b.md") and fault.value.line == (2 if fault.value.path.name == "a.md" else 3)
    for n in range(6):  # six parts inside one another are fine
        (tmp_path / f"p{n}.md").write_text(f"{{% include 'p{n + 1}.md' %}}" if n < 5 else "end")
    assert sandbox.render("{% include 'p0.md' %}", {}, tmp_path / "rules.md", includes=tmp_path) == "end"


# --------------------------------------------------------------------- paths stay inside the folder
@pytest.mark.parametrize("setup", ["../../../etc/passwd", "/etc/passwd", "link.txt", "setup-7.txt/../../x"])
def test_tafl_setup_outside_the_folder_is_refused(tmp_path, setup):
    game = copy_game(tmp_path / "g", TAFL, edit=[("size = 11 ", f'size = 7\nsetup = "{setup}" ')],
                     files={"link.txt": lambda p: os.symlink("/etc/passwd", p)})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "setup = "))
    assert "[board] setup" in error and "leaves the game folder" in error
    assert not passwd_leaked(output, game)


def test_tafl_setup_that_is_a_folder_or_missing_is_located(tmp_path):
    game = copy_game(tmp_path / "g", TAFL, edit=[("size = 11 ", 'size = 7\nsetup = "art" ')])
    (game / "art").mkdir(exist_ok=True)
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "setup = "))
    game2 = copy_game(tmp_path / "g2", TAFL, edit=[("size = 11 ", 'size = 7\nsetup = "nothing.txt" ')])
    code, output = build(game2)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game2 / "components.toml", "setup = "))


def test_art_symlink_loop_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, edit=[('mark = "art/nugget.svg"', 'mark = "art/loop.svg"')],
                     files={"art/loop.svg": lambda p: os.symlink(p, p)})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", 'mark = "art/loop.svg"'))
    assert "loop" in error


def test_art_symlink_leaving_the_folder_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, edit=[('mark = "art/nugget.svg"', 'mark = "art/out.svg"')],
                     files={"art/out.svg": lambda p: os.symlink("/etc/passwd", p)})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", 'mark = "art/out.svg"'))
    assert "leaves the game folder" in error
    assert not passwd_leaked(output, game)


@pytest.mark.parametrize("mark, gist", [("art/nug\\u0000get.svg", "NUL"), ("\\u0000", "mark"),
                                        ("art/\\u0000", "mark"), ("art/nugget.svg\\u0000", "NUL")])
def test_nul_in_an_art_path_is_located(tmp_path, mark, gist):
    game = copy_game(tmp_path / "g", HOARD, edit=[('mark = "art/nugget.svg"', f'mark = "{mark}"')])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "\\u0000"))
    assert gist in error


def test_emblem_outside_the_folder_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, edit=[('emblem = "art/mountain.svg"', 'emblem = "../../etc/passwd"')])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "etc/passwd"))
    assert not passwd_leaked(output, game)


def test_screen_template_symlink_leaving_the_folder_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD)
    screen = game / "templates" / "screen.md.j2"
    screen.unlink()
    screen.symlink_to("/etc/passwd")
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "template = "))
    assert "leaves the game folder" in error
    assert not passwd_leaked(output, game)


def test_player_aid_symlink_leaving_the_folder_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", files={"templates/player-aid.md.j2": lambda p: os.symlink("/etc/passwd", p)})
    code, output = build(game)
    error = one_error(code, output)
    assert "player-aid.md.j2" in error and "leaves the game folder" in error
    assert not passwd_leaked(output, game)


# --------------------------------------------------------------------- bounds with located errors
@pytest.mark.parametrize("old, new, key, gist", [
    ('cell = "13mm"', 'cell = "0mm"', "cell = ", "[tracks.score] cell"),
    ('cell = "13mm"', 'cell = "-13mm"', "cell = ", "[tracks.score] cell"),
    ('to = "score_max"', "to = 1000000", "to = 1000000", "[tracks.score] to"),
    ('to = "score_max"', "to = 99999999999999999999999", "to = 9999", "[tracks.score] to"),
    ("size = 0.45", "size = nan", "size = nan", "[tokens.gold] size"),
    ("size = 0.45", "size = inf", "size = inf", "[tokens.gold] size"),
    ("size = 0.45", "size = -0.45", "size = -0.45", "[tokens.gold] size"),
    ("size = 0.45", "size = 1e308", "size = 1e308", "[tokens.gold] size"),
    ("count = 4\n", "count = 1000000000\n", "count = 1000000000", "[cards.reminder] count"),
    ("count = 4\n", "count = -3\n", "count = -3", "[cards.reminder] count"),
    ("files = 8", "files = 1000", "files = 1000", "[board] files"),
    ("palisade_count = 34", "palisade_count = 10000000000", "count = \"palisade_count\"", "count"),
])
def test_data_only_bounds_are_located(tmp_path, old, new, key, gist):
    kit_only = ('package = "territory"', 'package = "components"')   # Hoardfall's kit, without its engine
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",), edit=[kit_only, (old, new)])
    started = time.monotonic()
    code, output = build(game)
    assert time.monotonic() - started < 10
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", key))
    assert gist in error


@pytest.mark.parametrize("old, new, key", [
    ('square = "45mm"', 'square = "nanmm"', "square = "),
    ('square = "45mm"', 'square = "1e308mm"', "square = "),
    ('square = "45mm"', "square = nan", "square = "),
    ('margin = "8mm"', 'margin = "-5mm"', "margin = "),
    ('bleed = "0mm"', 'bleed = "500mm"', "bleed = "),
    ("size = 0.7", "size = nan", "size = nan"),
    ("size = 0.7", "size = 100.0", "size = 100.0"),
    ("viking_troops = 8 ", "viking_troops = 100000000 ", "viking_troops = 100000000"),
])
def test_engine_game_bounds_are_located(tmp_path, old, new, key):
    game = copy_game(tmp_path / "g", edit=[(old, new)])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", key))


def big_png(path: Path, side: int = 30000) -> None:
    """A valid black-and-white PNG of side x side pixels, made in a fraction of a second (about
    100 KB: every row is blank)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = (b"\0" * (1 + (side + 7) // 8)) * 1000
    packer = zlib.compressobj(9)
    idat = b"".join([packer.compress(rows) for _ in range(side // 1000)] + [packer.flush()])
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
                     + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def test_a_huge_png_is_refused_quickly(tmp_path):
    started = time.monotonic()
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     edit=[('mark = "art/nugget.svg"', 'mark = "art/big.png"')], files={"art/big.png": big_png})
    assert (game / "art" / "big.png").stat().st_size < 2_000_000
    from PIL import Image
    with pytest.MonkeyPatch.context() as patch:  # a real PNG of 30,000 x 30,000 pixels
        patch.setattr(Image, "MAX_IMAGE_PIXELS", None)
        with Image.open(game / "art" / "big.png") as image:
            assert image.size == (30000, 30000) and image.format == "PNG"
    code, output = build(game)
    assert time.monotonic() - started < 10
    error = one_error(code, output)
    assert "big.png" in error and "pixels" in error


def test_a_huge_png_as_a_side_emblem_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     edit=[('emblem = "art/mountain.svg"', 'emblem = "art/big.png"')], files={"art/big.png": big_png})
    code, output = build(game)
    error = one_error(code, output)
    assert "big.png" in error and "pixels" in error


def test_a_broken_svg_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     files={"art/nugget.svg": '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<svg>&a;</svg>\n'})
    code, output = build(game)
    error = one_error(code, output)
    assert "nugget.svg" in error


@pytest.mark.parametrize("game_folder, old", [(HOARD, 'title = "Hoardfall"'), (ROOT, 'title = "Siege of Armagh"'),
                                              (TAFL, 'title = "Tafl"')])
def test_a_thousand_character_title_is_located(tmp_path, game_folder, old):
    game = copy_game(tmp_path / "g", game_folder, names=("components.toml",),
                     edit=[(old, 'title = "' + "Title" * 200 + '"')])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "TitleTitle"))
    assert "[game] title" in error and "120 characters" in error


def test_examples_md_in_a_data_only_folder_builds(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml", "rules.md"),
                     files={"examples.md": "# Examples\n\nThe gold is counted {{ gold_piles }} times.\n"})
    code, output = build(game)
    assert code == 0, output
    assert "Error" not in output
    booklet = list((game / "out").glob("*examples*.pdf"))
    assert len(booklet) == 1
    assert "counted 8 times" in pdf_text(booklet[0])


def test_a_bad_example_block_in_a_data_only_folder_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     files={"examples.md": "# Examples\n\n```armagh\nnope\n```\n"})
    code, output = build(game)
    error = one_error(code, output)
    located(error, "examples.md", 4)


def test_a_nine_megabyte_components_toml_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, files={"components.toml": lambda p: p.write_text(
        (HOARD / "components.toml").read_text() + "#" * (9 * 2 ** 20))})
    started = time.monotonic()
    code, output = build(game)
    assert time.monotonic() - started < 10
    error = one_error(code, output)
    assert "components.toml" in error and "too large" in error and "8 MB" in error


def test_a_ten_megabyte_rules_md_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": lambda p: p.write_text("# R\n\n" + "word " * (2 * 2 ** 20))})
    code, output = build(game)
    error = one_error(code, output)
    assert re.search(r"rules\.md:3: more than 2 MB of text", error), error


def test_rules_md_that_is_dev_zero_is_refused(tmp_path):
    game = copy_game(tmp_path / "g", files={"rules.md": lambda p: os.symlink("/dev/zero", p)})
    started = time.monotonic()
    code, output = build(game)
    assert time.monotonic() - started < 10
    error = one_error(code, output)
    assert "rules.md" in error


def test_nul_in_the_title_is_located(tmp_path):
    game = copy_game(tmp_path / "g", HOARD, names=("components.toml",),
                     edit=[('title = "Hoardfall"', 'title = "Hoard\\u0000fall"')])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", "Hoard\\u0000fall"))


# --------------------------------------------------------------------- as a user runs it
def test_the_command_line_refuses_a_template_escape_in_its_own_process(tmp_path):
    """The same contract through `python -m generator` (no test runner between): exit 2, one line."""
    marker = tmp_path / "MARKER"
    game = copy_game(tmp_path / "g", files={"rules.md": "# Rules\n\n" + RCE.format(marker=marker) + "\n"})
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--out", "out"], cwd=game,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2, done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("Error:")] == \
        [line for line in done.stderr.splitlines() if line.strip()][-1:]
    assert done.stderr.splitlines()[-1].startswith("Error: rules.md:3: template error: refused by the sandbox")
    assert "Traceback" not in done.stderr + done.stdout
    assert not marker.exists()


# --------------------------------------------------------------------- options
@pytest.mark.parametrize("rules", [",,,", ","])
def test_simulate_with_no_rule_set_is_a_usage_error(tmp_path, rules):
    code, output = invoke("simulate", "--rules", rules, "-n", "1", "--no-png", "--out", tmp_path / "report")
    error = one_error(code, output)
    assert "--rules" in error


# --------------------------------------------------------------------- found by tests/test_fuzz.py
@pytest.mark.parametrize("game_folder, old, new, key", [
    (HOARD, 'paper = "a4"', "paper = []", "paper = []"),
    (ROOT, 'paper = "a4"', 'paper = ["a4"]', "paper = ["),
    (TAFL, 'paper = "a4"', "paper = { a = 1 }", "paper = {"),
    (ROOT, 'front = "viking-front"', "front = { a = 1 }", "front = {"),
    (ROOT, 'front = "irish"', 'front = ["irish"]', 'front = ["irish"]'),
    (TAFL, 'front = "tafl-attacker"', "front = []", "front = []"),
    (ROOT, 'back = "village-looted"', "back = []", "back = []"),
    (ROOT, 'set = "final"', "set = []", "set = []"),
    (ROOT, 'set = "final"', "set = {}", "set = {}"),
    (HOARD, 'f2 = "warriors-ember-back"', "f2 = []", "f2 = []"),
    (HOARD, 'd1 = "gold-2"', "d1 = {}", "d1 = {}"),
])
def test_a_list_or_table_instead_of_a_name_is_located(tmp_path, game_folder, old, new, key):
    game = copy_game(tmp_path / "g", game_folder, edit=[(old, new)])
    code, output = build(game)
    error = one_error(code, output)
    located(error, "components.toml", line_of(game / "components.toml", key))


@pytest.mark.parametrize("game_folder", [ROOT, TAFL])
@pytest.mark.parametrize("header", ["[rules.extra]", "[rules.options_copy]"])
def test_an_unknown_sub_table_names_its_line(tmp_path, game_folder, header):
    game = copy_game(tmp_path / "g", game_folder, edit=[(None, header + '\nx = "on"')])
    code, output = build(game)
    error = one_error(code, output)
    assert "unknown key" in error
    located(error, "components.toml", line_of(game / "components.toml", header))


@pytest.mark.parametrize("item", ["-", "*", "+", "1.", "- "])
def test_an_empty_list_item_in_rules_md_builds(tmp_path, item):
    game = copy_game(tmp_path / "g", files={"rules.md": f"# Rules\n\nProse.\n\n{item}\n"})
    code, output = build(game)
    assert "internal error" not in output and "Traceback" not in output, output
    assert code == 0, output


# --------------------------------------------------------------------- the folder's own files
@pytest.mark.parametrize("name", ["rules.md", "examples.md", "components.toml"])
def test_a_folder_file_linking_outside_is_refused_unread(tmp_path, name):
    """rules.md, examples.md or components.toml as a symbolic link out of the folder (a zip can
    carry one): refused by name, and the outside file reaches neither the output nor the PDF."""
    secret = tmp_path / "secret.md"
    secret.write_text("# Secret\n\nthe builder's private notes\n")
    game = copy_game(tmp_path / "g")
    (game / name).unlink(missing_ok=True)
    (game / name).symlink_to(secret)
    code, output = build(game)
    error = one_error(code, output)
    assert f"{name}: '{name}' leaves the game folder through a symbolic link" in error
    assert "private notes" not in output and not list((game / "out").glob("*.pdf"))
