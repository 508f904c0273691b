"""The duel package: its rulings, each from a diagram (docs/rulings/duel.md), its blocks and their
faults (exit 2 for what cannot be read, naming file:line; exit 1 with what differed), a folder's
faults (components.toml:LINE and the tile), the shipped rulebooks, the diagrams' arrows and marks,
and the lab. The engine against an independent reference: tests/test_duel_reference.py."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from folders import copy_game
from generator.cli import app
from generator.config import load_game
from generator.errors import GameFileError
from generator.games.duel import DuelGame

ROOT = Path(__file__).resolve().parent.parent
TESSERA, THORNWICK = ROOT / "games" / "tile-duel", ROOT / "games" / "thornwick"
RUNNER = CliRunner()

# A small duel of our own for the rulings: a 5 x 5 board, sides gold and iron.
TEST_GAME = """
[game]
package = "duel"
title = "Test duel"

[numbers]
start_tiles = 1

[sides.gold]
name = "Gold"
colour = "#e8d9a8"

[sides.iron]
name = "Iron"
colour = "#3b3f45"

[board]
files = 5
ranks = 5

[tiles.king]
front = ["...", "mOm", ".m."]
back = [".m.", "mOm", "..."]

[tiles.pawn]
count = 2
front = [".m.", ".O.", "..."]
back = ["...", ".O.", ".m."]

[tiles.knight]
letter = "N"
front = [".m.m.", "m...m", "..O..", ".....", "....."]
back = [".j.j.", "j...j", "..O..", ".....", "....."]

[tiles.guard]
letter = "D"
front = [".....", ".....", "..O..", ".....", "....."]
front_aura = [".....", "..D..", ".DOD.", ".....", "....."]
back = [".....", ".....", "..O..", ".....", "....."]

[tiles.bee]
front = ["...", ".O.", ".m."]
front_aura = [".d.", ".O.", "..."]
back = ["...", ".O.", ".m."]

[tiles.shield]
letter = "H"
start = "either"
front = ["...", ".O.", "..."]
front_aura = ["...", "hOh", "..."]
back = [".x.", ".O.", "..."]

[tiles.herald]
letter = "C"
front = ["...", ".O.", "..."]
front_aura = ["ccc", "cOc", "..."]
back = ["...", ".O.", ".s."]

[tiles.rook]
front = [".s.", "sOs", ".s."]
back = [".s.", "sOs", ".s."]
"""


@pytest.fixture(scope="module")
def duel(tmp_path_factory) -> DuelGame:
    folder = tmp_path_factory.mktemp("duel")
    (folder / "components.toml").write_text(TEST_GAME)
    return load_game(folder)


def position(game: DuelGame, grid: str, **lines: str):
    """A state from a 5 x 5 grid given top rank first (cells separated by spaces) and state lines
    (`leader_safety` is the option)."""
    options = {"leader-safety": lines.pop("leader_safety")} if "leader_safety" in lines else {}
    ranks = [row.split() for row in grid.strip().splitlines()]
    text = "\n".join(f"{5 - i} " + " ".join(row) for i, row in enumerate(ranks)) + "\n"
    text += "".join(f"{key.replace('_', '-')}: {value}\n" for key, value in lines.items())
    return game.grammar.read_diagram(text, options=options)


def moves(state) -> set[str]:
    return {move.notation() for move in state.legal_moves()}


# ----------------------------------------------------------------------------- the rulings


def test_data_letters_and_bags_come_from_the_folder(duel):
    """Rulings 2, 3, 7, 12: the sides in file order, letters declared or derived, the bags."""
    data = duel.duel
    assert [side.label for side in duel.sides] == ["gold", "iron"]
    assert [kind.letter for kind in data.kinds] == ["K", "P", "N", "D", "B", "H", "C", "R"]
    assert data.kinds[data.leader].key == "king" and data.kinds[data.start].key == "pawn"
    assert data.starting_bag(0) == (0, 1, 1, 1, 1, 1, 1, 1)


def test_a_side_2_tile_is_turned_toward_its_owner(duel):
    """Ruling 9: iron's pawn (a move ahead of its own square) goes down the board."""
    state = position(duel, """
        . . K1 . .
        . . p1 . .
        . . . . .
        . . . . .
        . . k1 . .""", to_move="iron")
    assert "c4-c3" in moves(state) and "c4-c5" not in moves(state)


