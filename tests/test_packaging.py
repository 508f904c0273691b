"""`pip install .` (not editable): the wheel carries every data file the commands read, so `pnp
build` and `pnp check` work from an empty folder with nothing of the repository around."""

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build_wheel(source: Path, out: Path) -> Path:
    """A wheel of `source`: with the installed setuptools, else in pip's isolated build; skips the
    test only when pip cannot build at all (e.g. offline without a build backend)."""
    base = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)]
    for extra in (["--no-build-isolation"], []):
        done = subprocess.run(base + extra, capture_output=True, text=True)
        if done.returncode == 0:
            return next(out.glob("*.whl"))
    pytest.skip(f"pip cannot build a wheel here: {done.stderr.strip().splitlines()[-1:]}")


def test_an_installed_wheel_builds_and_checks_from_an_empty_folder(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(ROOT / "generator", source / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    wheel = build_wheel(source, tmp_path / "wheels")
    import zipfile
    shipped = set(zipfile.ZipFile(wheel).namelist())
    data = {str(path.relative_to(source)) for path in (source / "generator").rglob("*")
            if path.is_file() and path.suffix != ".py" and path.name != "README.md"}
    assert data and not data - shipped, sorted(data - shipped)   # every data file of the package ships
    # A fresh venv that sees this interpreter's dependencies but not the repository.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    str(wheel)], check=True, capture_output=True)
    empty = tmp_path / "empty"
    empty.mkdir()

    def pnp(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([venv / "bin" / "pnp", *args], cwd=empty, capture_output=True, text=True)

    where = subprocess.run([python, "-c", "import generator; print(generator.__file__)"], cwd=empty,
                           capture_output=True, text=True).stdout
    assert where.startswith(str(venv)), where   # the installed copy, not the repository's
    built = pnp("build", "--out", "out")
    assert built.returncode == 0, built.stderr
    # the whole kit, rulebook and booklet included: byte for byte what the editable install builds
    assert "rulebook:" in built.stderr and "examples and clarifications:" in built.stderr, built.stderr
    elsewhere = tmp_path / "elsewhere"   # the editable install, from a folder without a game
    elsewhere.mkdir()
    editable = subprocess.run([sys.executable, "-m", "generator", "build", "--out", str(tmp_path / "editable")],
                              cwd=elsewhere, capture_output=True, text=True)
    assert editable.returncode == 0, editable.stderr
    for name in ("siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"):
        assert (empty / "out" / name).read_bytes() == (tmp_path / "editable" / name).read_bytes(), name
    shutil.copy(ROOT / "rules.md", empty / "rules.md")
    checked = pnp("check", "rules.md")
    assert checked.returncode == 0, checked.stderr + checked.stdout
    assert "0 failed" in checked.stdout
    # every fence's built-in game (a block outside any game folder plays it) loads and starts
    started = subprocess.run([python, "-c", "from generator.games.registry import fence_game, fences\n"
                              "for fence in sorted(fences()):\n"
                              "    game = fence_game(fence).default()\n"
                              "    print(fence, len(game.new_initial_state().legal_moves()) > 0)"],
                             cwd=empty, capture_output=True, text=True)
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["armagh", "True", "duel", "True", "tafl", "True", "territory", "True"], started.stdout
