"""Property tests (hypothesis) of the error contract of generator/cli.py over generated bad input:
mutated components.toml files of the shipped games, mutated example blocks, random template text,
and failed builds that must leave the previous outputs as they were.

The contract: the exit code is one of generator/cli.py's; a failure prints exactly one `Error:`
line, never "internal error" nor a traceback; an error about a text file names it as FILE:LINE
(only a problem with the whole file may go without a line). Runs are derandomized so CI sees the
same examples every time; the example counts keep this file to about a minute."""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from typer.testing import CliRunner

from folders import copy_game
from generator.cli import app

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # long reprs of whole files

ROOT = Path(__file__).resolve().parent.parent
TAFL = ROOT / "games" / "tafl"
HOARD = ROOT / "games" / "hoard"
GAMES = {"siege": ROOT, "tafl": TAFL, "hoard": HOARD}
RUNNER = CliRunner()

def fuzz(examples: int) -> settings:
    """Reproducible runs (CI sees the same examples every time), no example database, no deadline."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.filter_too_much, HealthCheck.data_too_large])

# Whole-file problems: the only errors about components.toml allowed without a line.
WHOLE_FILE = re.compile(r"components\.toml: (cannot read|too large|empty)")


# --------------------------------------------------------------------- helpers
def invoke(*args) -> tuple[int, str]:
    """`pnp ARGS` in this process: (exit code, output); an exception that escaped the command
    line's error handling fails, as a traceback would."""
    result = RUNNER.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        raise AssertionError(f"pnp {' '.join(map(str, args))}: escaped exception:\n"
                             + "".join(traceback.format_exception(*result.exc_info)))
    return result.exit_code, result.output


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Error:")]


def contract(code: int, output: str, codes=(0, 2)) -> list[str]:
    """The contract every run keeps; returns the Error lines."""
    assert "internal error" not in output, output
    assert "Traceback" not in output, output
    assert code in codes, f"exit {code}:\n{output}"
    errors = error_lines(output)
    assert len(errors) == (0 if code == 0 else 1), f"exit {code}:\n{output}"
    return errors


@contextlib.contextmanager
def scratch():
    with tempfile.TemporaryDirectory(prefix="pnp-fuzz-") as name:
        yield Path(name)


@contextlib.contextmanager
def template_seconds(seconds: float):
    from generator import sandbox
    before = sandbox.MAX_SECONDS
    sandbox.MAX_SECONDS = seconds
    try:
        yield
    finally:
        sandbox.MAX_SECONDS = before


# --------------------------------------------------------------------- TOML values
def toml_string(text: str) -> str:
    """`text` as a TOML basic string (JSON's escapes are TOML's; control characters as \\uXXXX)."""
    return json.dumps(text, ensure_ascii=False)


PATHS = ["", "..", "../x", "../../../../etc/passwd", "/etc/passwd", "/", ".", "art", "art/", "art/../..",
         "art/../components.toml", "art/nugget.svg", "art/mountain.svg", "templates/screen.md.j2",
         "templates/../../x", "setup-7.txt", "rules.md", "components.toml", "art/\u0000x.svg", "\u0000",
         "C:\\Windows\\win.ini", "~/x", "art/none.png", "//etc//passwd", "art/" + "x" * 300 + ".svg"]
WORDS = ["0mm", "-5mm", "1e308mm", "nanmm", "infmm", "9999mm", "13mm", "0.25in", "30mm", "a4", "letter",
         "both", "long", "on", "off", "round", "edge", "square", "mini", "poker", "#zzz", "#8a5a12", "red",
         "score_max", "clans", "gold_piles", "palisade_count", "attackers", "turn_limit", "viking_troops",
         "final", "draft", "siege", "tafl", "components", "chess", "os", "../generator",
         "{{ 1/0 }}", "{{ nothing }}", "{% include '/etc/passwd' %}", "{{ 'x' * 10**8 }}", "{{ clans }}",
         "{{ cycler.__init__.__globals__.os.system('true') }}", "x" * 2000, "a\nb", "\t", " ", "é" * 50,
         "gold-5", "warriors-stone-back", "viking-front", "tafl-king", "b2", "z99", "mine", "1", "-1", "nan"]
