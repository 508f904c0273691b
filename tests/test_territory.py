"""The territory package (docs/rulings/territory.md, docs/diagram-notation.md "Territory blocks"):
a test per ruling built from blocks, every corner of the block grammar that must be unreadable,
bad game files named at their line, views and hidden values, and the game in the lab."""

from __future__ import annotations

import pickle
import random
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.check import check_text, format_report
from generator.cli import app
from generator.config import load_game
from generator.errors import GameFileError
from generator.games.territory.lines import board_lines
from generator.lab.players import Player
from generator.lab.simulate import GameTask, play_game

ROOT = Path(__file__).resolve().parents[1]
HOARD = ROOT / "games" / "hoard"
GAME = load_game(HOARD)
GRID = """   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .    S3   $4   .    .    $6   .    .
3  .    .    .    .    $7   .    .    .
2  .    $3   .    .    .    E1   $5   .
1  .    .    .    $4   .    .    .    $6"""
WEST_EAST = """   a    b    c    d    e    f    g    h
5  $5   .    .    .  | .    .    .    .
4  .    S3   $4   .  | .    $6   .    .
3  .    .    .    .  | $7   .    .    .
2  .    $3   .    .  | .    E1   $5   .
1  .    .    .    $4 | .    .    .    $6"""


def check(block: str):
    report = check_text(f"```territory\n{block.strip()}\n```\n", Path("t.md"), GAME)
    return report.exit_code, format_report(report)


def grid(*changes: tuple[str, str], base: str = GRID) -> str:
    for old, new in changes:
        assert old in base, old
        base = base.replace(old, new, 1)
    return base


# ----------------------------------------------------------------------------- rulings, block by block
def block(*parts: str) -> str:
    return "\n".join(part.strip("\n") for part in parts if part)


