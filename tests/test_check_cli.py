"""`pnp check` and `pnp rules` through typer's CliRunner: exit codes and messages (docs/diagram-notation.md)."""

import shutil
from pathlib import Path

import pytest
from helpers import CONTRACT_BLOCK
from tafl_helpers import grid
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parent.parent
RUNNER = CliRunner()

GOOD = "# Pushing\n\nSome text.\n\n" + CONTRACT_BLOCK

ILLEGAL = """```armagh
title: A stunned troop cannot push
8  . . . . . . . .
7  . . . . . . . .
6  . . . V* . . . .
5  . . . I . . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . . . . . .
2  . . . . . . . .
1  . . . . . . . .
play: d6-d5
expect: illegal
```
"""


def run(tmp_path: Path, text: str, *extra: str):
    path = tmp_path / "ex.md"
    path.write_text(text, encoding="utf-8")
    return RUNNER.invoke(app, ["check", str(path), *extra])


def test_correct_examples_pass(tmp_path):
    result = run(tmp_path, GOOD + ILLEGAL, "-v")
    assert result.exit_code == 0, result.output
    assert "2 passed, 0 failed" in result.output
    assert "ex.md:5: passed  A Viking pushes" in result.output


def test_a_wrong_example_exits_1_and_shows_why(tmp_path):
    result = run(tmp_path, GOOD.replace("5  . . . V . . . .\n4  ~ ~ ~ ~ ~ ~ ~ ~\n3  . . . ^ . . . .\n2  . . . . . . . .\n1  . . . . . . . .\nto-move: irish",
                                        "5  . . . I . . . .\n4  ~ ~ ~ ~ ~ ~ ~ ~\n3  . . . ^ . . . .\n2  . . . . . . . .\n1  . . . . . . . .\nto-move: irish"))
    assert result.exit_code == 1
    assert "ex.md:5: FAILED" in result.output
    assert "[I]" in result.output and "d5: expected I, got V" in result.output
    assert "0 passed, 1 failed" in result.output


def test_a_wrong_state_line_is_named(tmp_path):
    result = run(tmp_path, GOOD.replace("tracker: 2", "tracker: 3"))
    assert result.exit_code == 1 and "tracker: expected 3, got 2" in result.output


def test_an_illegal_move_failure_names_the_rule(tmp_path):
    result = run(tmp_path, ILLEGAL.replace("expect: illegal", "expect:\n" + "\n".join(
        f"{r}  . . . . . . . ." for r in range(8, 0, -1))))
    assert result.exit_code == 1
    assert "ruling 7" in result.output and "stunned" in result.output


def test_accepted_turn_expected_illegal_fails(tmp_path):
    result = run(tmp_path, ILLEGAL.replace("V*", "V "))
    assert result.exit_code == 1 and "expected this turn to be illegal" in result.output


@pytest.mark.parametrize("broken,line,message", [
    ("6  . . . V . . . .", 11, "rank 6 has 7 cells, expected 8"),
    ("play: d6-d5", 18, "bad move 'd6-d9'"),
    ("tracker: 2", 30, "tracker must be a whole number"),
    ("to-move: viking", 17, "to-move must be viking or irish"),
])
def test_malformed_block_exits_2_with_the_line(tmp_path, broken, line, message):
    replacement = {"6  . . . V . . . .": "6  . . . V . . .",
                   "play: d6-d5": "play: d6-d9",
                   "tracker: 2": "tracker: two",
                   "to-move: viking": "to-move: nobody"}[broken]
    result = run(tmp_path, GOOD.replace(broken, replacement, 1))
    assert result.exit_code == 2, result.output
    assert f"ex.md:{line}:" in result.output and message in result.output


def test_missing_expect_and_missing_file_exit_2(tmp_path):
    result = run(tmp_path, GOOD[:GOOD.index("expect:")] + "```\n")
    assert result.exit_code == 2 and "expected a play: or expect: line" in result.output
    result = RUNNER.invoke(app, ["check", str(tmp_path / "nope.md")])
    assert result.exit_code == 2 and "nope.md" in result.output


def test_winner_expectation(tmp_path):
    block = """```armagh
title: Fourth defeat and the treasure
8  . . . . . . . .
7  . . . . . . . .
6  . . . I . . . .
5  . . . V . . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . . . . . .
2  . . . . . . . .
1  . . . . . . . .
to-move: irish
defeated: 3
play: d6-d5
expect: winner irish
```
"""
    assert run(tmp_path, block).exit_code == 0
    result = run(tmp_path, block.replace("winner irish", "winner viking"))
    assert result.exit_code == 1 and "expected winner viking, got irish wins" in result.output


