"""How fast are the commands a designer runs over and over? Side by side, alternating, in fresh
processes, against the yardstick of issue 12, a bare `python -c "import reportlab.pdfgen.canvas"`:

    check    pnp check rules.md                    goal: at most 2x the reference
    kit      pnp build --game G --out TMP          goal: at most 2.5x (G holds components.toml
                                                   alone, so no rulebook: the kit only)
    ruled    pnp build --game R --out TMP          (R holds components.toml and rules.md: the
                                                   kit with its rulebook, no booklet)
    full     pnp build --out TMP                   goal: at most 5x (the kit with its rulebook,
                                                   and the examples booklet beside it)

and, in this process, the kit build alone (load + impose + render + write). Wall time is what a
designer waits; CPU time (user + system of the process and its children) is the work done, which
is larger than the wall time where the build uses a second core. Bytecode caching is allowed (as
on any machine after the first run; the first round is a warm-up and is not counted).

    python benchmarks/bench_build.py [--rounds 9] [--check]

--check exits 1 when a median misses its goal.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _timed(command: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--check", action="store_true", help="exit 1 if a median misses its goal")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = Path(tempfile.mkdtemp(prefix="bench-build-"))
    pnp = shutil.which("pnp") or str(Path(sys.executable).with_name("pnp"))
    game, ruled = out / "game", out / "ruled"
    for folder, files in ((game, ["components.toml"]), (ruled, ["components.toml", "rules.md"])):
        folder.mkdir()
        for name in files:
            shutil.copy(ROOT / name, folder / name)
    measures = {  # name: (label, command, goal as a multiple of the reference)
        "ref": ('python -c "import reportlab.pdfgen.canvas"', [sys.executable, "-c", "import reportlab.pdfgen.canvas"], None),
        "check": ("pnp check rules.md (16 examples)", [pnp, "check", "rules.md"], 2.0),
        "kit": ("pnp build, kit only (no rules.md)", [pnp, "build", "--game", str(game), "--out", str(out)], 2.5),
        "ruled": ("pnp build, kit + rulebook (no booklet)", [pnp, "build", "--game", str(ruled), "--out", str(out)], None),
        "full": ("pnp build (kit + rulebook + booklet)", [pnp, "build", "--out", str(out)], 5.0),
    }
    walls: dict[str, list[float]] = {name: [] for name in measures}
    cpus: dict[str, list[float]] = {name: [] for name in measures}
    for round_ in range(args.rounds + 1):
        for name, (_, command, _) in measures.items():
            wall, cpu = _timed(command, env)
            if round_:                      # round 0 warms the caches
                walls[name].append(wall)
                cpus[name].append(cpu)

    sys.path.insert(0, str(ROOT))
    from generator.config import find_game
    from generator.kit.model import load_kit
    from generator.kit.render import build

    os.chdir(ROOT)
    build(load_kit(find_game(None)), out)            # fonts registered, modules loaded
    inproc = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        build(load_kit(find_game(None)), out)
        inproc.append(time.perf_counter() - start)

    ref = statistics.median(walls["ref"])
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (the full build uses two: a "
          f"busy machine slows it most)")
    print(f"{'what':<42}{'wall':>9}{'min':>9}{'cpu':>9}{'/ ref':>8}  goal")
    missed = []
    for name, (label, _, goal) in measures.items():
        wall = statistics.median(walls[name])
        ratio = wall / ref
        verdict = "" if goal is None else f"{goal:g}x {'met' if ratio <= goal else 'MISSED'}"
        if goal is not None and ratio > goal:
            missed.append(name)
        print(f"{label:<42}{wall * 1000:>6.0f} ms{min(walls[name]) * 1000:>6.0f} ms"
              f"{statistics.median(cpus[name]) * 1000:>6.0f} ms{ratio:>7.2f}x  {verdict}")
    print(f"{'kit build in process (no start-up)':<42}{statistics.median(inproc) * 1000:>6.0f} ms"
          f"{min(inproc) * 1000:>6.0f} ms")
    shutil.rmtree(out, ignore_errors=True)
    if args.check and missed:
        print(f"missed: {', '.join(missed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