NW_FENCED = """   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .  | S3 | $4   .    .    $6   .    .
        --
3  .    .    .    .    $7   .    .    .
2  .    $3   .    .    .    E1   $5   .
1  .    .    .    $4   .    .    .    $6"""
CORNER = """   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .    S3   $4   .    .    $6   .    .
3  .    .    .    .    $7   .    .    .
   --
2  .    $3 | .    .    .    E1   $5   .
1  .    .  | .    $4   .    .    .    $6"""
PASSERS = """   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .    .    $4   .    .    $6   .    .
3  .    .    .    .    $7   .    .    .
   --   --   --
2  H1   $3   .  | .    .    .    $5   .
1  S1   E1   T1 | $4   .    .    .    $6"""
RULINGS = [
    # 1, 10, 12: any two sides of the file may play, seated in file order; the first starts
    (1, block("sides: E H", grid(("S3", "."), ("E1", "H1")), "play: place E2 d3", "expect: winner E"), 1),
    (10, block("sides: S T", grid(("E1", "T1")), "play: place S2 d3", "play: place T2 d4", "play: place S1 a1",
               "expect:", grid(("E1", "T1"), (".    .    .    .    $7", ".    .    .    S2   $7"),
                               ("4  .    S3   $4   .", "4  .    S3   $4   T2"), ("1  .    .", "1  S1   .")),
               "to-move: T"), 0),
    # 7, 8: a palisade may stand between a warrior and a mine
    (8, block("sides: S E", grid((".    .    .    .    $7", ".    .    .    E2   $7")), "play: palisade d3|e3",
              "expect:", grid((".    .    .    .    $7", ".    .    .    E2 | $7")),
              "to-move: E", "warriors-E: 1=3 2=2 3=2 4=2 5=1"), 0),
    # 9: corners do not join squares: a square fenced on its four sides is a territory of its own
    (9, block("sides: S E", "option: min-territory=1", NW_FENCED, "play: palisade b4/b5", "expect:",
              NW_FENCED.replace("5  $5   .    .    .    .    .    .    .",
                                "5  $5   .    .    .    .    .    .    .\n        --"), "to-move: E"), 0),
    (9, block("sides: S E", "option: min-territory=2", NW_FENCED, "play: palisade b4/b5", "expect: illegal"), 0),
    # 13: after a pass the turn skips that side for good
    (13, block("sides: S E T", GRID, "passed: E", "play: place S1 a1", "expect:",
               grid(("1  .    .", "1  S1   .")), "passed: E", "to-move: T"), 0),
    # 14: a warrior never goes on a mine or a warrior, nor from an empty supply, nor out of turn
    (14, block(GRID, "play: place S1 b4", "expect: illegal"), 0),
    (14, block(GRID, "play: place S1 e3", "expect: illegal"), 0),
    (14, block(GRID, "warriors-S: 2=1", "play: place S1 a1", "expect: illegal"), 0),
    (14, block(GRID, "play: place E1 a1", "expect: illegal"), 0),
    # 15: 1 to N lines, all different, all free, no more than the supply holds
    (15, block(GRID, "play: palisade a1|b1 a1|b1", "expect: illegal"), 0),
    (15, block(grid(("1  .    .", "1  .  | .")), "play: palisade a1|b1", "expect: illegal"), 0),
    (15, block(GRID, "palisades: 1", "play: palisade a1|b1 g5|h5", "expect: illegal"), 0),
    (15, block("option: palisades-per-turn=3", GRID, "play: palisade a1|b1 g5|h5 d5|e5", "expect:",
               grid(("1  .    .", "1  .  | ."), ("5  $5   .    .    .    .", "5  $5   .    .    .  | .")),
               "to-move: E", "palisades: 31"), 1),       # g5|h5 is missing from the expected grid
    # 16: only new territories are judged, together or one by one alike; a small one drawn before is allowed
    (16, block("option: min-territory=5", CORNER, "play: palisade b2/b3 g5|h5", "expect: illegal"), 0),
    (16, block("option: min-territory=5", CORNER, "play: palisade g5|h5 b2/b3", "expect: illegal"), 0),
    (16, block(CORNER, "play: palisade g5|h5 b2/b3", "expect:",
               grid(("3  .    .    .    .    $7   .    .    .\n   --", "3  .    .    .    .    $7   .    .    .\n   --   --"),
                    (".    .    .    .\n4", ".    .    .  | .\n4"), base=CORNER), "to-move: E"), 0),
    (16, block(NW_FENCED, "play: palisade g1|h1", "expect:", grid(("$6   .    .", "$6   .    ."),
               ("1  .    .    .    $4   .    .    .    $6", "1  .    .    .    $4   .    .    .  | $6"), base=NW_FENCED),
               "to-move: E"), 0),
    # 17: out of palisades, warriors; out of warriors, palisades
    (17, block(GRID, "palisades: 0", "play: place S1 a1", "expect:", grid(("1  .    .", "1  S1   .")),
               "palisades: 0", "to-move: E"), 0),
    (17, block(GRID, "warriors-S: none", "play: place S1 a1", "expect: illegal"), 0),
    # 18, 19: a pass is always legal and final; when the last side passes nothing more is
    (18, block("sides: S E", GRID, "play: pass", "play: place E1 a1", "play: place E2 b1", "expect:",
               grid(("1  .    .", "1  E1   E2")), "passed: S", "to-move: E"), 0),
    (19, block("sides: S E", WEST_EAST, "passed: S", "to-move: E", "play: pass", "play: pass", "expect: illegal"), 0),
    # 21, 22: a territory without warriors gives nobody its gold; a share of 0 makes no pile
    (21, block("sides: S E", WEST_EAST.replace("S3", "."), "passed: S", "to-move: E", "play: pass",
               "expect: score S=0 E=24"), 0),
    (22, block(PASSERS, "passed: S E T", "to-move: H", "play: pass", "expect:", PASSERS,
               "passed: S E T H", "score: S=0 E=0 T=0 H=0", "winner: S E T H"), 0),   # 3 gold / 4: no pile
]


@pytest.mark.parametrize("ruling, block, code", RULINGS, ids=[f"r{r}-{n}" for n, (r, _, _) in enumerate(RULINGS)])
def test_each_ruling(ruling, block, code):
    got, report = check(block)
    assert got == code, f"{block}\n---\n{report}"


def test_the_tie_break_compares_piles_in_order_and_a_missing_pile_counts_zero():
    from generator.games.territory.scoring import winners_of
    assert winners_of((12, 12, 12), ((7, 5), (7, 3, 2), (6, 6))) == ((0,), "tie-break")   # the second piles
    assert winners_of((10, 10), ((5, 5), (5, 5))) == ((0, 1), "shared")
    assert winners_of((10, 10, 10), ((6, 4), (6, 3, 1), (6, 4))) == ((0, 2), "shared")   # two left at the end
    assert winners_of((0, 0, 0), ((), (), ())) == ((0, 1, 2), "shared")
    assert winners_of((3, 9), ((3,), (9,))) == ((1,), "most-gold")


