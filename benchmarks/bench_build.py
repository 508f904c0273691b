"""How fast is the kit? Side by side, alternating, in fresh processes:

    ref   python -c "import reportlab.pdfgen.canvas"      (the yardstick of issue 3)
    kit   python -m generator.kit --game G --out TMP      (the kit: G is a copy of components.toml
                                                          without rules.md, so no rulebook)
    full  python -m generator.kit --out TMP               (the kit with the rulebook of rules.md)
    cli   pnp build --out TMP                             (the same through the full command line)
    clikit pnp build --game G --out TMP                   (the kit alone through the command line)
    check pnp check rules.md                              (replay the rulebook's examples)

and, in this process, the build alone (load + impose + render + write). The goal: `kit` within
3x `ref`. Bytecode caching is allowed (as on any machine after the first run; the first round is
a warm-up and is not counted). The goals: `kit` within 3x `ref`, `check` within 2x.

    python benchmarks/bench_build.py [--rounds 15] [--check] [--cpu]

--check exits 1 when the kit takes more than 3x the reference.
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
LIMIT = 3.0


def _timed(command: list[str], env: dict, cpu: bool = False) -> float:
    """Wall seconds of one run, or with `cpu` its CPU seconds (user + system: steadier on a busy machine)."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not cpu:
        return time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--check", action="store_true", help="exit 1 if kit > 3x ref")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time (a busy machine)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = Path(tempfile.mkdtemp(prefix="bench-kit-"))
    pnp = shutil.which("pnp") or str(Path(sys.executable).with_name("pnp"))
    game = out / "game"
    game.mkdir()
    shutil.copy(ROOT / "components.toml", game / "components.toml")
    commands = {
        "ref": [sys.executable, "-c", "import reportlab.pdfgen.canvas"],
        "kit": [sys.executable, "-m", "generator.kit", "--game", str(game), "--out", str(out)],
        "full": [sys.executable, "-m", "generator.kit", "--out", str(out)],
        "cli": [pnp, "build", "--out", str(out)] if Path(pnp).exists() else None,
        "clikit": [pnp, "build", "--game", str(game), "--out", str(out)] if Path(pnp).exists() else None,
        "check": [pnp, "check", "rules.md"] if Path(pnp).exists() else None,
    }
    commands = {k: v for k, v in commands.items() if v}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(args.rounds + 1):
        for name, command in commands.items():
            elapsed = _timed(command, env, args.cpu)
            if round_:                      # round 0 warms the caches
                times[name].append(elapsed)

    sys.path.insert(0, str(ROOT))
    from generator.config import find_game
    from generator.kit.model import load_kit
    from generator.kit.render import build

    os.chdir(ROOT)
    build(load_kit(find_game(None)), out)            # fonts registered, modules loaded
    inproc = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        path = build(load_kit(find_game(None)), out)
        inproc.append(time.perf_counter() - start)

    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"{'what':<44}{'median':>10}{'min':>10}")
    labels = {"ref": 'python -c "import reportlab.pdfgen.canvas"', "kit": "kit (python -m generator.kit)",
              "full": "kit + rulebook (rules.md)", "cli": "pnp build (kit + rulebook)",
              "clikit": "pnp build (kit only)", "check": "pnp check rules.md"}
    for name, values in times.items():
        print(f"{labels[name]:<44}{median[name] * 1000:>8.0f} ms{min(values) * 1000:>7.0f} ms")
    print(f"{'kit build in process (no start-up)':<44}{statistics.median(inproc) * 1000:>8.0f} ms"
          f"{min(inproc) * 1000:>7.0f} ms")
    ratio = median["kit"] / median["ref"]
    print(f"kit / ref = {ratio:.2f}x (limit {LIMIT:.0f}x); PDF {path.stat().st_size / 1024:.0f} KiB, "
          f"{path.name}")
    print(f"kit + rulebook / ref = {median['full'] / median['ref']:.2f}x")
    for name, limit in (("check", "limit 2x"), ("clikit", "kit only"), ("cli", "kit + rulebook")):
        if name in median:
            print(f"{labels[name]} / ref = {median[name] / median['ref']:.2f}x ({limit})")
    shutil.rmtree(out, ignore_errors=True)
    if args.check and ratio > LIMIT:
        print(f"too slow: {ratio:.2f}x > {LIMIT:.0f}x", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
