"""`pnp simulate`: seeded AI self-play over every core, with a balance report (JSON, PDF, PNG)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..config import GameFileError, find_game
from ..engine.options import parse_option
from .players import AI_NAMES, PlayerSpec
from .simulate import DEFAULT_TURN_CAP, parse_vary, plan_variants, simulate


def format_summary(sim) -> str:
    """The console summary: one block per variant."""
    lines = []
    for label in sim.variants:
        sm = sim.summaries[label]
        t = sm["turns"]
        lines.append(f"{label}: {sm['games']} games")
        for side in ("viking", "irish"):
            s = sm[side]
            low, high = s["ci95"]
            ways = ", ".join(f"{k} {v}" for k, v in s["ways"].items()) or "-"
            lines.append(f"  {side:7s} wins {s['wins']:4d}  {100 * s['rate']:5.1f}%  "
                         f"95% CI [{100 * low:.1f}%, {100 * high:.1f}%]  by: {ways}")
        lines.append(f"  draws   {sm['draws']['games']:4d}  {100 * sm['draws']['rate']:5.1f}%  "
                     f"(turn cap {sm['draws']['turn_cap']})")
        if t.get("n"):
            lines.append(f"  turns   mean {t['mean']:.1f}  median {t['median']:.0f}  "
                         f"range {t['min']}-{t['max']}")
    games = sum(sm["games"] for sm in sim.summaries.values())
    rate = games / sim.wall_seconds if sim.wall_seconds else 0.0
    lines.append(f"{games} games in {sim.wall_seconds:.1f} s ({rate:.2f} games/s, "
                 f"{sim.settings['workers']} workers)")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    ai_help = f"AI: {', '.join(AI_NAMES)} (mcts:N for N playouts per decision)."

    @app.command("simulate")
    def simulate_command(
        games: int = typer.Option(100, "--games", "-n", min=1, help="Games per variant."),
        viking: str = typer.Option("mcts", "--viking", help="Viking " + ai_help),
        irish: str = typer.Option("mcts", "--irish", help="Irish " + ai_help),
        budget: int = typer.Option(50, "--budget", min=1, help="MCTS playouts per decision (mcts:N overrides)."),
        rules: str | None = typer.Option(None, "--rules",
                                         help="final, draft, or final,draft to compare them (default: the game's)."),
        option: list[str] = typer.Option([], "--option", help="Engine option NAME=VALUE (repeatable)."),
        vary: list[str] = typer.Option([], "--vary",
                                    help="Sweep a count, rule number or option: villages=4,5,6 (repeatable)."),
        turn_cap: int = typer.Option(DEFAULT_TURN_CAP, "--turn-cap", min=1,
                                     help="Turns before a game is declared a draw."),
        seed: int = typer.Option(0, "--seed", help="Base seed: the same seed plays the same games."),
        workers: int | None = typer.Option(None, "--workers", "-j", min=1, help="Processes (default: every core)."),
        out: Path = typer.Option(Path("output/lab/simulation"), "--out",
                                 help="Report path without extension: writes .json, .pdf and .png."),
        png: bool = typer.Option(True, "--png/--no-png", help="Also write a PNG preview of the report."),
        game: Path | None = typer.Option(None, "--game", help="Game folder whose components.toml gives the counts."),
        progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
    ) -> None:
        """Play seeded AI games and report who wins, how, and how long games last."""
        try:
            loaded = find_game(game)
        except GameFileError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2)
        try:
            v_spec, i_spec = PlayerSpec.parse(viking, budget), PlayerSpec.parse(irish, budget)
            options = dict(parse_option(text) for text in option)
            rule_sets = [r.strip() for r in (rules or loaded.rule_set).split(",") if r.strip()]
            variants = plan_variants(rule_sets, options, [parse_vary(text) for text in vary])
            from .simulate import make_tasks
            for variant in variants:  # validate every variant before playing any game
                make_tasks(0, v_spec, i_spec, variant, seed, turn_cap, loaded)
        except ValueError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2)
        total = games * len(variants)
        if progress:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )
            bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                           transient=True)
            with bar:
                job = bar.add_task("games", total=total)
                sim = simulate(variants, games, v_spec, i_spec, seed, turn_cap, loaded, workers,
                               lambda record: bar.advance(job))
        else:
            sim = simulate(variants, games, v_spec, i_spec, seed, turn_cap, loaded, workers)
        from .report import write_report
        paths = write_report(sim, out, png=png)
        typer.echo(format_summary(sim))
        typer.echo("wrote " + ", ".join(str(p) for p in paths.values()))