# ----------------------------------------------------------------------------- the grammar's corners
UNREADABLE = [
    (f"{GRID}\nturn: 3\nplay: pass\nexpect: illegal", 7, "expected a state line"),
    (f"option: fast\n{GRID}\nplay: pass\nexpect: illegal", 1, "unknown option 'fast'"),
    (f"option: peek\noption: peek=off\n{GRID}\nplay: pass\nexpect: illegal", 2, "option peek is given twice"),
    (f"option: min-territory=0\n{GRID}\nplay: pass\nexpect: illegal", 1, "min-territory takes a whole number from 1"),
    (f"{GRID}\nplay: jump a1\nexpect: illegal", 7, "expected a play as"),
    (f"{GRID}\npalisades: 3\npalisades: 4\nplay: pass\nexpect: illegal", 8, "palisades is given twice"),
    (f"{GRID}\nplay: place S1 i9\nexpect: illegal", 7, "bad square 'i9'"),
    (f"{GRID}\nplay: palisade c3|c4\nexpect: illegal", 7, "'c3|c4' is not a line"),
    (f"{GRID}\nplay: palisade c3/d3\nexpect: illegal", 7, "'c3/d3' is not a line"),
    (f"{GRID}\nplay: palisade\nexpect: illegal", 7, "palisade needs at least one line"),
    (f"{GRID}\nplay: place S1.5 d3\nexpect: illegal", 7, "bad warrior 'S1.5'"),
    (f"{GRID}\nplay: place S0 d3\nexpect: illegal", 7, "bad warrior 'S0'"),
    (f"{GRID}\nplay: place S? d3\nexpect: illegal", 7, "bad warrior 'S?'"),
    (f"{GRID}\nplay: place X1 d3\nexpect: illegal", 7, "'X' is no side's letter"),
    (f"{GRID}\nplay: pass pass\nexpect: illegal", 7, "expected a play as"),
    (f"{GRID}\nplay: end\nexpect: illegal", 7, "expected a play as"),
    (f"{grid(('$5   .    .    .    .', '$0   .    .    .    .'))}\nplay: pass\nexpect: illegal", 2, "a5: the gold of '$0'"),
    (f"{GRID}\nplay: pass\nexpect:", 9, "found the end of the block"),
    (f"{GRID}\nexpect: illegal", 7, "expect: illegal needs at least one play: line"),
    (f"{GRID}\nplay: pass\nexpect: winner S\nto-move: E", 9, "unexpected line after the expectation"),
    (f"{GRID}\nview: S\nplay: pass\nexpect: illegal", 7, "view: is a header line"),
    (f"{GRID}\noption: peek\nplay: pass\nexpect: illegal", 7, "option: is a header line"),
    (f"{GRID}\nplay: pass\npalisades: 3\nexpect: illegal", 8, "expected a play: or expect: line"),
    (grid(("$5   .", "$5\t."),) + "\nplay: pass\nexpect: illegal", 2, "a tab in the grid"),
    (grid(("5  $5", "5 |$5"),) + "\nplay: pass\nexpect: illegal", 2, "a | before the first cell"),
    (GRID + " |\nplay: pass\nexpect: illegal", 6, "a | after the last cell"),
    (grid(("5  $5", "   --\n5  $5"),) + "\nplay: pass\nexpect: illegal", 2, "above the top rank"),
    (GRID + "\n   --\nplay: pass\nexpect: illegal", 7, "below the bottom rank"),
    (grid(("3  .", "     -\n3  ."),) + "\nplay: pass\nexpect: illegal", 4, "stands under no cell"),
    (grid(("3  .", "   ----------\n3  ."),) + "\nplay: pass\nexpect: illegal", 4, "stands under 2 cells"),
    (grid(("3  .", "   --\n   --\n3  ."),) + "\nplay: pass\nexpect: illegal", 5, "twice in one gap"),
    (grid(("4  .    S3", "4  S10  S3"), ("3  .", "   - -\n3  ."),) + "\nplay: pass\nexpect: illegal", 4,
     "two runs of - under the cell of file a"),
    (grid(("4  .    S3 ", "4  . || S3 "),) + "\nplay: pass\nexpect: illegal", 3, "two | in one gap"),
    (grid(("$5   .    .", "$5   $3   ."),) + "\nplay: pass\nexpect: illegal", 2, "b5: '$3' stands on a square that is no mine"),
    (grid(("$4   .    .    .    $6", ".    .    .    .    $6"),) + "\nplay: pass\nexpect: illegal", 6, "d1 is a gold mine"),
    (grid(("$7", "$8"),) + "\nplay: pass\nexpect: illegal", 1, "the mines hold 3 4 4 5 5 6 6 8"),
    ("sides: S E\n" + grid(("E1", "T1"),) + "\nplay: pass\nexpect: illegal", 6, "T is not playing in this block"),
    (grid(("E1", "X1"),) + "\nplay: pass\nexpect: illegal", 5, "bad cell 'X1'"),
    (grid(("E1", "E0"),) + "\nplay: pass\nexpect: illegal", 5, "the value of 'E0'"),
    (f"{GRID}\nscore: S=1 E=2 T=0 H=0\nplay: pass\nexpect: illegal", 7, "score is a result"),
    (f"{GRID}\nwinner: S\nplay: pass\nexpect: illegal", 7, "winner is a result"),
    (f"{GRID}\npiles-S: 3\nplay: pass\nexpect: illegal", 7, "piles-S is a result"),
    (f"{GRID}\npassed: S E T H\nplay: pass\nexpect: illegal", 7, "every playing side has passed"),
    (f"{GRID}\npassed: S\nto-move: S\nplay: pass\nexpect: illegal", 8, "to-move: S cannot move"),
    (f"{GRID}\nto-move: none\nplay: pass\nexpect: illegal", 7, "to-move: expected a playing side's letter"),
    (f"{GRID}\npassed: S S\nplay: pass\nexpect: illegal", 7, "a side is named twice"),
    (f"{GRID}\nwarriors-S: 1=x\nplay: pass\nexpect: illegal", 7, "warriors-S:"),
    (f"{GRID}\nwarriors-S:\nplay: pass\nexpect: illegal", 7, "warriors-S: no value"),
    (f"{GRID}\npalisades: -1\nplay: pass\nexpect: illegal", 7, "palisades must be a whole number"),
    (f"sides: E S\n{GRID}\nplay: pass\nexpect: illegal", 1, "write the sides in the game's order"),
    (f"sides: S\n{GRID}\nplay: pass\nexpect: illegal", 1, "2 to 4 playing sides"),
    (f"sides: S E T H X\n{GRID}\nplay: pass\nexpect: illegal", 1, "'X' is no side of the game"),
    (f"sides: S E\nview: T\n{GRID}\nplay: pass\nexpect: illegal", 2, "view: expected the letter of a playing side"),
    (f"sides: S E\nsides: S E\n{GRID}\nplay: pass\nexpect: illegal", 2, "sides is given twice"),
    (f"{GRID}\nplay: pass\nexpect: winner X", 8, "unknown side 'X'"),
    (f"{GRID}\nplay: pass\nexpect: score S=1 E=2", 8, "expect: score needs every side's score"),
    (f"{grid(('   a    b    c    d    e    f    g    h', '   a b c'))}\nplay: pass\nexpect: illegal", 1,
     "the file letters name 3 files"),
    ("\n".join(GRID.splitlines()[:-1]) + "\nplay: pass\nexpect: illegal", 6, "expected rank 1 of the grid"),
    ("sides: S E\n" + grid(("S3", "S?")) + "\npassed: E\nplay: pass\nexpect: winner S", 9,
     "the scoring needs the value of S? on b4"),
    (f"{GRID}\nplay: pass\nexpect:\n{GRID}\nscore: S=1\n", 15, "every playing side's gold is needed"),
    (f"{GRID}\nplay: pass\nexpect:\n{GRID}\npiles-S: 0\n", 15, "piles-S: a pile must be a whole number from 1"),
]