def test_setup_on_an_odd_board_uses_the_centre_square(duel):
    """Ruling 11: five files have one middle square; the start tile goes beside the leader."""
    state = duel.new_initial_state()
    assert moves(state) == {"setup:c1,b1", "setup:c1,d1", "setup:c1,c2"}
    state.push_notation("setup c1 c2")
    assert moves(state) == {"setup:c5,b5", "setup:c5,d5", "setup:c5,c4"}


def test_a_move_at_a_knights_square_needs_one_clear_route(duel):
    """Ruling 16: either shortest route will do; both blocked, the move is refused."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . . . .
        . . P1 . .
        . N1 . . K1""")
    assert "b1-c3" in moves(state)          # via b2: empty (c2 holds a pawn)
    blocked = position(duel, """
        . . . . k1
        . . . . .
        . . . . .
        . P1 P1 . .
        . N1 . . K1""")
    assert "b1-c3" not in moves(blocked)
    assert "ruling 16" in str(blocked.why_illegal(duel.parse_move("b1-c3")))


def test_defense_on_any_shortest_route(duel):
    """Ruling 25: a knight-like capture may go around a defense square; a straight one cannot."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . d1 . .
        . . . . .
        . N2 R1 . K1""")
    # iron's guard on c3 (turned toward iron) defends c2, b3 and d3
    assert "b1-c3" in moves(state)          # the knight's jump goes by b2
    error = state.why_illegal(duel.parse_move("c1-c3"))   # the rook's slide crosses c2
    assert error.ruling == 25 and "defense on c2" in error.reason


def test_a_tile_standing_on_a_defense_square_cannot_take(duel):
    """Ruling 25: the attacker's own square counts."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . d1 . .
        . . P1 . .
        . . . . K1""")
    error = state.why_illegal(duel.parse_move("c2-c3"))
    assert error.ruling == 25 and "stands on" in error.reason


def test_a_shielded_tile_falls_only_to_a_command(duel):
    """Ruling 26: the shield's own square is not shielded; a command ignores it."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . p1 h1 .
        . . P1 C1 .
        . . . . K1""")
    # iron's shield (front: h left and right, turned) shields c3; the herald commands d2 -> ...
    assert state.shields[1] == frozenset({state.t.geo.parse("c3"), state.t.geo.parse("e3")})
    assert state.why_illegal(duel.parse_move("c2-c3")).ruling == 26
    assert "d2:c2-c3" in moves(state)


def test_dread_freezes_and_a_kind_showing_dread_is_immune(duel):
    """Ruling 24: the bee shows dread on face 1 only, yet a bee on face 2 is immune; a pawn is not."""
    immune = position(duel, """
        . . . . k1
        . . . . .
        . . B2 . .
        . . B1 . .
        . . . . K1""")
    assert immune.frozen == frozenset()
    frozen = position(duel, """
        . . . . k1
        . . . . .
        . . p1 . .
        . . B1 . .
        . . . . K1""", to_move="iron", frozen="c3")
    assert {frozen.t.geo.names[s] for s in frozen.frozen} == {"c3"}
    assert frozen.why_illegal(duel.parse_move("c3-c2")).ruling == 24


def test_a_frozen_tile_still_blocks_and_keeps_its_defense(duel):
    """Ruling 24: a frozen tile fills its square (a slide stops before it, and cannot take it) and
    its defense squares still count."""
    state = position(duel, """
        . . . . k1
        R1 . d1 . .
        . . B1 . .
        . . . . .
        . . . . K1""")
    names = state.t.geo.names
    assert {names[s] for s in state.frozen} == {"c4"}
    assert {names[s] for s in state.defense(state.t.geo.parse("c4"))} == {"c3", "b4", "d4"}
    assert "a4-b4" in moves(state) and not {"a4-c4", "a4-d4", "a4-e4"} & moves(state)


def test_a_command_may_take_the_enemy_leader(duel):
    """Ruling 22 with ruling 29: a commanded tile may take the leader, and wins."""
    state = position(duel, """
        . . . . .
        . . . . .
        . . . . .
        . k1 P1 . .
        . . C1 . K1""")
    state.push_notation("c1:c2-b2")
    assert state.outcome().winner.label == "gold" and state.outcome().termination == "leader-captured"