def test_counts_come_from_the_game_folder(tmp_path):
    """With villages = 6 the Vikings' village point needs a sixth looted village."""
    block = """```armagh
title: Looting the last village
8  . . . . . . . .
7  . . . . . . . .
6  . . . . V . . .
5  x x x x ^ . . .
4  ~ ~ ~ ~ ~ ~ ~ ~
3  . . . . . . . .
2  . . . . . . . .
1  . . . V$ . . . .
play: e6-e5
expect: winner viking
```
"""
    assert run(tmp_path, block).exit_code == 0
    game = tmp_path / "game"
    game.mkdir()
    source = (ROOT / "components.toml").read_text()
    (game / "components.toml").write_text(source.replace("villages = 5", "villages = 6"))
    result = run(tmp_path, block, "--game", str(game))
    assert result.exit_code == 1 and "no winner yet" in result.output


def test_options_are_listed_and_usable_in_blocks(tmp_path):
    result = RUNNER.invoke(app, ["rules", "--options"])
    assert result.exit_code == 0
    for name in ("no-moves", "tracker-advance", "treasure-pickup", "turn-cap"):
        assert name in result.output
    block = ILLEGAL.replace("title: A stunned troop cannot push", "title: x\noption: colour=red")
    result = run(tmp_path, block)
    assert result.exit_code == 2 and "unknown option 'colour'" in result.output


def test_rules_md_examples_all_pass():
    if not (ROOT / "rules.md").exists():
        pytest.skip("rules.md not written yet")
    result = RUNNER.invoke(app, ["check", str(ROOT / "rules.md"), str(ROOT / "examples.md"), "--game", str(ROOT)])
    assert result.exit_code == 0, result.output
    passed = int(result.output.strip().splitlines()[-1].split()[0])
    assert passed >= 63  # the core rulebook and the booklet together: no example lost


def test_the_plain_command_lines_take_exactly_the_options_typer_declares():
    """`pnp check` and `pnp build` run without loading typer when every word is one of their
    options (generator.cli.PLAIN): the same option names, flags and destinations as the typer
    commands, so the two ways in cannot drift apart."""
    import typer.main

    from generator.cli import PLAIN
    group = typer.main.get_command(app)
    for name, (values, flags) in PLAIN.items():
        options = [p for p in group.commands[name].params if p.param_type_name == "option"]
        declared_values = {opt: p.name for p in options if not p.is_flag for opt in p.opts}
        declared_flags = {opt: p.name for p in options if p.is_flag for opt in p.opts}
        assert (values, flags) == (declared_values, declared_flags), name


@pytest.mark.parametrize("args", [["build", "--game", "GAME", "--out=OUT", "--paper", "letter", "--png"],
                                  ["build", "--game", "GAME", "--out", "OUT", "--paper", "letter", "--png"]])