@pytest.mark.parametrize("block, line, message", UNREADABLE, ids=[m[:40] for _, _, m in UNREADABLE])
def test_unreadable_blocks_name_their_line(block, line, message):
    """Exit 2, naming the block's file and line (the fence is line 1, the block's first line 2)."""
    got, report = check(block)
    assert got == 2 and f"t.md:{line + 1}: " in report and message in report, report


def test_a_fence_never_closed_is_unreadable():
    report = check_text(f"# Rules\n\n```territory\n{GRID}\nplay: pass\nexpect: illegal\n", Path("t.md"), GAME)
    assert report.exit_code == 2 and "t.md:3: the territory block opened here is never closed" in format_report(report)


def test_a_wrong_expectation_says_what_differs_with_the_palisades_drawn():
    got, report = check(f"{GRID}\nplay: palisade c3/c4\nexpect:\n{GRID}\nto-move: E\npalisades: 33\n")
    assert got == 1
    assert "c3/c4: expected no palisade, got one" in report
    assert re.search(r"4  \.\s+\[S3\]\s+\[\$4\]", report) is None      # only the differing cell is marked
    assert "  -- " in report or "--" in report                            # the actual grid draws it


def test_a_placement_by_a_side_of_the_file_that_does_not_play_is_illegal_not_unreadable():
    got, report = check(f"sides: S E\n{GRID}\nplay: place T1 d3\nexpect: illegal")
    assert got == 0, report
    got, report = check(f"sides: S E\n{GRID}\nplay: place T1 d3\nexpect:\n{GRID}")
    assert got == 1 and "it is S's turn, not T's" in report


