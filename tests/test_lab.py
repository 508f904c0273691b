"""The playtest lab: statistics, seeding, hidden information, the report and `pnp simulate`."""

from __future__ import annotations

import json
import random
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.siege import SiegeGame as Game
from generator.games.siege import Kind, MoveKind, Phase, Side, State
from generator.lab import stats
from generator.games.siege.ai import HAND_WEIGHTS, LOST, TERMS, evaluate, evaluation_terms
from generator.lab.players import (
    GreedyPlayer,
    MCTSPlayer,
    PlayerSpec,
    RandomPlayer,
)
from generator.lab.simulate import (
    GameTask,
    Variant,
    game_seed,
    make_tasks,
    parse_vary,
    plan_variants,
    play_game,
    run_tasks,
    simulate,
    summarize,
)
from helpers import position

HIDDEN = {Kind.VIKING, Kind.HIDDEN_BERSERKER, Kind.HIDDEN_CHIEF}
GAME = Game.default()
SIDES, WAYS = ("viking", "irish"), GAME.ways
RANDOM = PlayerSpec.parse("random")


# ------------------------------------------------------------------------------ statistics
@pytest.mark.parametrize("k, n, low, high", [
    # Newcombe (1998), Statistics in Medicine 17:857-872, table I, method 3 (Wilson score, no CC).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Textbook values.
    (8, 10, 0.4902, 0.9433),
    (50, 100, 0.4038, 0.5962),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_matches_published_values(k, n, low, high):
    got = stats.wilson_interval(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges():
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)
    assert stats.z_for(0.95) == pytest.approx(1.959964, abs=1e-6)
    low, high = stats.wilson_interval(3, 7)
    assert (low, high) == pytest.approx(tuple(1 - x for x in reversed(stats.wilson_interval(4, 7))))
    with pytest.raises(ValueError):
        stats.wilson_interval(5, 4)


def test_describe_and_percentiles():
    d = stats.describe([1, 2, 3, 4, 10])
    assert d["mean"] == 4 and d["median"] == 3 and d["p25"] == 2 and d["p75"] == 4
    assert d["sd"] == pytest.approx(3.5355339, abs=1e-6)  # sample standard deviation
    assert d["mean_ci95"] == pytest.approx([4 - 1.959964 * 3.5355339 / 5 ** 0.5, 4 + 1.959964 * 3.5355339 / 5 ** 0.5],
                                           abs=1e-5)
    assert stats.percentile([1, 2, 3, 4], 50) == 2.5
    assert stats.histogram([0, 1, 5, 9, 10], [0, 5, 10]) == [2, 3]


def _record(winner, points=(), turns=10, termination="points"):
    return {"variant": "final", "index": 0, "winner": winner, "termination": termination,
            "points": sorted(points), "turns": turns, "actions": 2 * turns, "seconds": 0.01}


def test_summarize_known_records():
    records = ([_record("viking", ["treasure", "villages"], 20)] * 6
               + [_record("irish", ["defeats", "treasure"], 30)] * 3
               + [_record("irish", ["chief", "treasure"], 40)]
               + [_record(None, [], 200, "turn-cap")] * 2)
    s = summarize(records, SIDES, WAYS)
    assert s["games"] == 12
    assert s["viking"]["wins"] == 6 and s["viking"]["rate"] == 0.5
    assert s["viking"]["ci95"] == pytest.approx(list(stats.wilson_interval(6, 12)))
    assert s["irish"]["wins"] == 4
    assert s["irish"]["points"] == {"treasure": 4, "defeats": 3, "chief": 1, "villages": 0}
    assert s["irish"]["ways"] == {"defeats+treasure": 3, "chief+treasure": 1}
    assert s["draws"]["games"] == 0   # games the turn cap stopped are unfinished, not draws of the game
    assert s["unfinished"]["games"] == 2 and s["unfinished"]["example"]["turns"] == 200
    assert s["turns"]["mean"] == pytest.approx((6 * 20 + 3 * 30 + 40 + 400) / 12)


# ------------------------------------------------------------------------------ seeding
def test_game_seeds_depend_on_base_seed_and_index_only():
    assert game_seed(7, 3) == game_seed(7, 3)
    assert len({game_seed(7, i) for i in range(100)}) == 100
    assert game_seed(7, 3) != game_seed(8, 3)


def _strip(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_same_seed_same_games_whatever_the_worker_count():
    tasks = make_tasks(4, (PlayerSpec.parse("greedy"), RANDOM), seed=11, turn_cap=60)
    one = run_tasks(tasks, workers=1)
    two = run_tasks(tasks, workers=2)
    again = run_tasks(make_tasks(4, (PlayerSpec.parse("greedy"), RANDOM), seed=11, turn_cap=60), workers=1)
    assert _strip(one) == _strip(two) == _strip(again)
    other = run_tasks(make_tasks(4, (PlayerSpec.parse("greedy"), RANDOM), seed=12, turn_cap=60), workers=1)
    assert _strip(one) != _strip(other)


def test_turn_cap_ends_games_as_draws():
    records = run_tasks(make_tasks(3, (RANDOM, RANDOM), seed=1, turn_cap=4), workers=1)
    assert all(r["winner"] is None and r["termination"] == "turn-cap" for r in records)
    assert all(r["turns"] == 4 for r in records)  # turns played: never past the cap


# ------------------------------------------------------------------------------ variants
def test_plan_variants_compares_rules_and_sweeps():
    variants = plan_variants(GAME, ["final", "draft"], {"no-moves": "lose"}, [parse_vary("villages=4,6")])
    assert [v.label for v in variants] == ["final villages=4", "final villages=6",
                                           "draft villages=4", "draft villages=6"]
    assert variants[3].rules == "draft" and variants[3].changes == (("villages", 6),)
    assert dict(variants[0].options) == {"no-moves": "lose"}
    game = variants[1].game(Game())
    assert game.counts.villages == 6 and game.counts.tracker_spaces == 7
    swept = plan_variants(GAME, ["final"], {}, [parse_vary("turn-cap=50,100")])
    assert [dict(v.options)["turn-cap"] for v in swept] == ["50", "100"]
    task = make_tasks(1, (RANDOM, RANDOM), swept[0], turn_cap=200)[0]
    assert dict(task.options)["turn-cap"] == "50"  # the sweep wins over the default cap


@pytest.mark.parametrize("vary, message", [("colour=1,2", "cannot vary"), ("villages", "expected --vary"),
                                           ("villages=x", "whole numbers")])
def test_bad_sweeps_are_errors(vary, message):
    with pytest.raises(ValueError, match=message):
        plan_variants(GAME, ["final"], {}, [parse_vary(vary)])


def test_impossible_counts_are_errors():
    with pytest.raises(ValueError, match="villages must be 1 to 16"):
        make_tasks(1, (RANDOM, RANDOM), Variant("v", changes=(("villages", 40),)))


def test_sweep_changes_the_game_played():
    tasks = make_tasks(2, (PlayerSpec.parse("greedy"), RANDOM), Variant("v3", changes=(("villages", 3),)), seed=2)
    assert tasks[0].game.counts.villages == 3
    record = play_game(tasks[0])
    assert record["winner"] in ("viking", "irish", None)


@pytest.mark.parametrize("folder, draws", [(None, False), ("hoard", True)])
def test_a_game_played_with_its_moves_kept_replays_to_the_same_end(folder, draws):
    """A task that keeps its moves (benchmarks/bench_learned.py fits on the positions they make)
    gets the game's every move, chance draws too (Hoard deals its piles): pushed again on a new
    state they end the game as it ended, and the record is otherwise the same."""
    from dataclasses import replace
    from pathlib import Path

    from generator.config import load_game
    game = load_game(folder and Path(__file__).resolve().parent.parent / "games" / folder)
    task = make_tasks(1, (PlayerSpec.parse("greedy"),) * len(game.sides), seed=4, game=game)[0]
    kept = play_game(replace(task, keep_moves=True))
    plain = play_game(task)
    assert "moves" not in plain and kept["actions"] > 0
    assert (len(kept["moves"]) > kept["actions"]) is draws
    state = game.new_initial_state(dict(task.options))
    for move in kept["moves"]:
        state.push(move)
    assert state.outcome() is not None and state.outcome().termination == kept["termination"]
    assert {k: v for k, v in kept.items() if k not in ("moves", "seconds")} == \
        {k: v for k, v in plain.items() if k != "seconds"}


# ------------------------------------------------------------------------------ hidden information
def _random_game(seed: int, stop_in_play: int = 10**9) -> State:
    rng = random.Random(seed)
    state = State.new_game(Game(), "final", {"turn-cap": 200})
    while state.legal_moves() and (state.phase is not Phase.PLAY or state.turn < stop_in_play):
        state.push(rng.choice(state.legal_moves()))
    return state


def _twin_with_other_reverses(state: State) -> State:
    """The same moves, but the Viking reverses dealt to other squares (a permutation of the kinds):
    a state the Irish cannot tell apart from `state` at the start of play."""
    placements = [m for m in state.move_stack if m.kind is MoveKind.PLACE_VIKING]
    kinds = [m.piece for m in placements]
    rotated = kinds[1:] + kinds[:1]
    assert rotated != kinds
    twin = State.new_game(Game(), "final", {"turn-cap": 200})
    it = iter(rotated)
    for move in state.move_stack:
        if move.kind is MoveKind.PLACE_VIKING:
            move = type(move)(MoveKind.PLACE_VIKING, to=move.to, piece=next(it))
        twin.push_checked(move)
    return twin


def _first_irish_turn(seed: int) -> State:
    rng = random.Random(seed)
    state = State.new_game(Game(), "final", {"turn-cap": 200})
    while not (state.phase is Phase.PLAY and state.to_move is Side.IRISH):
        state.push(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_irish_ai_cannot_tell_states_with_different_reverses_apart(seed):
    true_a = _first_irish_turn(seed)
    true_b = _twin_with_other_reverses(true_a)
    assert true_a.kind != true_b.kind  # the truth differs...
    view_a, view_b = true_a.view(Side.IRISH), true_b.view(Side.IRISH)
    assert view_a.kind == view_b.kind and view_a.board == view_b.board  # ...what the Irish see does not
    for view in (view_a, view_b):
        assert not HIDDEN & {k for i, k in enumerate(view.kind) if view.pos[i] >= 0}, "a hidden reverse shows"
        assert not view.move_stack and not view._stack, "the view carries the history of placements"
    for make in (GreedyPlayer, lambda: MCTSPlayer(budget=40), RandomPlayer):  # a player remembers its game
        choice_a = make().choose(view_a, random.Random(99))
        choice_b = make().choose(view_b, random.Random(99))
        assert choice_a == choice_b, f"{make()} played differently on two states with the same view"


def test_views_never_show_a_hidden_reverse_during_games():
    for seed in range(6):
        rng = random.Random(seed)
        state = State.new_game(Game(), "final", {"turn-cap": 120})
        while state.legal_moves():
            view = state.view(Side.IRISH)
            assert not HIDDEN & {k for i, k in enumerate(view.kind) if view.pos[i] >= 0}
            if state.phase <= Phase.VIKING_TROOPS:  # the reverses still to place are secret...
                assert not any(view.supply[2:])
                assert view.is_hidden() if state.phase is Phase.VIKING_TROOPS else view.will_hide()
                placed = sum(1 for i, k in enumerate(state.kind) if state.pos[i] >= 0 and k in HIDDEN)
                to_place = next(z for z in view.zones() if z.name == "Viking troops to place").pieces
                assert len(to_place) == GAME.counts.viking_troops - placed  # as fronts, from the first
            else:  # ...after placement the supply is empty
                assert view.supply == state.supply
            sample = view.determinize(rng)
            assert sample.board == state.board and sample.terrain == state.terrain
            if state.phase is Phase.PLAY:  # the same pool of reverses, dealt anew
                on_board = lambda st: sorted(k for i, k in enumerate(st.kind) if st.pos[i] >= 0)
                assert on_board(sample) == on_board(state)
            state.push(rng.choice(state.legal_moves()))


def test_an_irish_search_before_the_viking_placements_tries_only_placements_a_sample_can_make(monkeypatch):
    """Ruling 4: the Irish do not see which reverse each Viking placement puts down, so two
    placements of different reverses make one position to them. The Irish view says so from the
    start of setup (`will_hide`), and their search plays each placement on a sample that can
    make it (it once replayed a node's placements on a sample that had no Chief left to place)."""
    rng = random.Random(5)
    state = State.new_game(Game(), "final", {"turn-cap": 200})
    while not (state.phase is Phase.VILLAGES and state.to_move is Side.IRISH and state.setup_count == 4):
        state.push(rng.choice(state.legal_moves()))
    tried = []
    push = State.push

    def spy(self, move):
        if move.kind is MoveKind.PLACE_VIKING:
            tried.append(self.supply[move.piece] > 0)
        push(self, move)

    monkeypatch.setattr(State, "push", spy)
    MCTSPlayer(budget=300).choose(state.view(Side.IRISH), random.Random(1))
    assert len(tried) > 50 and all(tried)


class _Spy(RandomPlayer):
    seen: ClassVar[list] = []

    def choose(self, view, rng):
        _Spy.seen.append({k for i, k in enumerate(view.kind) if view.pos[i] >= 0} & HIDDEN)
        return super().choose(view, rng)


def test_simulator_hands_the_irish_player_only_its_view(monkeypatch):
    _Spy.seen = []
    monkeypatch.setattr(PlayerSpec, "build", lambda self: _Spy() if self.kind == "greedy" else RandomPlayer())
    play_game(GameTask(0, 5, (RANDOM, PlayerSpec.parse("greedy")), GAME))
    assert _Spy.seen and not any(_Spy.seen)


def test_evaluate_is_antisymmetric_and_decisive():
    state = _random_game(4, stop_in_play=20)
    assert evaluate(state, Side.VIKING) == -evaluate(state, Side.IRISH)
    finished = _random_game(4)
    if finished.outcome().winner is not None:
        assert evaluate(finished, finished.outcome().winner) == 1000.0


def test_siege_evaluation_prices_a_threatened_piece_by_the_points_it_would_lose():
    """A Viking one Irish push from a knock-out costs what its loss would change (rulings 13, 19,
    21-22): one defeat early on; the game once it would be the fourth defeat while the Irish hold
    the treasure (or the second, when a variant needs two); the treasure's point, both ways,
    when it is the carrier."""
    def threat(game=GAME, **cells):   # the Vikings' edge lost by the Irish troop at d6, not at h8
        lines = cells.pop("lines", "")
        return (evaluate(position(h8="I", lines=lines, game=game, **cells), Side.VIKING)
                - evaluate(position(d6="I", lines=lines, game=game, **cells), Side.VIKING))

    one_defeat = threat(d5="V")   # pushed from d6 into the river on rank 4
    assert 0 < one_defeat < 10
    assert threat(d5="V", lines="defeated: 3") > LOST
    assert threat(d5="V", lines="defeated: 1") < 10
    assert threat(GAME.with_numbers(defeats_for_point=2), d5="V", lines="defeated: 1") > LOST
    assert threat(d5="V$") >= 20 + one_defeat
    assert threat(d5="B") < one_defeat   # a hidden Berserker only flips (ruling 12)


def test_siege_evaluation_sees_a_knock_out_that_takes_the_irish_both_actions():
    """An Irish turn is two actions (ruling 5): one troop steps into the empty square behind a
    Viking, another pushes the Viking into it (ruling 8). The Viking on d6 is at risk from the
    pusher on d7 only while an Irish troop stands next to d5, stunned or not (ruling 7)."""
    def edge(**cells):
        return evaluate(position(river=None, d6="V", d7="I", **cells), Side.VIKING)

    far, filler = edge(h1="I"), edge(e4="I")
    assert 0 < far - filler < 10   # one defeat's worth, as a one-push knock-out costs
    assert edge(e4="I*") == filler
    assert edge(h1="I", d5="I") == filler   # the square behind already holds an Irish troop


def test_siege_evaluation_counts_only_the_threats_the_irish_can_still_carry_out_this_turn():
    """Ruling 5: each action of a turn is by a troop that has not acted, and a turn has two. In the
    middle of the Irish turn, a troop that has just acted cannot push, and a step into the square
    behind followed by a push no longer fits: the Vikings move before either. The first two
    positions differ only in which troop has acted; the last two in whether a troop stands ready
    to step behind the Viking."""
    def edge(first, **cells):
        state = position(lines="to-move: irish", **cells)
        state.push_notation(first)
        assert state.to_move is Side.IRISH and state.actions == 1
        return evaluate(state, Side.VIKING)

    # the troop on d6 pushes d5 into the river on rank 4
    threatened = edge("h8-h7", d5="V", d6="I", h8="I")   # the pusher has not acted
    spent = edge("e7-d6", d5="V", e7="I", h7="I")        # the pusher has just stepped there
    assert 0 < spent - threatened < 10                    # one defeat's worth, as any one-push knock-out
    # e4 could step into d5 and d7 then push d6 into it: two actions, one is left
    assert edge("h2-h3", river=None, d6="V", d7="I", e4="I", h2="I") == \
        edge("h2-h3", river=None, d6="V", d7="I", a1="I", h2="I")


def test_siege_evaluation_is_its_terms_weighed_less_the_pieces_at_risk():
    """The terms a fitted evaluation weighs (benchmarks/bench_learned.py) are the hand
    evaluation's own: with the hand weights, less the cost of the pieces at risk, they give its
    value. Here one defeat of four (ruling 13), the Vikings' approach to the treasure on rank 1
    (ruling 17): three ranks down from rank 8, to d5; and that Viking one push from the river
    (ruling 8)."""
    state = position(d5="V", d6="I", lines="defeated: 1")
    terms, at_risk, seen_at_risk = evaluation_terms(state)
    named = dict(zip(TERMS, terms))
    assert named["defeats"] == 0.25 and named["approach"] == 3 and named["troops_out"] == 0
    assert at_risk == seen_at_risk > 0   # the only hidden piece at risk: its cost is the mean
    weighed = sum(w * t for w, t in zip(HAND_WEIGHTS, terms))
    assert evaluate(state, Side.VIKING) == pytest.approx(weighed - at_risk)
    assert evaluate(position(d5="V", h8="I", lines="defeated: 1"), Side.VIKING) == pytest.approx(weighed)


def test_siege_evaluation_wants_the_irish_troops_on_the_board():
    """Ruling 16: a troop in the Reserve pushes no one until it is deployed, and deploying takes
    an action. The Irish are worth more with the troop on the board, even far from everyone (h1),
    than with it waiting in the Reserve; and the difference is the troops-off-the-board term."""
    waiting = evaluate(position(d5="V", d6="I", lines="reserve: 1"), Side.IRISH)
    deployed = evaluate(position(d5="V", d6="I", h1="I"), Side.IRISH)
    weight = HAND_WEIGHTS[TERMS.index("troops_off_board")]
    assert weight > 0 and deployed - waiting == pytest.approx(weight)


@pytest.mark.parametrize("rules", ["final", "draft"])
def test_every_ai_handles_every_phase(rules):
    for spec in ("random", "greedy", "mcts:8"):
        task = make_tasks(1, (PlayerSpec.parse(spec), PlayerSpec.parse(spec)),
                          Variant(rules, rules), seed=3, turn_cap=12)[0]
        record = play_game(task)
        assert record["termination"] in ("points", "turn-cap", "no-moves")
        assert record["actions"] > 20  # the whole setup was played


def test_player_specs():
    assert str(PlayerSpec.parse("mcts:25")) == "mcts:25"
    assert PlayerSpec.parse("MCTS", budget=7).build().budget == 7
    with pytest.raises(ValueError, match="unknown AI"):
        PlayerSpec.parse("alphazero")
    with pytest.raises(ValueError, match="only mcts takes a budget"):
        PlayerSpec.parse("greedy:3")


# ------------------------------------------------------------------------------ report and CLI
def test_report_is_one_page_vector_pdf_with_png(tmp_path):
    from pdfread import font_report
    from pypdf import PdfReader

    from generator.lab.report import write_report
    sim = simulate(plan_variants(GAME, ["final", "draft"]), 3, (RANDOM, RANDOM), seed=1, turn_cap=80, workers=1)
    paths = write_report(sim, tmp_path / "r")
    reader = PdfReader(paths["pdf"])
    unfinished = [r for r in sim.records if r["termination"] == "turn-cap"]
    assert unfinished and len(reader.pages) == 2   # the summary, and where an unfinished game stood
    page = reader.pages[1].extract_text()
    assert "unfinished game" in page and "a b c d e f g h" in page, page
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)
    assert not reader.pages[0].images  # charts are vectors
    assert all(font_report(paths["pdf"]).values())  # every font embedded (no Helvetica)
    text = reader.pages[0].extract_text()
    assert "Win rate" in text and "draft" in text
    from PIL import Image
    with Image.open(paths["png"]) as image:
        assert image.width > image.height > 500
        assert len(image.convert("RGB").getcolors(maxcolors=1 << 20)) > 5  # something was drawn
    data = json.loads(paths["json"].read_text())
    assert data["variants"] == ["final", "draft"] and len(data["games"]) == 6
    sim.wall_seconds = 1.0
    first = write_report(sim, tmp_path / "a", png=False)["pdf"].read_bytes()
    second = write_report(sim, tmp_path / "b", png=False)["pdf"].read_bytes()
    assert first == second  # invariant: the same results give the same bytes


def test_cli_simulate_writes_the_report(tmp_path):
    out = tmp_path / "lab" / "sim"
    result = CliRunner().invoke(app, ["simulate", "--games", "4", "--ai", "viking=greedy", "--ai", "irish=random",
                                      "--vary", "villages=4,5", "--turn-cap", "100", "--workers", "2",
                                      "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "villages=4: 4 games" in result.output and "95% CI" in result.output
    data = json.loads(out.with_suffix(".json").read_text())
    assert set(data["summaries"]) == {"villages=4", "villages=5"}
    assert out.with_suffix(".pdf").exists() and out.with_suffix(".png").exists()


@pytest.mark.parametrize("args, message", [
    (["--ai", "viking=deep-blue"], "unknown AI"),
    (["--ai", "saxon=greedy"], "unknown side 'saxon'"),
    (["--option", "turn-cap=soon"], "whole number"),
    (["--option", "colour=red"], "unknown option"),
    (["--vary", "villages=99"], "villages must be 1 to 16"),
    (["--rules", "final,beta"], "rules must be"),
])
def test_cli_simulate_usage_errors(args, message, tmp_path):
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--no-progress", "--out", str(tmp_path / "x"), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_ai_option_sets_every_side_or_one():
    assert [str(p) for p in PlayerSpec.for_sides(["viking", "irish"], [])] == ["mcts:50", "mcts:50"]
    assert [str(p) for p in PlayerSpec.for_sides(["viking", "irish"], ["greedy", "irish=mcts:9"])] == \
        ["greedy", "mcts:9"]


def test_worker_is_ready_for_a_distributed_map():
    """Tasks pickle, and any map (Dask's client.map, Ray's remote calls) can replace the pool."""
    import pickle
    tasks = make_tasks(3, (PlayerSpec.parse("greedy"), RANDOM), seed=5, turn_cap=60)
    assert pickle.loads(pickle.dumps(tasks)) == tasks
    local = run_tasks(tasks, workers=1)
    shuffled = run_tasks(tasks, mapper=lambda fn, ts: reversed([fn(t) for t in ts]))  # any order
    assert _strip(shuffled) == _strip(local)
    sim = simulate([Variant()], 3, (PlayerSpec.parse("greedy"), RANDOM), seed=5, turn_cap=60, mapper=map)
    assert _strip(sim.records) == _strip(local) and sim.settings["workers"] == "distributed"


def test_tasks_are_made_as_they_are_read():
    """A run's tasks take the memory of one task, whatever the number of games (a million here)."""
    import pickle
    import tracemalloc
    tracemalloc.start()
    tasks = make_tasks(1_000_000, (RANDOM, RANDOM), seed=3, turn_cap=60)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000 and len(tasks) == 1_000_000 and len(pickle.dumps(tasks)) < 100_000
    last = tasks[-1]
    assert (last.index, last.seed) == (999_999, game_seed(3, 999_999)) and tasks[999_999] == last
    assert [t.index for t in tasks[2:5]] == [2, 3, 4] and list(make_tasks(2, (RANDOM, RANDOM))) == \
        [make_tasks(2, (RANDOM, RANDOM))[0], make_tasks(2, (RANDOM, RANDOM))[1]]
    seen = []
    simulate([Variant("a"), Variant("b")], 1_000, (RANDOM, RANDOM), turn_cap=2,
             mapper=lambda fn, ts: seen.append(len(pickle.dumps(ts))) or [fn(t) for t in ts[:0]])
    assert seen[0] < 100_000   # simulate hands the map the same lazy sequence
