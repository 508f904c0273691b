"""A run's outputs are committed together or not at all (`generator.pdf.OutputSet`): a failing
example, a full disk at any rename, or a failed report leaves every previous output byte-identical
and no hidden temporary file; `pnp build --png` replaces a kit's page images as a set; `--watch`
notices files created after it started."""

from __future__ import annotations

import errno
import os
import shutil
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.pdf import OutputSet

ROOT = Path(__file__).resolve().parent.parent
RUNNER = CliRunner()
BROKEN = ("play: d8-d7 d7-d6\nexpect: illegal", "play: d8-d7\nexpect: illegal")  # a legal move said illegal


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by relative path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*") if p.name.endswith(".tmp")]


def game_folder(tmp_path: Path) -> Path:
    """A copy of the repository's own game: components.toml, rules.md, examples.md."""
    folder = tmp_path / "game"
    folder.mkdir()
    for name in ("components.toml", "rules.md", "examples.md"):
        shutil.copy(ROOT / name, folder / name)
    return folder


def build(folder: Path, out: Path, *extra: str):
    return RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(out), *extra])


# --------------------------------------------------------------------- the shared mechanism
def test_an_output_set_commits_every_file_or_none(tmp_path):
    (tmp_path / "a.txt").write_text("old a")
    with pytest.raises(KeyboardInterrupt):
        with OutputSet() as outputs:
            outputs.write(tmp_path / "a.txt", b"new a")
            outputs.write(tmp_path / "sub" / "b.txt", b"new b")
            raise KeyboardInterrupt
    assert snapshot(tmp_path) == {"a.txt": b"old a"} and not (tmp_path / "sub").exists()
    with OutputSet() as outputs:
        outputs.write(tmp_path / "a.txt", b"new a")
        outputs.write(tmp_path / "sub" / "b.txt", b"new b")
        outputs.retire(tmp_path / "gone.txt")   # retiring a file that is not there is no error
    assert snapshot(tmp_path) == {"a.txt": b"new a", "sub/b.txt": b"new b"}


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_rename_that_fails_undoes_the_ones_before_it(tmp_path, monkeypatch, failing):
    for name in ("a", "b", "stale"):
        (tmp_path / name).write_text(f"old {name}")
    before = snapshot(tmp_path)
    calls = []
    real = os.replace

    def full(src, dst):
        calls.append(dst)
        if len(calls) == failing:
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space"):
        with OutputSet() as outputs:
            for name in ("a", "b", "c"):
                outputs.write(tmp_path / name, f"new {name}".encode())
            outputs.retire(tmp_path / "stale")
    assert snapshot(tmp_path) == before and not temporaries(tmp_path)


# --------------------------------------------------------------------- pnp build
def test_a_failing_example_leaves_every_previous_output_untouched(tmp_path):
    folder, out = game_folder(tmp_path), tmp_path / "out"
    first = build(folder, out, "--png")
    assert first.exit_code == 0, first.output
    before = snapshot(out)
    assert {"siege-of-armagh-a4.pdf", "siege-of-armagh-examples-a4.pdf"} <= before.keys()
    rules = folder / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nA new closing paragraph.\n", encoding="utf-8")
    examples = (folder / "examples.md").read_text(encoding="utf-8")
    assert BROKEN[0] in examples
    (folder / "examples.md").write_text(examples.replace(*BROKEN), encoding="utf-8")
    second = build(folder, out, "--png")
    assert second.exit_code == 1, second.output
    assert "examples.md: 1 example failed the check" in second.output
    assert snapshot(out) == before and not temporaries(out)


@pytest.mark.parametrize("failing", [1, 2, 5])
def test_a_full_disk_at_any_rename_changes_no_output(tmp_path, monkeypatch, failing):
    """The n-th rename into the output folder fails: the renames before it are undone."""
    folder, out = game_folder(tmp_path), tmp_path / "out"
    assert build(folder, out, "--png").exit_code == 0
    before = snapshot(out)
    (folder / "rules.md").write_text("# Short rules\n\nOne paragraph.\n", encoding="utf-8")  # fewer pages
    real, calls = os.replace, []

    def full(src, dst):
        if Path(dst).parent in (out, out / "png") and not Path(dst).name.startswith("."):
            calls.append(dst)
            if len(calls) == failing:
                raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", full)
    result = build(folder, out, "--png")
    assert result.exit_code == 1 and "No space left on device" in result.output, result.output
    assert snapshot(out) == before and not temporaries(out)


def test_png_pages_are_replaced_as_a_set(tmp_path):
    folder, out = game_folder(tmp_path), tmp_path / "out"
    assert build(folder, out, "--png", "--ink-saver").exit_code == 0
    other = snapshot(out / "png")                     # another kit's pages: left alone
    assert build(folder, out, "--png").exit_code == 0
    long = sorted(p.name for p in (out / "png").glob("siege-of-armagh-a4-[0-9]*.png"))
    (folder / "rules.md").write_text("# Short rules\n\nOne paragraph.\n", encoding="utf-8")
    assert build(folder, out, "--png").exit_code == 0
    short = sorted(p.name for p in (out / "png").glob("siege-of-armagh-a4-[0-9]*.png"))
    assert len(short) < len(long) and short == long[:len(short)]   # no stale page after the last
    assert all(snapshot(out / "png")[name] == data for name, data in other.items())
    assert not temporaries(out)


def test_watch_notices_files_created_after_it_started(tmp_path):
    from generator.build import watch, watched_paths
    from generator.config import load_game

    folder = game_folder(tmp_path)
    (folder / "examples.md").unlink()
    builds, stop = [], threading.Event()

    def once():
        builds.append(time.perf_counter())
        if len(builds) == 3:
            stop.set()
        return True

    thread = threading.Thread(target=watch, args=(once, watched_paths(load_game(folder), None), lambda text: None),
                              kwargs={"stop_event": stop, "debounce_ms": 50})
    thread.start()
    time.sleep(0.5)
    (folder / "examples.md").write_text("# Examples\n", encoding="utf-8")
    time.sleep(0.5)
    (folder / "art").mkdir()
    (folder / "art" / "viking.svg").write_text("<svg/>", encoding="utf-8")
    thread.join(timeout=10)
    stop.set()
    thread.join(timeout=5)
    assert len(builds) == 3


# --------------------------------------------------------------------- pnp simulate
def test_a_failed_report_leaves_the_last_one_as_it_was(tmp_path, monkeypatch):
    args = ["simulate", "-n", "2", "--ai", "random", "-j", "1", "--no-progress", "--out", str(tmp_path / "r")]
    assert RUNNER.invoke(app, args).exit_code == 0
    before = snapshot(tmp_path)
    ladders = [name for name in before if name.startswith("ladders/")]   # the players' strength, cached
    assert sorted(before) == ladders + ["r.json", "r.pdf", "r.png"] and len(ladders) == 1
    from PIL import Image

    def full(self, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", full)   # the last file, the PNG, cannot be written
    result = RUNNER.invoke(app, args[:2] + ["3"] + args[3:])
    assert result.exit_code == 1 and "No space left on device" in result.output, result.output
    assert snapshot(tmp_path) == before and not temporaries(tmp_path)