STRINGS = st.one_of(st.sampled_from(PATHS + WORDS), st.text(max_size=30))
INTEGERS = st.one_of(st.sampled_from([0, 1, -1, 2, 7, 8, 11, 64, 65, 400, 10000, 10001, 10 ** 6, 10 ** 9,
                                      2 ** 31, 2 ** 63 - 1, -2 ** 63]),
                     st.integers(-10 ** 4, 10 ** 4))
FLOATS = st.sampled_from(["nan", "inf", "-inf", "+nan", "1e308", "-1e308", "1e-300", "0.0", "-0.0", "0.45",
                          "1.5", "-0.5", "100.0", "0.7", "5e-324"])


def scalar() -> st.SearchStrategy[str]:
    return st.one_of(STRINGS.map(toml_string), INTEGERS.map(str), FLOATS, st.sampled_from(["true", "false"]),
                     st.sampled_from(["1979-05-27", "1979-05-27T07:32:00Z", "07:32:00"]))


def toml_value() -> st.SearchStrategy[str]:
    """A TOML value as text: a scalar, a list or an inline table (nested a little)."""
    return st.recursive(
        scalar(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
            st.dictionaries(st.sampled_from(["a", "1", "2", "5", "b2", "size", "count", "name", "x y", "viking-chief",
                                             "chiefs", "mine", "fill"]), inner, max_size=3)
            .map(lambda table: "{ " + ", ".join(f"{toml_string(k)} = {v}" for k, v in table.items()) + " }"),
        ),
        max_leaves=6)


KEYS = ["unknown", "count", "size", "name", "front", "back", "backs", "kind", "spaces", "mark", "shape", "values",
        "sides", "text", "title", "template", "setup", "fill", "files", "ranks", "square", "paper", "margin",
        "bleed", "package", "to", "from", "cell", "labels", "emblem", "colour", "cells", "heading", "version"]


# --------------------------------------------------------------------- components.toml mutations
def single_line_assignments(lines: list[str]) -> list[int]:
    """Indices of lines that are a whole `key = value` on their own (so that a new value can replace
    it), not inside a multi-line string or list."""
    found = []
    for index, line in enumerate(lines):
        if re.match(r"\s*[A-Za-z0-9_\"-]+\s*=", line):
            try:
                tomllib.loads(line)
            except tomllib.TOMLDecodeError:
                continue
            found.append(index)
    return found


def headers(lines: list[str]) -> list[int]:
    return [index for index, line in enumerate(lines) if re.match(r"\s*\[[^\[]", line)]


def table_block(lines: list[str], start: int) -> list[str]:
    """The lines of the table whose header is `lines[start]`, up to the next header."""
    end = start + 1
    while end < len(lines) and not re.match(r"\s*\[", lines[end]):
        end += 1
    return lines[start:end]


@st.composite
def mutated_toml(draw, text: str) -> str:
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "replace", "replace", "delete", "unknown", "duplicate",
                                     "copy-table", "new-key"]))
        assignments, tables = single_line_assignments(lines), headers(lines)
        if kind == "replace" and assignments:
            index = draw(st.sampled_from(assignments))
            key = lines[index].split("=", 1)[0].rstrip()
            lines[index] = f"{key} = {draw(toml_value())}"
        elif kind == "delete" and assignments:
            del lines[draw(st.sampled_from(assignments))]
        elif kind in ("unknown", "new-key") and tables:
            index = draw(st.sampled_from(tables))
            key = draw(st.sampled_from(KEYS)) if kind == "new-key" else "unknown_" + draw(st.sampled_from("abcxyz"))
            lines.insert(index + 1, f"{key} = {draw(toml_value())}")
        elif kind == "duplicate" and tables:
            lines.append(lines[draw(st.sampled_from(tables))])
        elif kind == "copy-table" and tables:
            block = table_block(lines, draw(st.sampled_from(tables)))
            header = re.sub(r"\]", "_copy]", block[0], count=1)
            lines.extend(["", header, *block[1:]])
    return "\n".join(lines) + "\n"


