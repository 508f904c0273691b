"""The `pnp` commands and their options (typer). Every command body runs inside
`generator.console.errors_to_exit_codes`, the one place errors become messages and exit codes."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Callable, List, Optional

import typer

from .console import echo, errors_to_exit_codes, fail, numbers_line, run_build, run_check
from .errors import DEBUG_ENV, UsageError

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="siege-pnp: print-and-play kits, rulebooks checked by a rules engine, and a "
                       "playtest lab, for every game package.")

GAME_HELP = "Game folder holding components.toml (default: the current folder's, else the built-in game)."
PLAYERS_HELP = "Players (2 to 4) for a game that seats any number: the first sides of its file (default: all)."


def command(name: str | None = None) -> Callable:
    """`app.command`, with the body's errors mapped to exit codes."""
    def register(function: Callable) -> Callable:
        @functools.wraps(function)
        def guarded(*args, **kwargs):
            with errors_to_exit_codes():
                return function(*args, **kwargs)
        return app.command(name)(guarded)
    return register


@app.callback()
def root(debug: bool = typer.Option(False, "--debug", help=f"Show the traceback of an unexpected "
                                    f"error (also {DEBUG_ENV}=1).")) -> None:
    if debug:
        os.environ[DEBUG_ENV] = "1"


def _game(folder: Optional[Path]):
    from .config import find_game
    return find_game(folder)


@command()
def check(files: List[Path] = typer.Argument(..., help="Markdown files with example blocks (any game package's fence)."),
          game: Optional[Path] = typer.Option(None, "--game", help="Game folder whose components.toml gives the "
                                              "numbers (default: the current folder's, else the one beside "
                                              "the first file, else the built-in numbers)."),
          verbose: bool = typer.Option(False, "--verbose", "-v", help="List passing examples too.")) -> None:
    """Replay every example block with its game's engine and say which are wrong."""
    run_check(files, game, verbose)


@command()
def rules(options: bool = typer.Option(False, "--options", help="List the engine options."),
          game: Optional[Path] = typer.Option(None, "--game", help=GAME_HELP)) -> None:
    """Show the game's numbers, or its engine options (--options)."""
    loaded = _game(game)
    echo(numbers_line(loaded), err=True)
    if options:
        specs = loaded.option_specs
        width = max((len(spec.name) for spec in specs), default=0)
        for spec in specs:
            values = "|".join(spec.choices) if spec.choices else "N"
            echo(f"{spec.name.ljust(width)}  {values} (default {spec.default}): {spec.help}")
        return
    rule_set = f", {loaded.rule_set} rules" if loaded.rule_set else ""
    echo(f"{loaded.info.title} {loaded.info.version} ({loaded.name}{rule_set})")
    totals = loaded.design.values if loaded.design is not None else {}
    for name, value in loaded.template_values().items():
        if isinstance(value, int) and name not in totals:
            echo(f"  {name} = {value}")
    counted = {name: value for name, value in totals.items() if isinstance(value, int)}
    if counted:
        echo("copies of each component (also usable as {{ name }}):")
        for name, value in counted.items():
            echo(f"  {name} = {value}")


