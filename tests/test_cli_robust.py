"""What a user sees when something goes wrong: one `Error:` line naming the file or option, the
exit code of generator/cli.py, no traceback unless asked; Ctrl-C; unwritable outputs; `--help`."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parent.parent
RUNNER = CliRunner()
PNP = [sys.executable, "-m", "generator"]


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Error:")]


# --------------------------------------------------------------------- unreadable input names the file
def test_non_utf8_components_toml_and_rules_md_name_the_file(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "components.toml").write_bytes('[game]\ntitle = "Caf\xe9"\n'.encode("latin-1"))
    result = RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert re.search(r"Error: .*components\.toml: cannot read: not UTF-8 text", result.output)
    (folder / "components.toml").write_bytes((ROOT / "components.toml").read_bytes())
    (folder / "rules.md").write_bytes("# R\u00e8gles\n".encode("latin-1"))
    for args in (["build", "--game", str(folder), "--out", str(tmp_path / "out")], ["check", str(folder / "rules.md")]):
        result = RUNNER.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert re.search(r"rules\.md: cannot read: not UTF-8 text", result.output), result.output


@pytest.mark.parametrize("command", ["build", "simulate"])
def test_game_and_out_that_are_files_are_usage_errors(tmp_path, command):
    file = tmp_path / "notes.txt"
    file.write_text("x")
    result = RUNNER.invoke(app, [command, "--game", str(file)])
    assert result.exit_code == 2 and error_lines(result.output) == [f"Error: --game {file}: not a folder"]
    result = RUNNER.invoke(app, [command, "--out", str(file), "-n", "1"] if command == "simulate" else
                           [command, "--out", str(file)])
    assert result.exit_code == 2 and error_lines(result.output) == [f"Error: --out {file}: is a file, not a folder"]


# --------------------------------------------------------------------- simulate: unwritable --out
def test_simulate_refuses_an_unwritable_out_before_playing(tmp_path, monkeypatch):
    from generator.lab import simulate
    played = []
    monkeypatch.setattr(simulate, "run_tasks", lambda *a, **k: played.append(1) or [])
    (tmp_path / "file").write_text("x")
    result = RUNNER.invoke(app, ["simulate", "-n", "1", "--out", str(tmp_path / "file" / "report")])
    assert result.exit_code == 1 and not played
    assert error_lines(result.output) == [f"Error: --out {tmp_path / 'file' / 'report'}: cannot write there "
                                          f"({tmp_path / 'file'} is a file)"]


def test_simulate_prints_the_summary_before_a_late_write_error(tmp_path, monkeypatch):
    from generator.lab import report

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / "r.pdf"))

    monkeypatch.setattr(report, "write_report", full)
    result = RUNNER.invoke(app, ["simulate", "-n", "2", "--ai", "random", "-j", "1", "--no-progress",
                                 "--out", str(tmp_path / "r")])
    assert result.exit_code == 1
    assert "2 games in" in result.output
    assert result.output.index("2 games in") < result.output.index("Error: ")
    assert error_lines(result.output) == [f"Error: {tmp_path / 'r.pdf'}: No space left on device"]


def test_simulate_wording_and_log_progress(tmp_path):
    result = RUNNER.invoke(app, ["simulate", "-n", "10", "--ai", "random", "--turn-cap", "3", "-j", "1",
                                 "--no-png", "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    assert re.search(r"unfinished +10 +100\.0%", result.output) and "stopped by the turn cap" in result.output
    assert "(turn cap" not in result.output
    assert "1 worker)" in result.output
    assert re.search(r"range 3-3\b", result.output)            # turns played, never past the cap
    lines = [line for line in result.output.splitlines() if line.startswith("simulating: ")]
    assert lines[0] == "simulating: 1/10 games" and "simulating: 10/10 games" in lines
    assert lines[-1] == "simulating: 50 games"   # then the players' ladder: random and greedy, 2 x 20 seeds


# --------------------------------------------------------------------- unexpected errors, Ctrl-C
def test_an_unexpected_error_is_one_line_unless_debugging(tmp_path, monkeypatch):
    from generator import build

    def bug(**kwargs):
        raise KeyError("surprise")

    monkeypatch.setattr(build, "run", bug)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    result = RUNNER.invoke(app, ["build"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert error_lines(result.output) == ["Error: internal error: KeyError: 'surprise' (run with --debug or "
                                          "PNP_DEBUG=1 for the traceback)"]
    result = RUNNER.invoke(app, ["--debug", "build"])
    assert result.exit_code == 1 and "Traceback" in result.output and "KeyError: 'surprise'" in result.output
    monkeypatch.delenv("PNP_DEBUG", raising=False)


def test_ctrl_c_is_a_one_word_exit_130(monkeypatch):
    from generator import build

    def interrupted(**kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "run", interrupted)
    result = RUNNER.invoke(app, ["build"])
    assert result.exit_code == 130 and result.output.strip() == "Interrupted"


def test_ctrl_c_in_the_worker_pool_leaves_no_stray_lines(tmp_path):
    """A terminal's Ctrl-C signals the whole process group: the parent and every worker."""
    process = subprocess.Popen(PNP + ["simulate", "-n", "400", "-j", "2", "--no-png", "--out", str(tmp_path / "r")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               cwd=tmp_path, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err == "Interrupted\n", err
    assert not list(tmp_path.glob("r.*"))


# --------------------------------------------------------------------- --help at 80 columns
@pytest.mark.parametrize("command", ["build", "simulate", "check", "rules"])
def test_help_fits_80_columns_and_keeps_its_words(command):
    result = RUNNER.invoke(app, [command, "--help"], env={"COLUMNS": "80", "TERM": "dumb"}, terminal_width=80)
    assert result.exit_code == 0
    text = result.output
    assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "<bool>" not in text and "…" not in text
    if command == "build":
        assert "Default: the paper of components.toml." in text
        assert "--force, --allow-failing-examples" in text


# --------------------------------------------------------------------- pnp check finds its numbers
def test_check_uses_the_components_toml_beside_the_file_and_says_so(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(ROOT / "rules.md", other / "rules.md")
    source = (ROOT / "components.toml").read_text(encoding="utf-8")
    (other / "components.toml").write_text(source.replace('title = "Siege of Armagh"', 'title = "Siege II"'),
                                           encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    done = subprocess.run(PNP + ["check", str(other / "rules.md")], cwd=empty, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert f"numbers: Siege II from {other / 'components.toml'}" in done.stderr
    (other / "components.toml").unlink()
    done = subprocess.run(PNP + ["check", str(other / "rules.md")], cwd=empty, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and "numbers: Siege of Armagh, built-in defaults" in done.stderr
    both = subprocess.run(PNP + ["check", str(ROOT / "games/thornwick/rules.md"), str(ROOT / "games/tafl/rules.md")],
                          cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert both.returncode == 0, both.stderr      # each file's own game, each named, not the folder's
    assert [line for line in both.stderr.splitlines() if line.startswith("numbers:")] == [
        f"numbers: Thornwick from {ROOT / 'games/thornwick/components.toml'}",
        f"numbers: Tafl from {ROOT / 'games/tafl/components.toml'}"]
    rules = RUNNER.invoke(app, ["rules", "--game", str(ROOT)])
    assert f"numbers: Siege of Armagh from {ROOT / 'components.toml'}" in rules.output


# --------------------------------------------------------------------- bounds in components.toml
def _folder(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "components.toml").write_text(text, encoding="utf-8")
    return folder


SOURCE = (ROOT / "components.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old,new,message", [
    ("stun_markers = 8", "stun_markers = 100000", r":19: stun_markers must be at most 64 \(pieces to cut out\), got 100000"),
    ("points_to_win = 2", "points_to_win = 0", r":23: points_to_win must be 1 to 3 \(the Irish can hold 3 points"),
    ("points_to_win = 2", "points_to_win = 9", r":23: points_to_win must be 1 to 3 .*got 9"),
    ("defeats_for_point = 4", "defeats_for_point = 0", r":24: defeats_for_point must be 1 to viking_troops \(8\), got 0"),
    ("count = 2", "count = 500", r":\d+: \[pieces.player_aid\] count: 500 is too many: at most 64"),
])
def test_absurd_numbers_are_refused_at_their_line(tmp_path, old, new, message):
    assert old in SOURCE
    folder = _folder(tmp_path, SOURCE.replace(old, new))
    result = RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert re.search(r"Error: .*components\.toml" + message, result.output), result.output
    if not new.startswith("count"):  # the game's numbers: every command refuses them
        assert RUNNER.invoke(app, ["simulate", "--game", str(folder), "-n", "1"]).exit_code == 2


def test_an_empty_components_toml_or_pieces_table_says_what_is_missing(tmp_path):
    folder = _folder(tmp_path, "")
    result = RUNNER.invoke(app, ["rules", "--game", str(folder)])
    assert result.exit_code == 2
    assert error_lines(result.output) == [f"Error: {folder / 'components.toml'}: empty: it needs at least [game] "
                                          f'with title = "..." (every other table has defaults)']
    _folder(tmp_path, '[game]\ntitle = "Bare"\n\n[pieces]\n')
    result = RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "components.toml:4: [pieces] is empty: no pieces to print" in result.output


# --------------------------------------------------------------------- output file names
def test_variant_builds_do_not_overwrite_the_default_kit(tmp_path):
    names = set()
    for extra in ([], ["--square", "50mm"], ["--ink-saver"]):
        result = RUNNER.invoke(app, ["build", "--out", str(tmp_path), *extra])
        assert result.exit_code == 0, result.output
        names.add(Path(result.stdout.strip().splitlines()[0]).name)
    assert names == {"siege-of-armagh-a4.pdf", "siege-of-armagh-a4-square50mm.pdf", "siege-of-armagh-a4-inksaver.pdf"}


@pytest.mark.parametrize("title,name", [("Château d'Éire ☘", "chateau-d-eire"), ("攻城 🏰", "game"),
                                        ("Siege of Armagh", "siege-of-armagh")])
def test_file_names_from_any_title(title, name):
    from generator.kit.model import Kit
    assert Kit(title, "1", "", "", 100.0, "a4", 20.0, 20.0, 0.0, ()).slug == name


# --------------------------------------------------------------------- big rulebooks
def test_a_rulebook_with_56_sections_splits_its_contents_and_says_its_stages(tmp_path, monkeypatch):
    from generator import console
    monkeypatch.setattr(console, "PROGRESS_AFTER", 0.0)  # as if the build were slow
    folder = _folder(tmp_path, SOURCE)
    (folder / "rules.md").write_text("# Big rules\n\nIntro.\n\n" + "".join(f"## Section {i}\n\nText {i}.\n\n"
                                                                           for i in range(56)), encoding="utf-8")
    result = RUNNER.invoke(app, ["build", "--game", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "drawing the kit..." in result.output
    from pypdf import PdfReader
    pages = [page.extract_text() for page in PdfReader(str(tmp_path / "out" / "siege-of-armagh-a4.pdf")).pages]
    contents = [n for n, text in enumerate(pages) if "Section 30" in text and "Text 30" not in text]
    assert len(contents) == 1 and "Section 55" in pages[contents[0] + 1]   # over two pages


# --------------------------------------------------------------------- SIGTERM, closed pipes
def _subprocess(args: list[str], cwd: Path, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(PNP + args, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _terminate_once(process: subprocess.Popen, started: Callable[[], bool]) -> tuple[str, str]:
    """SIGTERM `process` as soon as `started()` (its temporary files exist), and its output."""
    deadline = time.monotonic() + 60
    while not started() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert process.poll() is None, "finished before it could be stopped"
    process.send_signal(signal.SIGTERM)
    return process.communicate(timeout=60)


def test_sigterm_during_a_build_changes_no_output_and_says_one_word(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    for name in ("components.toml", "rules.md", "examples.md"):
        shutil.copy(ROOT / name, game / name)
    out = tmp_path / "out"
    first = _subprocess(["build", "--game", str(game), "--out", str(out), "--png"], tmp_path)
    assert first.wait(timeout=120) == 0, first.stderr.read()
    before = _files(out)
    (game / "rules.md").write_text("# Short rules\n\nOne paragraph.\n", encoding="utf-8")
    process = _subprocess(["build", "--game", str(game), "--out", str(out), "--png"], tmp_path)
    _, err = _terminate_once(process, lambda: any(out.glob(".pnp-*.tmp")))
    assert process.returncode == 143 and err.splitlines()[-1] == "Terminated" and "Traceback" not in err, err
    assert _files(out) == before and not list(out.rglob(".*"))


def test_sigterm_during_simulate_leaves_no_report(tmp_path):
    process = _subprocess(["simulate", "-n", "400", "-j", "2", "--no-progress", "--out", str(tmp_path / "r")],
                          tmp_path)
    time.sleep(3)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143 and err.splitlines()[-1] == "Terminated" and "Traceback" not in err, err
    assert not list(tmp_path.glob("r.*")) and not list(tmp_path.rglob(".*"))


def test_sigterm_during_a_tts_export_leaves_no_half_export(tmp_path):
    out = tmp_path / "tts"
    process = _subprocess(["export", "tts", "--game", str(ROOT), "--out", str(out)], tmp_path)
    _, err = _terminate_once(process, lambda: any((out / "images").glob(".*.tmp")))
    assert process.returncode == 143 and err == "Terminated\n", err
    assert not [p for p in out.rglob("*") if p.is_file()]


@pytest.mark.parametrize("args", [["check", str(ROOT / "rules.md")],
                                  ["simulate", "--game", str(ROOT), "-n", "2", "--ai", "random", "-j", "1",
                                   "--no-png", "--no-progress", "--out", "REPORT"]])
def test_a_reader_that_closes_the_pipe_is_no_error(tmp_path, args):
    """`pnp check rules.md | head -1`: the reader leaves early; no traceback, no error, the usual
    exit code, and the command's files are still written."""
    args = [a.replace("REPORT", str(tmp_path / "r")) for a in args]
    process = _subprocess(args, tmp_path)
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "Error" not in err and "Broken" not in err, err
    if args[0] == "simulate":
        assert sorted(p.name for p in tmp_path.glob("r.*")) == ["r.json", "r.pdf"]


# --------------------------------------------------------------------- the lab's bounds
@pytest.mark.parametrize("args,message", [
    (["--workers", "100000"], f"--workers 100000: at most {4 * (os.cpu_count() or 1)} (4 per core)"),
    (["-n", "1000001"], "--games 1000001: at most 1000000 games per variant"),
    (["-n", "600000", "--vary", "villages=4,5"], "--games 600000 x 2 variants = 1200000 games: at most 1000000 "
                                                 "in one run"),
    (["--vary", "villages=1,2,3,4,5,6,7,8,9", "--vary", "viking_troops=1,2,3,4,5,6,7,8,9"],
     "81 variants (--rules times every --vary value): at most 64"),
    (["--turn-cap", "10001"], "--turn-cap 10001: at most 10000"),
    (["--option", "turn-cap=20000"], "turn-cap 20000: at most 10000"),
    (["--vary", "turn-cap=0,100"], "turn-cap 0: the lab needs a cap of 1 to 10000, so that every game ends"),
    (["--budget", "100001"], "--budget 100001: at most 100000 playouts per decision"),
    (["--ai", "mcts:100001"], "bad AI 'mcts:100001': at most 100000 playouts per decision"),
    (["--rules", ",,,"], "--rules ',,,': no rule set named"),
    (["--rules", " , "], "--rules ' , ': no rule set named"),
    (["--ai", "random", "--ai", "greedy"], "--ai 'random' and --ai 'greedy' both choose every side's AI; give one "
                                           "(SIDE=AI sets one side's)"),
    (["--ai", "irish=random", "--ai", "irish=greedy"], "--ai 'irish=random' and --ai 'irish=greedy' both choose "
                                                       "the irish side's AI; give one (SIDE=AI sets one side's)"),
])
def test_simulate_refuses_what_exceeds_its_bounds_before_any_game(tmp_path, monkeypatch, args, message):
    from generator.lab import simulate
    played = []
    monkeypatch.setattr(simulate, "run_tasks", lambda *a, **k: played.append(1) or [])
    result = RUNNER.invoke(app, ["simulate", "--no-progress", "--out", str(tmp_path / "r"), *args])
    assert result.exit_code == 2 and error_lines(result.output) == [f"Error: {message}"], result.output
    assert not played and not list(tmp_path.iterdir())


def test_one_default_ai_combines_with_side_ais_in_any_order():
    from generator.lab.players import PlayerSpec
    for texts in (["irish=mcts:9", "greedy"], ["greedy", "irish=mcts:9"]):
        assert [str(p) for p in PlayerSpec.for_sides(["viking", "irish"], texts)] == ["greedy", "mcts:9"]


# --------------------------------------------------------------------- --out
@pytest.mark.parametrize("command", [["build"], ["simulate", "-n", "1", "--ai", "random"], ["export", "tts"]])
def test_an_empty_out_is_a_usage_error(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    result = RUNNER.invoke(app, [*command, "--game", str(ROOT), "--out", ""])
    assert result.exit_code == 2, result.output
    assert error_lines(result.output) == ["Error: --out '': an empty path (give a folder; . is the current one)"]
    assert not list(tmp_path.iterdir())


def test_an_empty_out_is_a_usage_error_without_typer_too(tmp_path):
    done = subprocess.run(PNP + ["build", "--game", str(ROOT), "--out", ""], cwd=tmp_path, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and error_lines(done.stderr) == [
        "Error: --out '': an empty path (give a folder; . is the current one)"], done.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("slash", ["/", ""])
def test_simulate_out_that_is_a_folder_writes_inside_it(tmp_path, slash):
    folder = tmp_path / "reports"
    if not slash:
        folder.mkdir()
    result = RUNNER.invoke(app, ["simulate", "-n", "1", "--ai", "random", "-j", "1", "--no-progress",
                                 "--out", str(folder) + slash])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["ladders", "simulation.json", "simulation.pdf", "simulation.png"]
    assert [p.name for p in (folder / "ladders").iterdir()][0].startswith("ladder-")   # the players' strength, cached
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports"]


def test_export_out_that_is_a_file_is_a_usage_error(tmp_path):
    file = tmp_path / "notes.txt"
    file.write_text("x")
    result = RUNNER.invoke(app, ["export", "tts", "--out", str(file)])
    assert result.exit_code == 2 and error_lines(result.output) == [f"Error: --out {file}: is a file, not a folder"]