def test_a_plain_build_runs_without_typer_and_does_what_typer_would(tmp_path, args):
    """The same command line through generator.cli.main (no typer loaded) and through typer: the
    same files, in a fresh process."""
    import subprocess
    import sys
    game = tmp_path / "game"
    game.mkdir()
    (game / "components.toml").write_text((ROOT / "components.toml").read_text(encoding="utf-8"), encoding="utf-8")
    words = [str(game) if a == "GAME" else a.replace("OUT", str(tmp_path / "plain")) for a in args]
    code = ("import sys; from generator.cli import main\n"
            "try:\n    main(sys.argv[1:])\nfinally:\n    print('typer loaded' if 'typer' in sys.modules else 'no typer')")
    plain = subprocess.run([sys.executable, "-c", code, *words], capture_output=True, text=True, cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.splitlines()[-1] == "no typer"
    typed = RUNNER.invoke(app, [w.replace(str(tmp_path / "plain"), str(tmp_path / "typed")) for w in words])
    assert typed.exit_code == 0, typed.output
    made = sorted(p.name for p in (tmp_path / "plain").rglob("*") if p.is_file())
    assert made == sorted(p.name for p in (tmp_path / "typed").rglob("*") if p.is_file()) and made
    assert (tmp_path / "plain" / "siege-of-armagh-letter.pdf").read_bytes() == \
        (tmp_path / "typed" / "siege-of-armagh-letter.pdf").read_bytes()



def tafl_block(before: dict, play: str, after: dict, before_lines: str = "", after_lines: str = "") -> str:
    """A ```tafl block on a 7 x 7 board, its grids given as pieces by square (d4="K")."""
    return (f"```tafl\ntitle: A move on the small board\n{grid(7, **before)}{before_lines}play: {play}\n"
            f"expect:\n{grid(7, **after)}{after_lines}```\n")


SEVEN = tafl_block({"d4": "K", "b2": "A"}, "b2-b5", {"d4": "K", "b5": "A"},
                   after_lines="to-move: defenders\nlast-attackers: b2-b5\n")


def test_a_block_of_an_unknown_fence_with_play_lines_exits_2_at_its_fence(tmp_path):
    stray = "```jarl\ntitle: A jarl's move\nplay: a1-a2\nexpect: illegal\n```\n"
    for text, line in ((f"# Rules\n\n{stray}", 3), (f"{GOOD}\n{stray}", 33)):
        result = run(tmp_path, text)
        assert result.exit_code == 2, result.output
        assert f"ex.md:{line}: unknown example fence 'jarl'; known: armagh, duel, tafl, territory" in result.output
        assert "passed, 0 failed, 1 unreadable" in result.output


def test_code_blocks_and_fences_without_play_lines_are_left_alone(tmp_path):
    text = ("```python\nplay: 1\n```\n\n```text\nexpect: nothing\n```\n\n```toml\nx = 1\n```\n\n"
            "```\nplay: a1-a2\n```\n\n```jarl\nA saga, not an example.\n```\n")
    result = run(tmp_path, text)
    assert result.exit_code == 0 and "0 passed, 0 failed" in result.output, result.output


def test_a_build_stops_at_a_block_of_an_unknown_fence(tmp_path):
    shutil.copy(ROOT / "components.toml", tmp_path / "components.toml")
    (tmp_path / "rules.md").write_text("# Rules\n\nText.\n\n```jarl\nplay: a1-a2\nexpect: illegal\n```\n")
    result = RUNNER.invoke(app, ["build", "--game", str(tmp_path)])
    assert result.exit_code == 2
    assert "rules.md:5: unknown example fence 'jarl'; known: armagh, duel, tafl, territory" in result.output


def test_a_failing_tafl_example_on_a_7_by_7_board_shows_the_usual_diff(tmp_path):
    assert run(tmp_path, SEVEN).exit_code == 0
    result = run(tmp_path, SEVEN.replace("5 . A . . . . .", "5 . . A . . . ."))
    assert result.exit_code == 1, result.output
    assert "ex.md:1: FAILED  A move on the small board" in result.output
    assert "line 12: the result differs from the expectation" in result.output
    assert "5  . [.][A] .  .  .  .   5  . [A][.] .  .  .  ." in result.output
    assert "b5: expected ., got A" in result.output and "c5: expected A, got ." in result.output
    assert "0 passed, 1 failed" in result.output and "internal error" not in result.output
    larger = tafl_block({"d4": "K", "b2": "A"}, "b2-b5", {"e5": "K", "b5": "A"}).replace(
        "expect:\n" + grid(7, e5="K", b5="A"), "expect:\n" + grid(9, e5="K", b5="A"))
    result = run(tmp_path, larger)
    assert result.exit_code == 1 and "line 12: the expected grid is 9 x 9, the board played on is 7 x 7" in result.output


@pytest.mark.parametrize("text,report", [
    # Tafl: the play is accepted, but an attacker is expected on a corner
    (tafl_block({"d4": "K", "b2": "A"}, "b2-b5", {"d4": "K", "a7": "A"}, after_lines="to-move: defenders\n"),
     "line 13: expected position is impossible: a7 is a corner: only the king may stand there (ruling 5)"),
    # Tafl: a defender is expected on the throne; the report is the refused play
    (tafl_block({"d5": "D", "f2": "K", "b2": "A"}, "d5-d4", {"d4": "D", "f2": "K", "b2": "A"},
                before_lines="to-move: defenders\n"),
     "line 12: illegal move 'd5-d4': ruling 5: only the king may end a move on the throne"),
    # Siege: the pushed troop is expected on a river tile
    (GOOD.replace("5  . . . V . . . .\n4  ~ ~ ~ ~", "5  . . . V . . . .\n4  ~ ~ ~ I~"),
     "line 25: expected position is impossible: d4: bad cell 'I~': a river tile never holds a piece"),
    # Siege: two pieces are expected to carry the game's one treasure
    (GOOD.replace("5  . . . V . . . .\n4", "5  . . . V$ . . V$ .\n4"),
     "line 20: expected position is impossible: the treasure ($) is on more than one piece"),
])
def test_an_impossible_expected_position_is_a_failed_example(tmp_path, text, report):
    result = run(tmp_path, text)
    assert result.exit_code == 1, result.output
    assert "ex.md:1: FAILED" in result.output or "ex.md:5: FAILED" in result.output
    assert report in result.output
    assert "0 passed, 1 failed" in result.output and "unreadable" not in result.output


@pytest.mark.parametrize("text,located", [
    (tafl_block({"d4": "D", "f2": "K", "b2": "A"}, "b2-b5", {"d4": "D", "f2": "K", "b5": "A"}),
     "ex.md:3: d4 is the throne: only the king may stand there (ruling 5)"),
    (GOOD.replace("5  . . . I . . . .\n4  ~ ~ ~ ~", "5  . . . . . . . .\n4  ~ ~ ~ I~", 1),
     "ex.md:13: d4: bad cell 'I~': a river tile never holds a piece"),
])
def test_an_impossible_before_position_stays_unreadable(tmp_path, text, located):
    result = run(tmp_path, text)
    assert result.exit_code == 2 and located in result.output, result.output