# ----------------------------------------------------------------------------- views and hidden values
VIEW = """sides: S E
view: E
{options}
   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .    S3   $4   .    .    $6   .    .
3  .    .    .    .    $7   .    .    .
2  .    $3   .    .    .    E1   $5   .
1  .    .    .    $4   .    .    .    $6
play: place S4 e4
expect:
   a    b    c    d    e    f    g    h
5  $5   .    .    .    .    .    .    .
4  .    S?   $4   .    S?   $6   .    .
3  .    .    .    .    $7   .    .    .
2  .    $3   .    .    .    {own}   $5   .
1  .    .    .    $4   .    .    .    $6
to-move: E
"""


@pytest.mark.parametrize("options, own, code", [("", "E?", 0), ("", "E1", 1), ("option: peek", "E1", 0),
                                                ("option: peek=on", "E?", 1), ("option: peek=off", "E?", 0)])
def test_a_view_hides_the_others_values_and_its_own_without_peek(options, own, code):
    got, report = check(VIEW.format(options=options, own=own))
    assert got == code, report


def test_the_game_files_default_options_apply_and_a_block_may_turn_them_off(tmp_path):
    folder = copy_hoard(tmp_path)
    edit(folder, "palisades_per_turn = 2\n", 'palisades_per_turn = 2\noptions = "peek"\n')
    game = load_game(folder)
    assert game.resolve({}).peek and not game.resolve({"peek": "off"}).peek
    report = check_text(f"```territory\n{VIEW.format(options='', own='E1')}```\n", Path("t.md"), game)
    assert report.exit_code == 0, format_report(report)


def test_after_the_end_every_value_is_shown_to_every_side():
    block = f"sides: S E\nview: S\n{WEST_EAST}\npassed: S\nto-move: E\nplay: pass\nexpect:\n{WEST_EAST}\n" \
            "passed: S E\nscore: S=16 E=24\npiles-S: 16\npiles-E: 24\nwinner: E\n"
    got, report = check(block)
    assert got == 0, report


def test_views_hold_no_other_sides_values_and_determinize_back_to_the_view():
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = GAME.with_players(players).new_initial_state()
        while not state.is_game_over():
            state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_moves()))
            for side in state.game.sides:
                seat = state.game.seat(side)
                view = state.view(side)
                for s in view.warriors:
                    if view.owner[s] != seat and not state.is_game_over():
                        assert view.value[s] == 0
                assert all(pairs is None or k == seat or not state.left[k] for k, pairs in enumerate(view.supply))
                sample = view.determinize(rng)
                assert sample.view(side).diagram() == view.diagram()
                assert [sample.left[k] for k in range(players)] == list(state.left)


def test_the_lab_hands_each_player_its_own_view_only():
    """A player that records what it is shown: never another side's value before the end."""

    class Spy(Player):
        name = "spy"
        seen: list = []

        def choose(self, view, rng):
            Spy.seen.append(view)
            return rng.choice(view.legal_moves())

    from generator.lab import players as lab_players
    original = lab_players.PlayerSpec.build
    lab_players.PlayerSpec.build = lambda spec: Spy()
    try:
        game = GAME.with_players(3)
        play_game(GameTask(0, 11, (lab_players.PlayerSpec("random"),) * 3, game, options=()))
    finally:
        lab_players.PlayerSpec.build = original
    assert Spy.seen
    for view in Spy.seen:
        mover = view.mover
        assert view.viewer == mover
        assert all(view.value[s] == 0 for s in view.warriors if view.owner[s] != mover)
        assert all(pairs is None for k, pairs in enumerate(view.supply) if k != mover and view.left[k])


# ----------------------------------------------------------------------------- the game file
def copy_hoard(tmp_path: Path) -> Path:
    folder = tmp_path / "hoard"
    shutil.copytree(HOARD, folder, ignore=shutil.ignore_patterns("output"))
    return folder


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "components.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "components.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