@pytest.mark.parametrize("safety,legal", [("strict", False), ("guard", True), ("off", True)])
def test_leader_safety_under_each_option(duel, safety, legal):
    """Ruling 28: moving away the knight that covers the king from iron's rook is refused only
    under strict (under guard the king is not in guard when the turn begins)."""
    state = position(duel, """
        . . r1 . k1
        . . . . .
        . . . . .
        . . N1 . .
        . . K1 . .""", leader_safety=safety)
    assert not state.in_guard(0)
    assert state.is_legal(duel.parse_move("c2-b4")) is legal
    if not legal:
        assert state.why_illegal(duel.parse_move("c2-b4")).ruling == 28


def test_a_placement_is_judged_with_the_drawn_tile_known(duel):
    """Ruling 28: when the leader is in guard, a drawn tile goes where it shields, if any square does;
    if none does, anywhere beside the leader."""
    state = position(duel, """
        . . r1 . k1
        . . . . .
        . . . . .
        . . . . .
        . . K1 . .""", drawn="pawn")
    assert state.in_guard(0) and moves(state) == {"@c2"}
    nowhere = position(duel, """
        . . . . k1
        . . . . .
        . . . n1 .
        . . . . .
        . . K1 . .""", drawn="pawn")
    assert nowhere.in_guard(0) and moves(nowhere) == {"@b1", "@c2", "@d1"}


def test_no_legal_action_ends_the_game_after_the_turn(duel):
    """Ruling 30: the side that just moved wins when the other has nothing to do; under strict
    leader safety a king with every way into guard has nothing."""
    state = position(duel, """
        . . k1 . .
        . . . . .
        R1 . . . R1
        . . . . .
        . . K1 . .""", bag_iron="none")
    assert state.outcome() is None
    state.push_notation("e3-e5")
    assert [m.notation() for m in state.legal_moves()] == []
    assert state.outcome().termination == "no-actions" and state.outcome().winner.label == "gold"


def test_the_turn_cap_draws_once_reached(duel):
    """Ruling 31: the cap counts turns of play, not the setup, and is judged after the win checks."""
    state = duel.new_initial_state({"turn-cap": "2"})
    state.push_notation("setup c1 c2")
    state.push_notation("setup c5 c4")
    assert state.turns == 0
    for _ in range(2):
        assert state.outcome() is None
        state.push(next(m for m in state.legal_moves() if m.notation() != "+"))
    assert state.outcome() is not None and not state.outcome().winners and state.turns == 2


def test_a_two_faced_kind_enters_on_either_face_and_flips(duel):
    """Rulings 4, 14, 15: either face on placement; a flip after acting like any tile."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . . . .
        . . . . .
        . . K1 . .""", drawn="shield")
    assert moves(state) == {"@b1", "@b1/2", "@c2", "@c2/2", "@d1", "@d1/2"}
    state.push_notation("@c2/2")
    assert state.piece_at(state.t.geo.parse("c2")).face == 2


def test_the_draw_is_a_chance_node_over_the_bag(duel):
    """Ruling 14: every tile in the bag equally likely; the draw is offered, the bag decides."""
    state = position(duel, """
        . . . . k1
        . . . . .
        . . . . .
        . . . . .
        . . K1 . .""", bag_gold="pawn pawn bee")
    assert "+" in moves(state)
    state.push_notation("+")
    assert state.is_chance_node()
    assert sorted((m.notation(), round(p, 3)) for m, p in state.chance_outcomes()) == \
        [("+bee", 0.333), ("+pawn", 0.667)]


# ----------------------------------------------------------------------------- blocks


BLOCK = """```duel
title: {title}
   a  b  c  d  e
5  .  .  k1 .  .
4  .  .  .  .  .
3  .  .  .  .  .
2  .  .  P1 .  .
1  .  .  K1 .  .
{extra}
```
"""


def check(tmp_path: Path, body: str):
    (tmp_path / "components.toml").write_text(TEST_GAME)
    (tmp_path / "ex.md").write_text(body)
    return RUNNER.invoke(app, ["check", str(tmp_path / "ex.md"), "--game", str(tmp_path)])


