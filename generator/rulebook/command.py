"""The rulebook's part of `pnp build` (the command itself lives in generator/kit/command.py):
find rules.md, check it before anything is drawn, make the kit's extra pages or a standalone
rulebook PDF, and `--watch`. Messages go to stderr with print (the kit's fast entry point,
`python -m generator.kit`, does not load typer).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

from ..config import COMPONENTS_FILE, Game
from .build import RulebookError, build_rulebook, kit_pages, page_size_for, prepare_rulebook

RULES_FILE = "rules.md"


def find_rules(game: Game, rules: Path | None) -> Path | None:
    """`--rules FILE`, else rules.md beside components.toml (or in the current folder)."""
    if rules is not None:
        return rules
    folder = game.folder if game.folder is not None else Path(".")
    path = folder / RULES_FILE
    return path if path.exists() else None


def report_failure(exc: RulebookError) -> None:
    """The check's report (which examples failed and why), then `Error: ...`, on stderr."""
    if exc.report:
        print(exc.report, file=sys.stderr)
    print(f"Error: {exc}", file=sys.stderr)


def extra_pages(game: Game, kit, rules: Path | None, force: bool) -> list:
    """The rulebook pages for the kit (empty when there is no rules.md). Raises RulebookError when
    an example fails or a typed number disagrees with components.toml, unless `force`."""
    if rules is None:
        return []
    prepared = prepare_rulebook(game, rules, force)
    for warning in prepared.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if prepared.failed:
        print(f"warning: building with {len(prepared.failed)} failing example(s), marked in red", file=sys.stderr)
    return kit_pages(prepared, kit)


def rulebook_only(game: Game, kit, rules: Path | None, out: Path, force: bool) -> Path:
    """`--rulebook-only`: the rulebook as its own PDF, OUT/<kit>-rules-<paper>.pdf."""
    if rules is None:
        raise RulebookError(f"no {RULES_FILE} found (give one with --rules)", exit_code=2)
    from ..kit.model import PAPERS
    size = PAPERS.get(kit.paper) if kit is not None else page_size_for(game)
    slug = getattr(kit, "slug", "rules")
    path = Path(out) / f"{slug}-rules-{getattr(kit, 'paper', 'a4')}.pdf"
    result = build_rulebook(game, rules, path, force=force, page_size=size)
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return path


def watched_paths(game: Game, rules: Path | None) -> list[Path]:
    """What a rebuild depends on: components.toml, rules.md, templates/ and art/."""
    folder = game.folder if game.folder is not None else Path(".")
    root = Path(__file__).resolve().parents[2]
    paths = [folder / COMPONENTS_FILE, rules or folder / RULES_FILE, folder / "templates", folder / "art",
             root / "art", root / "templates"]
    seen, out = set(), []
    for path in paths:
        key = path.resolve()
        if key not in seen and path.exists():
            seen.add(key)
            out.append(path)
    return out


def watch(build_once: Callable[[], None], paths: list[Path], debounce_ms: int = 150,
          stop_event=None) -> None:
    """Build now, then again whenever a watched file changes (watchfiles, debounced), printing how
    long each rebuild took. A failed build is reported and the watch goes on; the last good PDF
    stays in place (every write is atomic)."""
    import typer
    from watchfiles import watch as watch_files

    def run(reason: str) -> None:
        started = time.perf_counter()
        try:
            build_once()
        except typer.Exit as exc:
            if exc.exit_code:
                typer.echo(f"[watch] build failed ({reason}); waiting for changes", err=True)
                return
        typer.echo(f"[watch] rebuilt in {time.perf_counter() - started:.2f} s ({reason})")

    run("start")
    typer.echo("[watch] watching " + ", ".join(str(p) for p in paths) + " (Ctrl-C to stop)")
    try:
        for changes in watch_files(*paths, debounce=debounce_ms, stop_event=stop_event,
                                   watch_filter=lambda change, path: not Path(path).name.startswith(".")):
            names = sorted({Path(p).name for _, p in changes})
            run(", ".join(names))
    except KeyboardInterrupt:
        pass