FIFTH_SIDE = '[sides.stone]\nname = "Stone clan"'
BAD_FILES = [
    (FIFTH_SIDE, '[sides.moss]\nname = "Moss clan"\n\n' + FIFTH_SIDE, "[sides.thorn]",
     "is side 5: a territory game has 2 to 4 sides (ruling 1)"),
    ("clans = 4", "clans = 3", "clans = 3", "but the file has 4 [sides.NAME] tables"),
    ("gold_piles = 8", "gold_piles = 7", "gold_pile_sizes =", "gives 8 piles, but gold_piles is 7"),
    ('gold_pile_sizes = "3 4 4 5 5 6 6 7"', 'gold_pile_sizes = "3 4 4 5 5 6 0 7"', "gold_pile_sizes =",
     "a pile's size must be a whole number from 1"),
    ('h1 = "mine", e3 = "mine"', 'h1 = "mine"', "cells = {", "marks 7 squares \"mine\", but gold_piles is 8"),
    ('warriors_4 = "1=2 2=2 3=1 4=1 5=1"', 'warriors_4 = "1=2 2=2 3=1 4=1 5=2"', "warriors_4 =",
     "uses 2 warriors of value 5, but [tokens.warriors] prints 1"),
    ('warriors_3 = "1=3 2=2 3=2 4=1 5=1"', 'warriors_3 = "1=3 6=1"', "warriors_3 =",
     "uses 1 warrior of value 6, but [tokens.warriors] prints 0"),
    ('warriors_2 = "1=4 2=3 3=2 4=2 5=1"', 'warriors_2 = "1=4 1=3"', "warriors_2 =", "the value 1 is given twice"),
    ("min_territory = 4", "min_territory = 0", "min_territory = 0", "must be a whole number from 1"),
    ("palisade_count = 34", "palisade_count = 10000000000", "palisade_count = 1",
     "[numbers] palisade_count must be a whole number from 0 to 100,000"),
    ("palisades_per_turn = 2", "palisades_per_turn = -2", "palisades_per_turn = -2", "must be a whole number from 1"),
    ("values = { 1 = 5, 2 = 4", 'values = { one = 5, 2 = 4', "values = { one",
     "a warrior's value must be a whole number from 1"),
    ("palisades_per_turn = 2\n", 'palisades_per_turn = 2\noptions = "peek fast"\n', "options =", "unknown option 'fast'"),
]


@pytest.mark.parametrize("old, new, at, message", BAD_FILES, ids=[b[1].split("\n")[0][:30] for b in BAD_FILES])
def test_a_game_file_the_rulings_reject_names_components_toml_and_the_line(tmp_path, old, new, at, message):
    folder = copy_hoard(tmp_path)
    edit(folder, old, new)
    with pytest.raises(GameFileError) as caught:
        load_game(folder)
    assert message in str(caught.value), str(caught.value)
    assert caught.value.path.name == "components.toml" and caught.value.line == line_of(folder, at)


MINIMAL = """[game]
package = "territory"
title = "Two valleys"

[numbers]
gold_piles = 2
gold_pile_sizes = "3 5"

[sides.{first}]
[sides.{second}]

[board]
files = 4
ranks = 3
cells = {{ a1 = "mine", d3 = "mine" }}

[board.terrain.mine]
fill = "#d9b25a"

[tokens.warriors]
sides = true
values = {{ 1 = 2, 2 = 1 }}
"""


def test_letters_are_the_first_free_letter_of_each_name_and_a_side_needs_one(tmp_path):
    (tmp_path / "components.toml").write_text(MINIMAL.format(first="stone", second="stoneware"), encoding="utf-8")
    game = load_game(tmp_path)
    assert [clan.letter for clan in game.rules.clans] == ["S", "T"]
    assert (game.rules.files, game.rules.ranks, game.rules.palisade_count, game.rules.min_territory) == (4, 3, 35, 4)
    assert game.rules.warriors(2) == ((1, 2), (2, 1))                       # no warriors_2: the printed set
    (tmp_path / "components.toml").write_text(MINIMAL.format(first="ab", second="aa"), encoding="utf-8")
    with pytest.raises(GameFileError, match=r"every letter of 'aa' is taken") as caught:
        load_game(tmp_path)
    assert caught.value.line == 10


def test_the_cli_says_where_a_bad_game_file_is_and_checks_with_exit_2(tmp_path):
    folder = copy_hoard(tmp_path)
    edit(folder, "gold_piles = 8", "gold_piles = 9")
    result = CliRunner().invoke(app, ["check", str(folder / "rules.md")])
    assert result.exit_code == 2 and f"components.toml:{line_of(folder, 'gold_pile_sizes =')}:" in result.output


# ----------------------------------------------------------------------------- lines, moves, the API
def test_the_board_has_the_inner_lines_of_ruling_7():
    assert len(board_lines(8, 5).inner) == 7 * 5 + 8 * 4 == 67
    assert len(board_lines(26, 40).inner) == 25 * 40 + 26 * 39


