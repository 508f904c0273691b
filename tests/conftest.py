import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest


@pytest.fixture(autouse=True)
def _no_debug_from_an_earlier_test(monkeypatch):
    """`pnp --debug` sets PNP_DEBUG for the rest of its process; a test that ran it in this one
    must not turn on tracebacks for the tests after it."""
    monkeypatch.delenv("PNP_DEBUG", raising=False)