@command("build")
def build_command(
    game: Optional[Path] = typer.Option(None, "--game", help=GAME_HELP),
    out: Optional[str] = typer.Option(None, "--out", help="Output folder (default: the game folder's output/)."),
    paper: Optional[str] = typer.Option(None, "--paper", help="a4, letter, or both (content that fits "
                                        "either sheet). Default: the paper of components.toml."),
    duplex: Optional[str] = typer.Option(None, "--duplex", help="Print two-sided pieces front/back: long "
                                         "or short (the edge to flip on). Default: fold-over."),
    back_offset: Optional[str] = typer.Option(None, "--back-offset", help="X,Y shift of the back pages in "
                                              "mm, as read on the calibration page."),
    square: Optional[str] = typer.Option(None, "--square", help="Board square size, e.g. 50mm: rescales "
                                         "the board and the pieces."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Drop large fills."),
    png: bool = typer.Option(False, "--png", help="Also write each page as PNG to OUT/png/."),
    rules: Optional[Path] = typer.Option(None, "--rules", help="The rulebook template (default: rules.md "
                                         "beside components.toml)."),
    rulebook_only: bool = typer.Option(False, "--rulebook-only", help="Write only the rulebook, as its own PDF."),
    force: bool = typer.Option(False, "--force", "--allow-failing-examples", help="Build even if an "
                               "example fails the check (marked in red on its page)."),
    watch: bool = typer.Option(False, "--watch", help="Rebuild whenever components.toml, rules.md, "
                               "examples.md, templates/ or art/ change or appear."),
    showcase: bool = typer.Option(False, "--showcase", help="Also write OUT/<game>-showcase.png: the "
                                  "components laid out for the game's web page."),
) -> None:
    """Build the print-and-play kit (PDF) from a game folder."""
    run_build(game=game, out=out, paper=paper, duplex=duplex, back_offset=back_offset, square=square,
              ink_saver=ink_saver, png=png, rules=rules, rulebook_only=rulebook_only, force=force, watch=watch,
              showcase=showcase)


def _progress_lines(total: int) -> Callable[[dict], None]:
    """Progress for a log (not a terminal): a line every tenth of the `total` games expected (a run
    that plays more, for precision or the players' ladder, goes on counting at that step, without
    a total)."""
    done, step = 0, max(1, total // 10)

    def advance(record: dict) -> None:
        nonlocal done
        done += 1
        if done % step == 0:
            echo(f"simulating: {done}/{total} games" if done <= total else f"simulating: {done} games", err=True)
    return advance


@command("simulate")
def simulate_command(
    games: int = typer.Option(100, "--games", "-n", min=1, help="Games per variant."),
    ai: List[str] = typer.Option([], "--ai", help="Players: AI for every side, or SIDE=AI (repeatable), "
                                 "e.g. --ai mcts --ai SIDE=greedy. AI: random, greedy, mcts or mcts:N "
                                 "(N playouts per decision). Default: mcts."),
    budget: int = typer.Option(50, "--budget", min=1, help="MCTS playouts per decision (mcts:N overrides)."),
    rules: Optional[str] = typer.Option(None, "--rules", help="A rule set, or several separated by commas to "
                                        "compare them (default: the game's)."),
    option: List[str] = typer.Option([], "--option", help="Engine option NAME=VALUE (repeatable)."),
    vary: List[str] = typer.Option([], "--vary", help="Sweep a number or an option: NAME=V1,V2,... (repeatable)."),
    turn_cap: int = typer.Option(200, "--turn-cap", min=1, help="Turns before a game is declared a draw."),
    seats: Optional[int] = typer.Option(None, "--players", min=2, max=4, help=PLAYERS_HELP),
    seed: int = typer.Option(0, "--seed", help="Base seed: the same seed plays the same games."),
    workers: Optional[int] = typer.Option(None, "--workers", "-j", min=1, help="Processes (default: every core)."),
    out: Optional[str] = typer.Option(None, "--out", help="Report folder (an existing one, or ending in /), or "
                                      "path without extension: writes .json, .pdf and .png (default: the game "
                                      "folder's output/lab/simulation)."),
    png: bool = typer.Option(True, "--png/--no-png", help="Also write a PNG preview of the report."),
    game: Optional[Path] = typer.Option(None, "--game", help=GAME_HELP),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show progress: a bar on a "
                                  "terminal, else a line every tenth of the games."),
    until_ci: Optional[float] = typer.Option(None, "--until-ci", help="Play rounds of --games more seeds until "
                                             "every share's and difference's 95% half-width is at most this "
                                             "many points (or --max-games)."),
    max_games: int = typer.Option(10_000, "--max-games", min=1, help="The cap of --until-ci, games per variant."),
    strength: bool = typer.Option(True, "--strength/--no-strength", help="State the players' Elo on the game's "
                                  "ladder (random, greedy, mcts levels), measured once and cached."),
    ladder_games: int = typer.Option(20, "--ladder-games", min=1, help="Seeds per seating of each ladder pairing."),
    convergence: bool = typer.Option(True, "--convergence/--no-convergence", help="Also play the same seeds "
                                     "with players one level weaker, and say whether the verdict moved."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="Play on a Dask cluster: a scheduler address "
                                          "(tcp://host:8786) or local:N (N worker processes here)."),
) -> None:
    """Play seeded AI games and report who wins, how, how long games last, and how far to trust it."""
    from contextlib import nullcontext

    from .build import output_folder
    from .games.base import parse_option
    from .lab import limits
    from .lab.balance import balance
    from .lab.players import PlayerSpec
    from .lab.report import format_summary, write_report
    from .lab.simulate import make_tasks, parse_vary, plan_variants
    from .pdf import ensure_writable

    limits.at_most("--games", games, limits.MAX_GAMES, " games per variant")
    limits.at_most("--max-games", max_games, limits.MAX_GAMES, " games per variant")
    limits.at_most("--ladder-games", ladder_games, limits.MAX_LADDER_GAMES, " seeds per seating")
    if until_ci is not None and not 0 < until_ci <= 50:
        raise UsageError(f"--until-ci {until_ci:g}: give a half-width in points, above 0 and at most 50")
    limits.at_most("--turn-cap", turn_cap, limits.MAX_TURN_CAP)
    limits.at_most("--budget", budget, limits.MAX_BUDGET, " playouts per decision")
    if workers is not None:
        limits.at_most("--workers", workers, limits.max_workers(), f" ({limits.WORKERS_PER_CORE} per core)")
    rule_sets = [r.strip() for r in rules.split(",") if r.strip()] if rules is not None else [None]
    if not rule_sets:
        raise UsageError(f"--rules {rules!r}: no rule set named")
    loaded = _game(game)
    if not loaded.engine:
        raise UsageError(f"{loaded.info.title} has no rules engine (game package {loaded.name!r}): "
                         f"there is nothing to simulate")
    loaded = _seated(loaded, seats)
    players = PlayerSpec.for_sides([side.label for side in loaded.sides], ai, budget)
    options = dict(parse_option(text) for text in option)
    variants = plan_variants(loaded, rule_sets, options, [parse_vary(text) for text in vary])
    total = (max_games if until_ci is not None else games) * len(variants)
    if total > limits.MAX_TOTAL_GAMES:
        raise UsageError(f"--{'max-' if until_ci is not None else ''}games "
                         f"{max_games if until_ci is not None else games} x {len(variants)} variants = "
                         f"{total} games: at most {limits.MAX_TOTAL_GAMES} in one run")
    if cluster is not None:
        from .lab.cluster import parse
        parse(cluster)  # a bad address is a usage error before any game
    for variant in variants:  # validate every variant before playing any game
        make_tasks(0, players, variant, seed, turn_cap, loaded)
    stem = _report_stem(out) if out is not None else output_folder(loaded, None) / "lab" / REPORT_NAME
    ensure_writable(stem.parent, f"--out {out}" if out is not None else None)  # before the games
    expected = games * len(variants) * (2 if convergence and all(p.weaker() for p in players) else 1)

    def play(advance: Callable[[dict], None] | None):
        if cluster is not None:
            from .lab.cluster import dask_mapper
            places = dask_mapper(cluster)
        else:
            places = nullcontext(None)
        with places as mapper:
            return balance(variants, games, players, loaded, seed, turn_cap, workers, mapper, advance,
                           until_ci=until_ci, max_games=max_games, converge=convergence, strength=strength,
                           ladder_games=ladder_games, cache=stem.parent / "ladders")

    if progress and sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                       transient=True)
        with bar:
            job = bar.add_task("games", total=None)
            sim = play(lambda record: bar.advance(job))
    else:
        sim = play(_progress_lines(expected) if progress else None)
    echo(format_summary(sim))
    paths = write_report(sim, stem, png=png)
    echo("wrote " + ", ".join(str(p) for p in paths.values()))