@pytest.mark.parametrize("extra,line,message", [
    ("play: c2-c9\nexpect: illegal", 9, "bad square 'c9'"),
    ("play: +dragon@d1\nexpect: illegal", 9, "unknown tile kind 'dragon'"),
    ("play: c2-c3/q\nexpect: illegal", 9, "unknown move symbol 'q'"),
    ("play: +pawn\nexpect: illegal", 9, "expected a draw and its placement"),
    ("turns: 3\nplay: c2-c3\nexpect: illegal", 9, "turns is read only in a block with a turn cap"),
    ("option: leader-safety=sometimes\nplay: c2-c3\nexpect: illegal", 9, "option leader-safety takes"),
    ("bag-gold: pawn dragon\nplay: c2-c3\nexpect: illegal", 9, "unknown tile kind 'dragon'"),
    ("frozen: z9\nplay: c2-c3\nexpect: illegal", 9, "frozen: bad square 'z9'"),
    ("guard: copper\nplay: c2-c3\nexpect: illegal", 9, "guard lists sides"),
    ("phase: setup\nplay: setup c1 c2\nexpect: illegal", 3, "gold is to set up"),
    ("winner: bronze\nplay: c2-c3\nexpect: illegal", 9, "winner must be"),
])
def test_an_unreadable_block_exits_2_naming_its_line(tmp_path, extra, line, message):
    result = check(tmp_path, BLOCK.format(title="bad", extra=extra))
    assert result.exit_code == 2, result.output
    assert re.search(rf"ex\.md:{line}: .*{re.escape(message)}", result.output), result.output


def test_a_bad_cell_and_a_missing_leader_are_unreadable(tmp_path):
    result = check(tmp_path, BLOCK.format(title="bad", extra="play: c2-c3\nexpect: illegal").replace("P1 .  .\n1",
                                                                                                      "Q1 .  .\n1"))
    assert result.exit_code == 2 and "ex.md:7: c2: bad cell 'Q1'" in result.output, result.output
    result = check(tmp_path, BLOCK.format(title="bad", extra="play: c2-c3\nexpect: illegal").replace("k1", ". "))
    assert result.exit_code == 2 and "iron has no leader on the grid" in result.output, result.output


def test_a_wrong_example_exits_1_with_what_differed(tmp_path):
    body = BLOCK.format(title="wrong", extra="""play: c2-c3
expect:
   a  b  c  d  e
5  .  .  k1 .  .
4  .  .  .  .  .
3  .  .  P1 .  .
2  .  .  .  .  .
1  .  .  K1 .  .""")
    result = check(tmp_path, body)
    assert result.exit_code == 1, result.output
    assert "c3: expected P1, got P2" in result.output and "to-move: expected gold, got iron" in result.output


def test_a_wrong_derived_line_fails_the_example(tmp_path):
    """`frozen` and `guard`, when written, must agree with the position (exit 1)."""
    result = check(tmp_path, BLOCK.format(title="frozen", extra="frozen: c2\nplay: c2-c3\nexpect: illegal"))
    assert result.exit_code == 1 and "frozen: written c2, but the position gives none" in result.output


def test_an_illegal_play_is_refused_with_its_ruling_in_words(tmp_path):
    result = check(tmp_path, BLOCK.format(title="refused", extra="""play: c2-c4
expect:
   a  b  c  d  e
5  .  .  k1 .  .
4  .  .  P2 .  .
3  .  .  .  .  .
2  .  .  .  .  .
1  .  .  K1 .  .
to-move: iron"""))
    assert result.exit_code == 1
    assert "ruling 16: the Pawn on c2 (face I) has no move symbol that reaches c4" in result.output


# ----------------------------------------------------------------------------- the folder's faults


@pytest.mark.parametrize("old,new,message", [
    ('front = [".....", "..s..", "..O..", "..m..", "....."]', 'front = [".s...", ".....", "..O..", "..m..", "....."]',
     "[tiles.ploughman] front: the slide at (-1, +2) from the own square is not on a rank, a file or a diagonal"),
    ('letter = "R"\nmark = "crown"', 'letter = "R"\ncount = 2\nmark = "crown"',
     "[tiles.reeve] is the leader: each side has exactly one, not 2 and 2 (ruling 3)"),
    ('front_aura = [".....", ".d.d.", "..O..", ".....", "....."]', 'front_aura = [".....", ".m.d.", "..O..", ".....", "....."]',
     "[tiles.beekeeper] front_aura: row 2: 'Move' (m) cannot stand in an overlay grid"),
    ('start_tiles = 2', 'start_tiles = 2\ndraw_range = 2', "draw_range must be 1"),
    ('leader = "reeve"', 'leader = "mayor"', "[numbers] leader: 'mayor' is not a tile kind"),
])
def test_a_folder_the_rulings_cannot_play_names_the_line_and_the_tile(tmp_path, old, new, message):
    folder = copy_game(tmp_path / "thornwick", THORNWICK, edit=[(old, new)])
    with pytest.raises(GameFileError) as caught:
        load_game(folder)
    assert message in str(caught.value), str(caught.value)
    text = (folder / "components.toml").read_text().splitlines()
    assert caught.value.path.name == "components.toml" and caught.value.line is not None
    assert any(part in text[caught.value.line - 1] for part in new.splitlines()), text[caught.value.line - 1]


