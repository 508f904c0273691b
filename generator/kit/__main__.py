"""`python -m generator.kit [options]`: the same build as `pnp build`, without loading the rest of
the command line (typer and the other commands' modules). This is the fast path the benchmark
measures; the options, messages and exit codes are those of `pnp build`."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.kit",
                                     description="Build the print-and-play kit (PDF) from a game folder.")
    parser.add_argument("--game", help="game folder holding components.toml")
    parser.add_argument("--out", help="output folder (default: the game folder's output/)")
    parser.add_argument("--paper", help="a4, letter or both")
    parser.add_argument("--duplex", help="long or short: two-sided pieces front/back")
    parser.add_argument("--back-offset", help="X,Y shift of the back pages in mm")
    parser.add_argument("--square", help="board square size, e.g. 50mm")
    parser.add_argument("--ink-saver", action="store_true", help="drop large fills")
    parser.add_argument("--png", action="store_true", help="also write PNGs to OUT/png/")
    args = parser.parse_args(argv)
    from ..build import run
    from ..errors import CheckFailed

    try:
        paths = run(game=args.game, out=args.out, paper=args.paper, duplex=args.duplex,
                   back_offset=args.back_offset, square=args.square, ink_saver=args.ink_saver,
                   png=args.png)
    except CheckFailed as exc:
        print(exc.report + "\n" if exc.report else "", end="", file=sys.stderr)
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # UsageError and LocatedError among them
        print(f"Error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(map(str, paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