def located_about_components(error: str, folder: Path) -> None:
    """The rule for an error from a folder whose components.toml was mutated: it names
    components.toml:LINE, or components.toml alone for a whole-file problem, or another file of
    the folder (an art file or a template the mutated value names: that file is at fault)."""
    if "components.toml" in error.split(": ")[0] or re.match(r"Error: \S*components\.toml[:\s]", error):
        if WHOLE_FILE.search(error):
            return
        assert re.match(r"Error: \S*components\.toml:\d+: ", error), f"no line: {error}"
        return
    named = re.match(r"Error: (\S+?):(\d+:)? ", error)
    assert named, f"names no file: {error}"
    path = Path(named.group(1))
    if not path.is_absolute():
        path = folder / path
    assert str(path).startswith(str(folder)), f"names a file outside the folder: {error}"


def run_mutated(game: str, text: str, full_build: bool) -> None:
    with scratch() as tmp:
        folder = copy_game(tmp / "game", GAMES[game], setups=True)
        (folder / "components.toml").write_text(text)
        if full_build:
            code, output = invoke("build", "--game", folder, "--out", tmp / "out")
        else:
            code, output = invoke("rules", "--game", folder)
        for error in contract(code, output):
            located_about_components(error, folder)
        assert "root:x:" not in output


@pytest.mark.parametrize("game", GAMES)
def test_mutated_components_toml_loads_or_names_its_line(game):
    source = (GAMES[game] / "components.toml").read_text()

    @fuzz(60)
    @given(mutated_toml(source))
    def check(text):
        run_mutated(game, text, full_build=False)

    with template_seconds(1.0):
        check()


@pytest.mark.parametrize("game", GAMES)
def test_mutated_components_toml_builds_or_names_its_line(game):
    source = (GAMES[game] / "components.toml").read_text()

    @fuzz(30)
    @given(mutated_toml(source))
    def check(text):
        run_mutated(game, text, full_build=True)

    with template_seconds(1.0):
        check()


# --------------------------------------------------------------------- example blocks
def blocks(path: Path) -> list[list[str]]:
    """The fenced example blocks of a Markdown file, each with its fences, as lines."""
    found, current = [], None
    for line in path.read_text().splitlines():
        if current is None and re.match(r"```(armagh|tafl|territory)\s*$", line):
            current = [line]
        elif current is not None:
            current.append(line)
            if line.startswith("```"):
                found.append(current)
                current = None
    return found


BLOCKS = {"siege": blocks(ROOT / "examples.md"), "tafl": blocks(TAFL / "examples.md"),
          "hoard": blocks(HOARD / "examples.md")}
GARBAGE = ["", "   ", "play:", "play: ", "play: zz9-zz10", "play: a1-a1", "to-move:", "to-move: nobody",
           "rules: nonsense", "title:", "expect:", "expect: banana", "size: 99", "setup: ../../etc/passwd",
           "8  . . . . . . . . .", "9  . . . . . . . .", "   a b c d e f g h i j", "~ ~ ~", "```", "```armagh",
           "```tafl", "{{ 1/0 }}", "{{ nothing }}", "\u0000", "é", "x" * 500, "reserve: 99999999999999999999",
           "options: turn-cap=99999999999", "options: ,,,", "tracker: -1", "stunned: a9", "play: " + "a1-a2 " * 200,
           "|", "   --", "   -- -- -- -- -- -- -- -- --", "5  $0 | . ", "1  S? . . $4 . . . $6", "sides: S S",
           "sides:", "view: Q", "warriors-S: 1=", "passed: S E T H", "option: peek", "option: min-territory=0",
           "play: palisade", "play: palisade c3|c4", "play: place S99999999 a1", "play: pass pass", "```territory",
           "score: S=1", "piles-E: 0", "this-turn: a1|b1", "play: palisade " + "a1|b1 " * 200]


