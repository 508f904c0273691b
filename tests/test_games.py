"""The game-package interface: the generic core knows games only through it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from helpers import position
from typer.testing import CliRunner

from generator.cli import app
from generator.config import load_game
from generator.errors import GameFileError
from generator.games import game_class
from generator.games.base import Effect, Removal
from generator.games.siege import Move, Side, SiegeGame, parse_square

ROOT = Path(__file__).resolve().parents[1]
GAME_WORDS = re.compile(r"viking|irish|village|river|treasure|berserker|armagh|siege(?!-pnp)|"
                        r"tafl|attacker|defender|throne|hnefa|hoardfall|armadora",
                        re.IGNORECASE)
DEFAULT_LINE = 'DEFAULT = "siege"'  # the one place the core names the default game's package


def test_the_generic_core_names_no_game_concept():
    """Outside each game's own package (generator/games/NAME/), no Python file may know it is
    making Siege of Armagh or Tafl: not the core, not the shared layer of the games."""
    offenders = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        parts = path.relative_to(ROOT / "generator").parts
        if parts[0] == "games" and len(parts) > 2 and parts[1] != "components":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if GAME_WORDS.search(line) and not line.startswith(DEFAULT_LINE):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_packages_are_found_by_name_and_a_wrong_name_is_located():
    assert game_class("siege") is SiegeGame
    with pytest.raises(ValueError, match="unknown game package 'chess'; packages: components, siege, tafl, territory"):
        game_class("chess")


def test_a_game_folder_names_its_package(tmp_path):
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    assert 'package = "siege"' in source
    (tmp_path / "components.toml").write_text(source.replace('package = "siege"', 'package = "chess"'),
                                              encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(tmp_path)
    assert caught.value.line == 5 and "unknown game package 'chess'" in str(caught.value)
    game = load_game(ROOT)
    assert isinstance(game, SiegeGame) and game.board.files == 8 and game.fences == ("armagh",)


def test_state_answers_the_calls_its_clients_need():
    state = position(d6="V", d5="I", e5="I")
    push = Move.from_notation("d6-d5")
    assert state.is_legal(push) and not state.is_legal(Move.from_notation("e5-e4"))
    assert str(state.piece_at(parse_square("d6"))) == "V" and state.piece_at(parse_square("a1")) is None
    assert "6  . . . V" in repr(state) and "viking to move" in repr(state)
    error = state.why_illegal(Move.from_notation("d5-d4"))
    assert error.ruling == 5 and "belongs to the Irish; the Vikings are to move" in error.reason


def test_a_move_effect_says_what_moved_what_was_removed_and_what_flipped():
    state = position(d6="V", d5="I")  # the river on rank 4 lies beyond the Irish troop
    effect = state.effect(Move.from_notation("d6-d5"))
    assert isinstance(effect, Effect) and state.piece_at(parse_square("d6")) is not None  # unchanged
    assert [(m.frm, m.to, m.role) for m in effect.motions][0] == (parse_square("d6"), parse_square("d5"), "move")
    assert effect.removals == [Removal(parse_square("d5"), (3, 3), "irish")]
    flip = position(d6="I", d5="C", lines="to-move: irish").effect(Move.from_notation("d6-d5"))
    assert flip.flipped == [parse_square("d5")] and not flip.removals


def test_returns_follow_the_outcome():
    state = position(d6="I", d5="V", lines="to-move: irish\ndefeated: 3")
    assert state.player_return(Side.IRISH) == 0.0
    state.play_turn([Move.from_notation("d6-d5")])
    assert state.returns() == (-1.0, 1.0) and state.player_return(Side.IRISH) == 1.0


def test_build_writes_into_the_game_folders_output(tmp_path):
    folder = tmp_path / "my game"
    folder.mkdir()
    shutil.copy(ROOT / "components.toml", folder / "components.toml")
    result = CliRunner().invoke(app, ["build", "--game", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "output" / "siege-of-armagh-a4.pdf").exists()


@pytest.mark.parametrize("command", [["build"], ["check", "rules.md"], ["rules"], ["simulate", "-n", "1"]])
def test_the_same_fault_gives_the_same_exit_code_in_every_command(tmp_path, command):
    (tmp_path / "components.toml").write_text("[counts]\nvillages = 40\n", encoding="utf-8")
    (tmp_path / "rules.md").write_text("# Rules\n", encoding="utf-8")
    result = CliRunner().invoke(app, [*command, "--game", str(tmp_path)])
    assert result.exit_code == 2 and "components.toml:2: villages must be 1 to 16" in result.output


def test_a_registered_packages_game_agrees_with_its_declaration():
    from generator.games import packages
    assert packages() == {"components": (), "siege": ("armagh",), "tafl": ("tafl",), "territory": ("territory",)}
    for name, fences in packages().items():
        assert (game_class(name).name, game_class(name).fences) == (name, fences)