def test_three_sides_are_refused(tmp_path):
    folder = copy_game(tmp_path / "thornwick", THORNWICK, edit=[(None, '[sides.oak]\nname = "Oak"')])
    with pytest.raises(GameFileError, match="exactly two"):
        load_game(folder)


# ----------------------------------------------------------------------------- the shipped games


@pytest.mark.parametrize("files,least", [((TESSERA / "rules.md",), 20), ((TESSERA / "examples.md",), 10),
                                         ((THORNWICK / "rules.md",), 15)])
def test_the_shipped_duel_rulebooks_pass_their_checks(files, least):
    result = RUNNER.invoke(app, ["check", *map(str, files)])
    passed = int(re.search(r"(\d+) passed, 0 failed", result.output).group(1))
    assert result.exit_code == 0 and passed >= least, result.output


def test_pnp_rules_lists_the_numbers_and_the_options():
    result = RUNNER.invoke(app, ["rules", "--game", str(TESSERA)])
    assert result.exit_code == 0 and "Tessera" in result.output and "start_tiles = 2" in result.output
    result = RUNNER.invoke(app, ["rules", "--options", "--game", str(TESSERA)])
    assert "leader-safety  strict|guard|off (default strict)" in result.output and "turn-cap" in result.output


def test_every_symbol_kind_is_on_thornwicks_tiles():
    game = load_game(THORNWICK)
    shown = {symbol for kind in game.duel.kinds for face in kind.faces for _, _, symbols in face.marks
             for symbol in symbols}
    assert shown == set("mjsJxcnNdDh")
    assert any(kind.either for kind in game.duel.kinds) and any(face.aura for kind in game.duel.kinds
                                                                 for face in kind.faces)
    assert sum(game.duel.starting_bag(0)) + 1 + game.duel.start_tiles == 19


# ----------------------------------------------------------------------------- diagrams and the lab


def test_the_diagram_draws_strikes_commands_ghosts_flips_and_marks():
    from generator.check import check_files
    from generator.rulebook.diagram import trace

    report = check_files([TESSERA / "rules.md"])
    by_title = {r.example.title: r for r in report.replays}
    strike = trace(by_title["The Archer strikes from afar"])
    assert [a.kind for a in strike.arrows] == ["strike"] and len(strike.ghosts) == 1 and strike.flipped
    command = trace(by_title["The Herald commands"])
    assert sorted(a.kind for a in command.arrows) == ["command", "step"]
    draw = trace(by_title["Dawn draws a tile"])
    assert [a.kind for a in draw.arrows] == ["deploy"] and draw.arrows[0].number == 0
    state = by_title["The Warden's defense"].states[0]
    warden = state.cell_art(state.t.geo.parse("c3"))
    assert warden.turned and warden.piece == "warden-dusk-front"
    pikeman = state.cell_art(state.t.geo.parse("c2"))       # on the Warden's defense square: a badge
    assert pikeman.ground is None and pikeman.overlays == (("duel-guarded-dusk", "br"),)
    marked = {state.t.geo.names[s] for s in range(state.t.size) if state.cell_art(s).ground == "duel-defense-dusk"}
    assert marked and "c2" not in marked    # the empty defense squares show the mark itself
    frozen = {r.example.title: r for r in check_files([THORNWICK / "rules.md"]).replays}
    after = frozen["The Beekeeper freezes"].final
    assert ("duel-frozen", "bl") in after.cell_art(after.t.geo.parse("d3")).overlays