@st.composite
def mutated_block(draw, game: str) -> str:
    lines = list(draw(st.sampled_from(BLOCKS[game])))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["swap", "truncate", "insert", "huge", "fence", "delete", "duplicate", "text"]))
        index = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if not lines:
            lines.append(draw(st.sampled_from(GARBAGE)))
        elif kind == "swap":
            tokens = lines[index].split(" ")
            if len(tokens) > 1:
                i, j = draw(st.integers(0, len(tokens) - 1)), draw(st.integers(0, len(tokens) - 1))
                tokens[i], tokens[j] = tokens[j], tokens[i]
                lines[index] = " ".join(tokens)
        elif kind == "truncate":
            lines[index] = lines[index][:draw(st.integers(0, max(0, len(lines[index]) - 1)))]
        elif kind == "insert":
            lines.insert(index, draw(st.sampled_from(GARBAGE)))
        elif kind == "huge":
            big = draw(st.sampled_from(["0", "-1", "99", "100000", "99999999999999999999", "1" * 200, "٣"]))
            lines[index] = re.sub(r"\d+", big, lines[index])
        elif kind == "fence":
            lines[0] = draw(st.sampled_from(["```armagh", "```tafl", "```chess", "```", "``` armagh", "```ARMAGH",
                                             "```armagh tafl", "```territory"]))
        elif kind == "delete":
            del lines[index]
        elif kind == "duplicate":
            lines.insert(index, lines[index])
        elif kind == "text":
            lines.insert(index, draw(st.text(max_size=40)).replace("\r", "").replace("\n", " "))
    return "\n".join(lines) + "\n"


def check_contract(code: int, output: str, file: Path) -> None:
    """`pnp check`'s contract: its report says what is wrong (an unreadable block as FILE:LINE),
    at most one `Error:` line."""
    assert "internal error" not in output and "Traceback" not in output, output
    assert code in (0, 1, 2), f"exit {code}:\n{output}"
    errors = error_lines(output)
    assert len(errors) <= (0 if code == 0 else 1), output
    if code == 2:
        assert re.search(re.escape(str(file)) + r":\d+: ", output), f"exit 2 names no {file}:LINE:\n{output}"
    if code == 1:
        assert re.search(r"[1-9]\d* failed", output), output


@pytest.mark.parametrize("game", BLOCKS)
def test_mutated_example_blocks_check_or_name_their_line(game):
    @fuzz(60)
    @given(mutated_block(game))
    def check(block):
        with scratch() as tmp:
            file = tmp / "examples.md"
            file.write_text("# Examples\n\nSome prose.\n\n" + block + "\nMore prose.\n")
            code, output = invoke("check", file, "--game", GAMES[game])
            check_contract(code, output, file)

    with template_seconds(1.0):
        check()


# --------------------------------------------------------------------- templates
NAMES = ["villages", "viking_troops", "points_to_win", "title", "designer", "chiefs", "nothing_here"]
FRAGMENTS = ["{{", "}}", "{%", "%}", "{#", "#}", " ", "\n", "x", "'a'", '"b"', "0", "1", "7", "10", "10**5", "10**9",
             "99999", "-1", "2.5", "*", "**", "~", "%", "+", "-", "/", "//", "(", ")", "[", "]", ",", ".", "|", ":",
             "=", "==", "<", "if", "else", "endif", "for", "in", "endfor", "set", "macro", "endmacro", "call",
             "include", "'part.md'", "'self.md'", "'../x'", "'/etc/passwd'", "range", "range(10**5)",
             "upper", "center", "format", "join", "list", "length", "replace", "indent", "wordwrap", "truncate",
             "batch", "sum", "int", "float", "string", "e", "safe", "escape", "loop", "loop.index", "super",
             "self", "caller", "cycler", "joiner", "namespace", "dict", "__class__", "__globals__", "_x",
             "'%d'", "'%99999d'", "'{:>9999}'", "'{:99999}'", "'x' * 10**6", "items", "attr", "map", "select",
             "{{ villages }}", "{% for i in range(3) %}", "{% endfor %}", "{% if villages > 2 %}", "{% endif %}",
             "{% include 'part.md' %}", "{{ 1/0 }}", "{{ 'ab' * 99999 }}", "{% raw %}", "{% endraw %}"] + NAMES


ATOMS = ["0", "1", "-1", "7", "99999", "10**5", "2.5", "'a'", "'%d'", "'{:>20}'", "[1, 2]", "(1, 2)", "{'k': 1}",
         "none", "true", "range(5)", "range(10**5)", "loop", "cycler", "namespace()", "'x' * 99"] + NAMES
OPERATORS = [" + ", " - ", " * ", " ** ", " / ", " // ", " % ", " ~ ", " == ", " < ", " and ", " or ", " in "]
FILTERS = ["upper", "length", "list", "join(',')", "center(99)", "center(99999)", "indent(50)", "wordwrap(5)",
           "truncate(3)", "batch(2) | list", "sum", "int", "float", "string", "first", "reverse", "sort",
           "replace('a', 'bb')", "format(1)", "attr('__class__')", "map('upper') | list", "unique | list", "e"]