def test_every_move_reads_back_from_its_notation_and_the_deal_is_chance():
    state = GAME.new_initial_state()
    assert state.is_chance_node() and state.in_setup()
    probabilities = dict((move.notation(), p) for move, p in state.chance_outcomes())
    assert probabilities == {"deal d1 3": 1 / 8, "deal d1 4": 2 / 8, "deal d1 5": 2 / 8, "deal d1 6": 2 / 8,
                             "deal d1 7": 1 / 8}
    rng = random.Random(2)
    while state.is_chance_node():
        state.push(state.sample_chance(rng))
    assert sorted(state.gold[s] for s in GAME.rules.mines) == list(GAME.rules.pile_sizes)
    for move in state.legal_moves():
        assert GAME.parse_move(move.notation()) == move


def test_a_random_game_ends_with_every_side_passed_and_a_result(tmp_path):
    for players in (2, 3, 4):
        state, rng = GAME.with_players(players).new_initial_state(), random.Random(players)
        while not state.is_game_over():
            state.push(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_moves()))
        assert state.passed == (1 << players) - 1 and state.legal_moves() == []
        assert len(state.scores()) == players and state.outcome().termination == "all-passed"


def test_the_game_pickles_for_the_labs_workers_without_its_kit():
    game = pickle.loads(pickle.dumps(GAME.with_players(3)))
    assert game.rules == GAME.rules and [s.label for s in game.sides] == ["stone", "ember", "tide"]
    assert game.board.files == 8 and game.faces.draw == {}


def test_players_count_and_sides_of_the_file():
    assert [s.label for s in GAME.with_players(2).sides] == ["stone", "ember"]
    with pytest.raises(ValueError, match="played by 2 to 4 players, not 5"):
        GAME.with_players(5)


# ----------------------------------------------------------------------------- the lab
def test_simulate_seats_two_three_and_four_players_and_sweeps_the_minimum_territory(tmp_path):
    runner = CliRunner()
    for players in ("2", "3", "4"):
        result = runner.invoke(app, ["simulate", "--game", str(HOARD), "--players", players, "--ai", "random",
                                     "-n", "6", "-j", "1", "--no-progress", "--no-png", "--no-strength",
                                     "--out", str(tmp_path / players)])
        assert result.exit_code == 0, result.output
        assert result.output.count(" wins ") == int(players)
        assert "seat order: win shares by seat" in result.output and "mean score [95% CI]" in result.output
    result = runner.invoke(app, ["simulate", "--game", str(HOARD), "--players", "3", "--ai", "random", "-n", "4",
                                 "-j", "1", "--no-progress", "--no-png", "--no-strength", "--vary", "min_territory=3,4,5",
                                 "--out", str(tmp_path / "vary")])
    assert result.exit_code == 0, result.output
    assert all(f"min_territory={k}: 4 games" in result.output for k in (3, 4, 5))
    result = runner.invoke(app, ["simulate", "--game", str(HOARD), "--players", "5", "-n", "1"])
    assert result.exit_code == 2


def test_greedy_and_mcts_finish_games_for_every_seat_count():
    from generator.lab.players import PlayerSpec
    for players, ai in ((2, "mcts:8"), (3, "greedy"), (4, "greedy")):
        game = GAME.with_players(players)
        record = play_game(GameTask(0, 5, (PlayerSpec.parse(ai),) * players, game, options=()))
        assert record["termination"] == "all-passed" and len(record["scores"]) == players
        assert record["winners"] and set(record["winners"]) <= {s.label for s in game.sides}


def test_a_small_game_whose_kit_has_no_face_for_each_side_builds_its_rulebook(tmp_path):
    """A 4 x 3 board (narrower than a diagram's usual crop) and warriors printed without sides:
    the diagrams write each warrior's letter and value, and palisades as plain bars."""
    (tmp_path / "components.toml").write_text(MINIMAL.format(first="stone", second="ash").replace(
        "sides = true\n", ""), encoding="utf-8")
    (tmp_path / "rules.md").write_text("""# Two valleys

```territory
   a    b    c    d
3  .    .    .    $5
2  .    S1   .    .
1  $3   .    .    A2
play: palisade b1|c1 b2|c2
play: pass
play: pass
expect: winner A
```
""", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "--game", str(tmp_path), "--out", str(tmp_path / "out"),
                                      "--rulebook-only"])
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader
    text = PdfReader(str(next((tmp_path / "out").glob("*.pdf")))).pages[0].extract_text()
    assert "S1" in text and "A2" in text and "Ash wins" in text