def test_the_game_pickles_for_the_labs_workers_without_its_drawings():
    game = load_game(TESSERA)
    again = pickle.loads(pickle.dumps(game))
    assert again.design is None and again.new_initial_state().legal_moves() == game.new_initial_state().legal_moves()


def test_simulate_reports_how_tessera_was_won_and_sweeps_a_tiles_count(tmp_path):
    result = RUNNER.invoke(app, ["simulate", "--game", str(TESSERA), "-n", "6", "--ai", "random", "--no-progress",
                                 "--vary", "pikeman=2,3", "--workers", "2", "--out", str(tmp_path / "lab")])
    assert result.exit_code == 0, result.output
    assert "pikeman=2: 6 games" in result.output and "pikeman=3: 6 games" in result.output
    assert re.search(r"dawn wins .* by: (no-actions|leader-captured)", result.output), result.output
    assert "turns   mean" in result.output
    game = load_game(TESSERA)
    assert game.with_numbers(pikeman=4).duel.kinds[1].counts == (4, 4)
    with pytest.raises(ValueError, match="no number 'dragon'"):
        game.with_numbers(dragon=2)


def test_the_table_shows_both_bags_the_tile_drawn_the_tiles_lost_and_each_move_in_words():
    """Rulings 11-14 at the browser table: what to do in words, both bags open to both players,
    the tile just drawn waiting beside the board, a captured tile in its owner's tray."""
    import random
    from generator.play.session import Table
    table = Table(load_game(TESSERA), vs="human", seed=2)
    keys = {label: table.key_of(label) for label in ("dawn", "dusk")}

    def payload(label="dusk"):
        answer = table.payload(keys[label])
        return answer, {zone["name"]: zone["pieces"] for zone in answer["zones"]}

    first, zones = payload("dawn")
    assert first["prompt"] == "Set up: your Regent on a middle square of your home rank, then 2 Pikeman tiles on empty squares beside it."
    assert {move["move"]: move["words"] for move in first["moves"]}["setup:c1,b1,d1"] == "Regent on c1, start tiles on b1 and d1"
    assert len(zones["Dawn's bag: 8 tiles"]) == 8 and len(zones["Dusk's bag: 8 tiles"]) == 8
    table.play(keys["dawn"], "setup:c1,b1,d1")
    table.play(keys["dusk"], "setup:c6,b6,d6")
    table.play(keys["dawn"], "+")                       # the table draws for the bag itself
    drawn, zones = payload()                            # ... and Dusk sees what came out
    kind = table.state.t.data.kinds[table.state.drawn]
    assert zones["Dawn: drawn, to be placed"] == [[f"{kind.key}-dawn-front", ""]]
    assert "Dawn's bag: 7 tiles" in zones
    mine, _ = payload("dawn")
    assert mine["prompt"] == f"Place the {kind.name} you drew on an empty square beside your Regent."
    assert {move["words"] for move in mine["moves"]} >= {f"Place the {kind.name} on c2"}
    rng = random.Random(3)
    while not any("lost" in name for name in payload()[1]):   # play on until a tile is taken
        assert not table.state.is_game_over()
        mover = table.state.to_move.label
        moves = table.payload(keys[mover])["moves"]
        taking = [move for move in moves if ", taking the " in move["words"] or " strikes the " in move["words"]]
        table.play(keys[mover], rng.choice(taking or moves)["move"])
    _, zones = payload()
    lost = next(pieces for name, pieces in zones.items() if "lost" in name)
    assert len(lost) == 1 and lost[0][0].endswith("-front")


def test_the_tables_pictures_of_marks_leave_the_square_showing():
    """A mark laid over a square at the table (a defense square's shields, the frost on a frozen
    tile) is a picture clear where it paints nothing, so the square's own art shows through."""
    import io
    from PIL import Image
    from generator.play.session import Table
    from test_play import client
    api = client(Table(load_game(THORNWICK), vs="human", seed=1))
    for name in ("duel-defense-thorn", "duel-frozen"):
        answer = api.get(f"/face/{name}.png")
        assert answer.status_code == 200, name
        image = Image.open(io.BytesIO(answer.content)).convert("RGBA")
        alphas = image.getchannel("A")
        assert alphas.getpixel((image.width - 2, 2)) == 0, name       # the square shows through
        assert alphas.getextrema()[1] == 255, name                     # the mark itself is solid