def expression() -> st.SearchStrategy[str]:
    """A jinja2 expression that parses: atoms joined by operators, filters, calls and items."""
    return st.recursive(
        st.sampled_from(ATOMS),
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(OPERATORS), inner).map(lambda t: f"({t[0]}{t[1]}{t[2]})"),
            st.tuples(inner, st.sampled_from(FILTERS)).map(lambda t: f"({t[0]} | {t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
            st.tuples(inner, st.sampled_from(["upper", "split", "format", "join", "items", "__len__", "count"]),
                      st.lists(inner, max_size=2)).map(lambda t: f"{t[0]}.{t[1]}({', '.join(t[2])})"),
        ),
        max_leaves=8)


def statement() -> st.SearchStrategy[str]:
    return st.one_of(
        expression().map(lambda e: "{{ " + e + " }}"),
        st.tuples(expression(), expression()).map(lambda t: "{% for x in " + t[0] + " %}{{ " + t[1] + " }}{% endfor %}"),
        expression().map(lambda e: "{% if " + e + " %}yes{% else %}no{% endif %}"),
        expression().map(lambda e: "{% set v = " + e + " %}{{ v }}"),
        st.sampled_from(["{% include 'part.md' %}", "{% include 'self.md' %}", "{% include '../x' %}",
                         "{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}", "text\n", "\n"]),
    )


def template_text() -> st.SearchStrategy[str]:
    """Template text: random fragments (mostly syntax errors) or statements that parse."""
    return st.one_of(st.lists(st.sampled_from(FRAGMENTS), max_size=16).map("".join),
                     st.lists(statement(), min_size=1, max_size=4).map("\n".join))


@pytest.fixture(scope="module")
def siege_values():
    from generator.config import find_game
    return find_game(ROOT).template_values()


def includes_folder(tmp: Path) -> Path:
    folder = tmp / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "part.md").write_text("part {{ villages }}\n")
    (folder / "self.md").write_text("again {% include 'self.md' %}\n")
    return folder


def test_random_templates_render_or_fault(siege_values):
    from generator import sandbox

    @fuzz(300)
    @given(template_text())
    def check(text):
        with scratch() as tmp:
            path = tmp / "rules.md"
            try:
                out = sandbox.render(text, siege_values, path, includes=includes_folder(tmp))
            except sandbox.TemplateFault as fault:
                assert fault.message.startswith("template error: "), fault.message
                assert fault.path.name in ("rules.md", "part.md", "self.md"), fault.path
                assert fault.line is not None, fault.message
                return
            assert isinstance(out, str) and len(out) <= sandbox.MAX_OUTPUT

    with template_seconds(1.0):
        check()


def test_random_rules_md_builds_or_names_its_line():
    @fuzz(30)
    @given(template_text())
    def check(text):
        with scratch() as tmp:
            folder = copy_game(tmp / "game", ROOT, setups=True)
            includes_folder(folder)
            (folder / "rules.md").write_text("# Rules\n\nProse.\n\n" + text + "\n")
            code, output = invoke("build", "--game", folder, "--out", tmp / "out", "--rulebook-only")
            for error in contract(code, output):
                assert re.search(r"(rules|part|self)\.md:\d+: ", error), f"no line: {error}"

    with template_seconds(1.0):
        check()


def test_random_card_text_builds_or_names_its_line():
    source = (HOARD / "components.toml").read_text()

    @fuzz(25)
    @given(template_text())
    def check(text):
        assume('"""' not in text and "\\" not in text)
        with scratch() as tmp:
            folder = copy_game(tmp / "game", HOARD, setups=True)
            (folder / "components.toml").write_text(source.replace("Most gold wins.", text.replace('"', "'")))
            code, output = invoke("build", "--game", folder, "--out", tmp / "out")
            for error in contract(code, output):
                assert re.search(r"components\.toml:\d+: |templates/\S+:\d+: ", error), f"no line: {error}"

    with template_seconds(1.0):
        check()


