"""The doctests of the Tafl package's public calls."""

import doctest
import importlib

import pytest

MODULES = ("generator.games.tafl", "generator.games.tafl.board", "generator.games.tafl.game",
           "generator.games.tafl.state", "generator.games.tafl.diagram")


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