def _seated(game, players: int | None):
    """`--players N`: the game for its first N sides (a game of 2 to 4 players); UsageError else."""
    if players is None:
        return game
    try:
        return game.with_players(players)
    except ValueError as exc:
        raise UsageError(f"--players {players}: {exc}") from None


REPORT_NAME = "simulation"  # the report's files in an --out folder: simulation.json, .pdf, .png


def _report_stem(out: str) -> Path:
    """`pnp simulate --out`: a folder (one that exists, or a path ending in /) holds
    simulation.json, .pdf and .png; any other path is the report's, without its extension."""
    from .build import check_out

    path = check_out(out)
    return path / REPORT_NAME if out.endswith(("/", os.sep)) or path.is_dir() else path


@command("play")
def play_command(
    game: Optional[Path] = typer.Option(None, "--game", help=GAME_HELP),
    vs: Optional[str] = typer.Option(None, "--vs", help="The opponent: mcts (the default), mcts:N, greedy, random, "
                                     "or human (people: one link per side, and a hot-seat link for one shared screen)."),
    side: Optional[List[str]] = typer.Option(None, "--side", help="A side a person plays against the AI, which plays "
                                             "every other side (default: the first seat's side); repeat it for "
                                             "several people (a link each, and a hot-seat link)."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="Port on 127.0.0.1."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser; just print the links."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the AI and the sandbox's bags (default: random)."),
    players: Optional[int] = typer.Option(None, "--players", min=2, max=4, help=PLAYERS_HELP),
) -> None:
    """Play the game in a browser against the AI or other people, before printing it. A game
    without a rules engine opens on a sandbox table: the kit's pieces, moved by hand."""
    from .play.server import serve
    from .play.session import HUMAN, Table

    loaded = _seated(_game(game), players)
    if loaded.engine:
        table = Table(loaded, vs=(vs or "mcts").strip().lower(), side=side, seed=seed)
    else:
        from .play.sandbox import Sandbox
        if vs is not None and vs.strip().lower() != HUMAN:
            raise UsageError(f"{loaded.info.title or loaded.name} has no rules engine, so no AI can play it: "
                             f"its sandbox table is for people (--vs human)")
        if side:
            raise UsageError("--side chooses the people's sides against the AI; the sandbox table seats every side")
        table = Sandbox(loaded, seed=seed)
        echo(f"{loaded.info.title or loaded.name} has no rules engine: a sandbox table, where nothing is checked",
             err=True)
    try:
        serve(table, port=port, open_browser=not no_browser, report=lambda text: echo(text, err=True))
    except OSError as exc:  # the port is taken
        fail(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}", 1)


@command("export")
def export_command(
    target: str = typer.Argument(..., help="What to export: tts (a Tabletop Simulator saved object)."),
    game: Optional[Path] = typer.Option(None, "--game", help=GAME_HELP),
    out: Optional[str] = typer.Option(None, "--out", help="Output folder (default: the game folder's output/tts/)."),
    url: Optional[str] = typer.Option(None, "--url", help="Public URL the images will be hosted at (default: "
                                      "file:/// paths to OUT, for this computer only)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Shuffles the bags: the same seed, the same order "
                                       "(default: at random)."),
) -> None:
    """Export the game for other tables: `tts` writes a Tabletop Simulator saved object and its images."""
    from .build import output_folder
    from .export.tts import export_tts
    from .pdf import ensure_writable

    if target != "tts":
        raise UsageError(f"unknown export {target!r}; exports: tts")
    loaded = _game(game)
    folder = output_folder(loaded, out) if out is not None else output_folder(loaded, None) / "tts"
    ensure_writable(folder, f"--out {out}" if out is not None else None)
    for path in export_tts(loaded, folder, base_url=url, seed=seed, report=lambda text: echo(text, err=True)):
        echo(str(path))