# --------------------------------------------------------------------- failed builds keep the previous outputs
def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def edit(folder: Path, name: str, old: str | None, new: str) -> None:
    path = folder / name
    if old is None:
        path.write_text(new)
        return
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


BAD_VARIANTS = {
    "components.toml not TOML": [("components.toml", 'title = "Siege of Armagh"', 'title = "Siege')],
    "components.toml bad size": [("components.toml", "size = 0.7", "size = nan")],
    "rules.md template error": [("rules.md", None, "# Rules\n\n{{ 1/0 }}\n")],
    "rules.md escapes": [("rules.md", None, "# Rules\n\n{{ cycler.__init__.__globals__ }}\n")],
    "rules.md never ends": [("rules.md", None, "# R\n\n{% for i in range(99999) %}{% for j in range(99999) %}"
                                               "{% endfor %}{% endfor %}\n")],
    "examples.md unreadable block": [("examples.md", "play: d6-d5", "play: d6-d5-d4-zz")],
    "examples.md failing example": [("examples.md", "play: d6-d5", "play: d6-d4")],
    "examples.md template error": [("examples.md", None, "# Ex\n\n{{ nothing }}\n")],
    "huge art": [("components.toml", 'front = "irish"', 'front = "art/big.png"')],
    "player aid escapes": [("templates/player-aid.md.j2", None, "## Aid\n{{ ''.__class__ }}\n")],
}
# A failed build after a good change (the version) the kit would show: the kit must not be replaced either.
NEW_KIT_THEN_FAIL = {
    "new version, failing example": [("components.toml", 'version = "1.0"', 'version = "1.1"'),
                                     ("examples.md", "play: d6-d5", "play: d6-d4")],
    "new version, unreadable example block": [("components.toml", 'version = "1.0"', 'version = "1.1"'),
                                              ("examples.md", "play: d6-d5", "play: d6-d5-d4-zz")],
}


@pytest.fixture(scope="module")
def built_siege(tmp_path_factory):
    """A copy of Siege's folder (with rules.md and examples.md) built once into out/: the folder,
    out/ and its files' bytes."""
    tmp = tmp_path_factory.mktemp("kept")
    folder = copy_game(tmp / "game", ROOT, names=("components.toml", "rules.md", "examples.md"), setups=True)
    (folder / "art").mkdir(exist_ok=True)
    from test_safety import big_png
    big_png(folder / "art" / "big.png")
    out = tmp / "out"
    code, output = invoke("build", "--game", folder, "--out", out)
    assert code == 0, output
    before = snapshot(out)
    assert len(before) == 2, sorted(before)  # the kit and the examples booklet
    return folder, out, before


def bad_build_keeps(built_siege, edits, monkeypatch):
    from generator import sandbox
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    folder, out, before = built_siege
    saved = {name: (folder / name).read_bytes() if (folder / name).exists() else None for name, _, _ in edits}
    try:
        for name, old, new in edits:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            edit(folder, name, old, new)
        code, output = invoke("build", "--game", folder, "--out", out)
        contract(code, output, codes=(1, 2))
        assert snapshot(out) == before, f"the failed build changed {out}:\n{output}"
        assert not [p.name for p in out.rglob(".*")], "a hidden temporary file is left"
        assert not list(out.rglob("*.tmp"))
    finally:
        for name, data in saved.items():
            if data is None:
                (folder / name).unlink(missing_ok=True)
            else:
                (folder / name).write_bytes(data)


@pytest.mark.parametrize("variant", BAD_VARIANTS)
def test_a_failed_build_keeps_the_previous_outputs(built_siege, variant, monkeypatch):
    bad_build_keeps(built_siege, BAD_VARIANTS[variant], monkeypatch)


@pytest.mark.parametrize("variant", NEW_KIT_THEN_FAIL)
def test_a_failed_booklet_keeps_the_previous_kit(built_siege, variant, monkeypatch):
    bad_build_keeps(built_siege, NEW_KIT_THEN_FAIL[variant], monkeypatch)


def test_the_good_build_is_reproducible(built_siege):
    """The comparison above means something: the same folder builds the same bytes."""
    folder, out, before = built_siege
    code, output = invoke("build", "--game", folder, "--out", out)
    assert code == 0, output
    assert snapshot(out) == before