# ----------------------------------------------------------------------------- the browser table
def table_game(players: int, seed: int):
    """A rules table of Hoardfall for `players` people (one link each, and the hot seat)."""
    from generator.play.session import Table
    game = GAME.with_players(players)
    table = Table(game, vs="human", seed=seed)
    return table, {side.label: table.key_of(side.label) for side in game.sides}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_at_the_table_receives_only_its_own_view(players):
    """The scan Siege's payloads get, for every seat of a game of hidden values: no other side's
    warrior value, as a face, a badge, a word or a move of the history, until the count."""
    import json
    from generator.play.session import TABLE
    table, keys = table_game(players, seed=players)
    letters = {side.label: GAME.rules.clans[k].letter for side, k in zip(table.game.sides, table.game.playing)}
    rng, turns = random.Random(players), 0
    while not table.state.is_game_over():
        for label, key in keys.items():
            text = json.dumps(table.payload(key))
            for other in keys:
                if other != label:
                    assert not re.search(rf"warriors-{other}-\d", text), (label, other)
                    assert not re.search(rf"place {letters[other]}\d", text), (label, other)
        if table.handover:
            table.reveal(table.key_of(TABLE))
        mover = table.state.to_move.label
        table.play(keys[mover], rng.choice(table.state.legal_moves()).notation())
        turns += 1
    assert turns > 30
    payload = table.payload(keys["stone"])                 # the count: every value face up, the scores
    assert payload["outcome"]["headline"].endswith(("wins", "share the win"))
    assert [tally["side"] for tally in payload["scores"]] == list(keys)


def test_the_table_offers_lines_for_palisades_and_says_each_move_in_words():
    table, keys = table_game(3, seed=5)
    payload = table.payload(keys["stone"])
    assert payload["your_turn"] and not table.state.is_chance_node()   # the table dealt the gold itself
    words = {move["move"]: move["words"] for move in payload["moves"]}
    assert words["place S1 a1"] == "Place a 1 face down on a1" and words["pass"] == "Pass for the rest of the game"
    edges = {move["move"]: move["edge"] for move in payload["moves"] if move["edge"]}
    assert edges["palisade c3|d3"] == ["c3", "d3"] and len(edges) == 67
    assert payload["prompt"].startswith("Place a warrior face down on a free square, raise up to 2 palisades")
    table.play(keys["stone"], "palisade c3|d3")
    payload = table.payload(keys["stone"])
    assert payload["edges"] == [{"a": "c3", "b": "d3", "face": "palisades"}]
    assert payload["prompt"] == "Place another palisade (1 of 2 placed), or end your turn."
    hands = {zone["side"]: zone["pieces"] for zone in table.payload(keys["ember"])["zones"]}
    assert all(face == "warriors-stone-back" for face, _ in hands["stone"])
    assert {face for face, _ in hands["ember"]} == {f"warriors-ember-{v}" for v in range(1, 6)}


def test_pnp_play_seats_two_to_four_clans(monkeypatch):
    import generator.play.server as server
    started = []
    monkeypatch.setattr(server, "serve", lambda table, **kwargs: started.append(table))
    for players in ("2", "3", "4"):
        result = CliRunner().invoke(app, ["play", "--game", str(HOARD), "--players", players, "--vs", "human",
                                          "--no-browser"])
        assert result.exit_code == 0, result.output
    assert [len(table.game.sides) for table in started] == [2, 3, 4]
    result = CliRunner().invoke(app, ["play", "--game", str(HOARD), "--players", "3", "--vs", "greedy", "--no-browser"])
    assert result.exit_code == 0 and started[-1].ai_sides == ("ember", "tide")
    result = CliRunner().invoke(app, ["play", "--game", str(ROOT / "games" / "tafl"), "--players", "3", "--no-browser"])
    assert result.exit_code == 2 and "--players 3: Tafl is played by 2 players, not 3" in result.output


def test_the_table_tints_each_territory_as_soon_as_palisades_close_it():
    """Ruling 9 at the table: once the palisades split the board, every square is washed in its
    territory's colour (as the rulebook's diagrams wash it), the same for every seat."""
    table, keys = table_game(2, seed=7)
    assert table.payload(keys["stone"])["tints"] == {}          # one territory: nothing to tell apart
    rng = random.Random(7)
    while table.state.tint_groups() is None:
        mover = table.state.to_move.label
        palisades = [m for m in table.state.legal_moves() if m.notation().startswith("palisade")]
        table.play(keys[mover], rng.choice(palisades or table.state.legal_moves()).notation())
    groups = table.state.tint_groups()
    names = [table.game.board.square_name(s) for s in range(len(groups))]
    for label, key in keys.items():
        tints = table.payload(key)["tints"]
        assert sorted(tints) == sorted(names)
        for a, b in zip(names, names[1:]):
            same = groups[names.index(a)] == groups[names.index(b)]
            assert (tints[a] == tints[b]) == same or len(set(groups)) > 8
