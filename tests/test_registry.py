"""The registry of game packages (generator/games/registry.py): a package is a folder declaring its
FENCES once; the registry reads the declaration without importing the package."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import generator.games.registry as registry
from generator.games import DEFAULT, fence_game, fences, game_class, packages
from generator.games.base import Game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def games_folder(tmp_path, monkeypatch):
    """The registry pointed at an empty folder of packages; the real one is restored after."""
    monkeypatch.setattr(registry, "FOLDERS", [tmp_path])
    packages.cache_clear()
    fences.cache_clear()
    yield tmp_path
    packages.cache_clear()
    fences.cache_clear()


def add_package(folder: Path, name: str, declaration: str) -> None:
    (folder / name).mkdir()
    (folder / name / "__init__.py").write_text(f'"""A game."""\n\nimport no_such_engine\n\n{declaration}\n')


def test_the_packages_are_the_folders_and_their_declared_fences():
    assert packages() == {"components": (), "siege": ("armagh",), "tafl": ("tafl",), "territory": ("territory",)}
    assert fences() == {"armagh": "siege", "tafl": "tafl", "territory": "territory"}
    assert DEFAULT in packages() and fence_game("tafl") is game_class("tafl")


def test_a_new_package_is_found_by_its_folder_without_running_it(games_folder):
    add_package(games_folder, "jarl", 'FENCES = ("jarl", "jarl-tables")')
    add_package(games_folder, "cards", "FENCES = ()")
    (games_folder / "helpers.py").write_text("")  # a module, not a package
    (games_folder / "notes").mkdir()              # a folder without __init__.py
    assert packages() == {"cards": (), "jarl": ("jarl", "jarl-tables")}
    assert fences() == {"jarl": "jarl", "jarl-tables": "jarl"}  # `import no_such_engine` never ran


@pytest.mark.parametrize("declaration", ["", 'FENCES = ["jarl"]', 'FENCES = ("two words",)',
                                         "FENCES = tuple(NAMES)", "FENCES = (1,)"])
def test_a_package_that_declares_no_literal_fences_is_named(games_folder, declaration):
    add_package(games_folder, "jarl", declaration)
    with pytest.raises(ValueError, match=r"jarl/__init__.py: a game package declares FENCES = \(\.\.\.\)"):
        packages()


def test_a_fence_two_packages_declare_is_an_error(games_folder):
    add_package(games_folder, "jarl", 'FENCES = ("saga",)')
    add_package(games_folder, "skald", 'FENCES = ("saga",)')
    with pytest.raises(ValueError, match="fence 'saga' is declared by both jarl and skald"):
        packages()


def test_a_game_takes_its_name_and_fences_from_its_package():
    for name, declared in packages().items():
        cls = game_class(name)
        assert (cls.name, cls.fences) == (name, declared) and cls.__module__.startswith(f"generator.games.{name}.")

    class Elsewhere(Game):  # not in a game package: the registry leaves it alone
        name = "elsewhere"
    assert (Elsewhere.name, Elsewhere.fences) == ("elsewhere", ())


def test_checking_a_siege_file_imports_nothing_of_tafl():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "generator", "check", "rules.md"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "generator.games.siege" in result.stderr and "tafl" not in result.stderr
