"""The balance report: JSON, and a one-page PDF (vector charts drawn with reportlab) with a PNG
preview rasterised from it by pypdfium2.

The page: a heading with the settings; a table with one row per variant (a column per side, in
seat order: its win rate with the Wilson 95% interval and its seat advantage; draws at the turn cap,
game length, the commonest ways to win); and three charts side by side, one colour per side: win rates with their intervals, how games were won (victory points held by the winner), and
game length (box plots, in turns). Variants (final vs draft, a sweep) share every axis so they can
be compared at a glance.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from ..pdf import BOLD, MONO, SERIF, OutputSet, draw_string, new_canvas, rasterize, runs  # the bundled font (EB Garamond, OFL)
from .simulate import Simulation

PAGE = landscape(A4)
MARGIN = 36.0
DRAW = HexColor("#909497")
UNFINISHED = HexColor("#d5c4a1")
GRID = HexColor("#d5d8dc")
WAY_PALETTE = ("#d4ac0d", "#5d6d7e", "#7d3c98", "#ca6f1e", "#148f77", "#a93226")


def _sides(sim: Simulation) -> list[tuple[str, str, Color]]:
    """(label, plural, colour) of each side, from the run's settings."""
    return [(s["label"], s["plural"], HexColor(s["colour"])) for s in sim.settings["sides"]]


def _text(c: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """Text from the game's data in the current font (`font` at `size`, set by the caller): a
    character the font lacks is set in one that has it (`draw_string`), and the font is set again
    after such a line, for the text that follows."""
    if runs(text, font) == [(font, text)]:
        c.drawString(x, y, text)
    else:
        draw_string(c, x, y, text, font, size)
        c.setFont(font, size)


def _way_colours(sim: Simulation) -> dict[str, Color]:
    return {way: HexColor(WAY_PALETTE[n % len(WAY_PALETTE)]) for n, way in enumerate(sim.settings["ways"])}


def format_summary(sim: Simulation) -> str:
    """The console summary: one block per variant."""
    lines = []
    sides = _sides(sim)
    width = max(len(label) for label, _, _ in sides)
    for label in sim.variants:
        sm = sim.summaries[label]
        t = sm["turns"]
        lines.append(f"{label}: {sm['games']} games")
        for seat, (side, _, _) in enumerate(sides):
            s = sm[side]
            low, high = s["ci95"]
            ways = ", ".join(f"{k} {v}" for k, v in s["ways"].items()) or "-"
            lines.append(f"  {side:{width}s} wins {s['wins']:4d}  {100 * s['rate']:5.1f}%  "
                         f"95% CI [{100 * low:.1f}%, {100 * high:.1f}%]  "
                         f"seat {seat + 1} advantage {_points(s)}  by: {ways}")
        lines.append(f"  {'draws':{width}s}      {sm['draws']['games']:4d}  {100 * sm['draws']['rate']:5.1f}%")
        if "unfinished" in sm:
            u = sm["unfinished"]
            lines.append(f"  {'unfinished':{width}s} {u['games']:4d}  {100 * u['rate']:5.1f}%  95% CI "
                         f"[{100 * u['ci95'][0]:.1f}%, {100 * u['ci95'][1]:.1f}%]  stopped by the turn cap, not a "
                         f"verdict on the game ({u['shuffling']} shuffling: a quarter of the decisions at "
                         f"positions met before)")
        if t.get("n"):
            lines.append(f"  turns   mean {t['mean']:.1f}  median {t['median']:.0f}  "
                         f"range {t['min']}-{t['max']}")
        lines += ["  " + line for line in seat_lines(sim, label)]
    lines += findings_lines(sim)
    example = unfinished_example(sim)
    if example:
        lines.append(example[0] + ":")
        lines += ["    " + row for row in example[1]]
    games = sum(sm["games"] for sm in sim.summaries.values())
    rate = games / sim.wall_seconds if sim.wall_seconds else 0.0
    lines.append(f"{games} games in {sim.wall_seconds:.1f} s ({rate:.2f} games/s, {_workers(sim)})")
    return "\n".join(lines)


def seat_lines(sim: Simulation, label: str) -> list[str]:
    """A variant's shared wins, scores, winning margin and seat-order effect, in words (the
    summary's `seats` part; empty for a summary written without it)."""
    sm = sim.summaries[label]
    if "seat_order" not in sm:
        return []
    sides = [side for side, _, _ in _sides(sim)]
    games = sm["games"] or 1
    shared = sm["shared"]
    out = [f"shared wins: {shared['games']} games ({100 * shared['games'] / games:.1f}%)" +
           (": " + ", ".join(f"{side} {shared[side]}" for side in sides) if shared["games"] else "")]
    if "scores" in sm:
        out.append("mean score [95% CI]: " + ", ".join(
            f"{side} {sm['scores'][side]['mean']:.1f} [{sm['scores'][side]['mean_ci95'][0]:.1f}, "
            f"{sm['scores'][side]['mean_ci95'][1]:.1f}]" for side in sides if sm["scores"][side].get("n")))
        margin = sm["margin"]
        if margin.get("n"):
            out.append(f"winning margin: mean {margin['mean']:.1f}, median {margin['median']:.0f}, "
                       f"range {margin['min']}-{margin['max']}")
    order = sm["seat_order"]
    total = sum(order["shares"]) or 1
    verdict = "the seats differ" if order["p"] < 0.05 else "no evidence that the seat matters"
    out.append(f"seat order: win shares by seat " + " ".join(f"{100 * x / total:.0f}%" for x in order["shares"]) +
               f" (even {100 / len(sides):.0f}%); chi-square {order['chi2']:.1f} on {order['dof']} dof, "
               f"p = {order['p']:.3g}: {verdict}")
    return out


def _signed(x: float) -> str:
    return f"{100 * x:+.1f}"


def findings_lines(sim: Simulation) -> list[str]:
    """How far to trust the verdict, in words (`balance`): the paired differences between variants,
    the convergence between two strengths, the players' Elo and the precision reached."""
    f, lines = sim.findings, []
    differences = f.get("differences", {})
    if differences:
        lines.append(f"differences from {sim.variants[0]} (same seeds, paired 95% CI, points):")
        for label, sides in differences.items():
            lines.append(f"  {label}: " + ";  ".join(
                f"{side} {_signed(d['difference'])} [{_signed(d['ci95'][0])}, {_signed(d['ci95'][1])}]"
                for side, d in sides.items()))
    conv = f.get("convergence")
    if conv:
        players = " / ".join(s["player"] for s in sim.settings["sides"])
        lines.append(f"convergence: {players} against {' / '.join(conv['players'])} on the same seeds "
                     f"(share, share one level below, change with its paired 95% CI):")
        for label, sides in conv["variants"].items():
            moved = [side for side, d in sides.items() if d["moved"]]
            lines.append(f"  {label}: " + ";  ".join(
                f"{side} {100 * sim.summaries[label][side]['rate']:.0f}% vs {100 * d['below']:.0f}% "
                f"{_signed(d['difference'])} [{_signed(d['ci95'][0])}, {_signed(d['ci95'][1])}]"
                for side, d in sides.items()) +
                (f"  MOVED ({', '.join(moved)}): the verdict still depends on the players' strength" if moved
                 else "  stable within its interval"))
    strength = f.get("strength")
    if strength:
        used = {s["player"] for s in sim.settings["sides"]}
        lines.append(f"players' strength (Elo on the {strength['variant']} ladder, random = 0, 95% CI"
                     f"{', cached' if strength.get('cached') else ''}): " + ";  ".join(
                         f"{'*' if name in used else ''}{name} {elo:.0f} [{low:.0f}, {high:.0f}]"
                         for name, elo, (low, high) in zip(strength["levels"], strength["elo"], strength["ci95"])))
        lines.append("  ladder: " + ";  ".join(
            f"{p['upper']} vs {p['lower']} {100 * p['score']:.0f}% of {p['games']} "
            f"(by seat {'/'.join(f'{100 * x:.0f}' for x in p['by_seat'])})" for p in strength["pairings"]))
    precision = f.get("precision")
    if precision:
        if precision["reached"]:
            lines.append(f"precision: {precision['games']} games per variant for every 95% half-width "
                         f"<= {precision['target']:g} points (widest {precision['widest']:.1f}: {precision['widest_what']})")
        else:
            lines.append(f"precision: NOT reached: stopped at the cap of {precision['cap']} games per variant; "
                         f"widest half-width {precision['widest']:.1f} points ({precision['widest_what']}), "
                         f"asked {precision['target']:g}")
    return lines


def unfinished_example(sim: Simulation) -> tuple[str, list[str]] | None:
    """The unfinished game that repeated itself most (of the first variant that has one): a title
    and its final position's diagram lines."""
    for label in sim.variants:
        example = sim.summaries[label].get("unfinished", {}).get("example")
        if example and example.get("position"):
            return (f"unfinished example ({label}, game {example['index']}, {example['turns']} turns, "
                    f"{example['repeats']} decisions at positions met before)",
                    example["position"].rstrip("\n").splitlines())
    return None


def _workers(sim: Simulation) -> str:
    workers = sim.settings["workers"]
    return f"{workers} worker{'' if workers == 1 else 's'}"


def json_bytes(sim: Simulation) -> bytes:
    """The run as JSON: settings, summaries and every game's record."""
    return (json.dumps(sim.to_json(), indent=1, sort_keys=False) + "\n").encode("utf-8")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(side: dict) -> str:
    """A side's seat advantage in percentage points (a summary written without one: 0)."""
    return f"{100 * side.get('advantage', 0.0):+.0f}"


def pdf_bytes(sim: Simulation) -> bytes:
    """The one-page report. Built in reportlab's invariant mode: the same results give the same bytes."""
    buffer = io.BytesIO()
    c = new_canvas(buffer, PAGE)
    title = sim.settings.get("game", "")
    c.setTitle(f"{title}: playtest lab report")
    c.setAuthor("siege-pnp")
    width, height = PAGE
    s = sim.settings
    y = height - MARGIN
    draw_string(c, MARGIN, y - 12, f"{title}: playtest lab", BOLD, 16)
    c.setFont(SERIF, 9)
    games = sum(summary["games"] for summary in sim.summaries.values())
    rate = games / sim.wall_seconds if sim.wall_seconds else 0.0
    c.drawString(MARGIN, y - 28,
                 "   ".join(f"{side['plural']}: {side['player']}" for side in s["sides"]) +
                 f"   {s['games']} games per variant, seed {s['seed']}, " +
                 (f"turn cap {s['turn_cap']} (unfinished), " if s.get("turn_cap") else "") +
                 f"{_workers(sim)}, {games} games in "
                 f"{sim.wall_seconds:.1f} s ({rate:.2f} games/s)")
    c.drawString(MARGIN, y - 40, "Win rates with Wilson 95% intervals, and each seat's share of the won "
                                 "games above an even share (points). A side that cannot see "
                                 "everything plays on determinised samples of its own view only.")
    y = _table(c, sim, y - 58, width)
    notes = [(f"{label}: " if n == 0 and len(sim.variants) > 1 else "") + line
             for label in sim.variants for n, line in enumerate(seat_lines(sim, label))] + findings_lines(sim)
    c.setFont(SERIF, 8)
    c.setFillColor(black)
    for line in notes:
        y -= 10.5
        text = line
        while c.stringWidth(text, SERIF, 8) > width - 2 * MARGIN and len(text) > 4:
            text = text[:-2]
        _text(c, MARGIN, y, text, SERIF, 8)
    chart_top = min(y - 34, height - 200)
    chart_h = chart_top - MARGIN - 36
    panel_w = (width - 2 * MARGIN - 2 * 24) / 3
    x = MARGIN
    _win_chart(c, sim, x, MARGIN + 36, panel_w, chart_h)
    _ways_chart(c, sim, x + panel_w + 24, MARGIN + 36, panel_w, chart_h)
    _length_chart(c, sim, x + 2 * (panel_w + 24), MARGIN + 36, panel_w, chart_h)
    c.showPage()
    example = unfinished_example(sim)
    if example:
        _example_page(c, title, example)
    c.save()
    return buffer.getvalue()


def _example_page(c: Canvas, title: str, example: tuple[str, list[str]]) -> None:
    """A second page: where an unfinished game stood when the turn cap stopped it."""
    width, height = PAGE
    draw_string(c, MARGIN, height - MARGIN - 12, f"{title}: an unfinished game", BOLD, 14)
    c.setFont(SERIF, 9)
    c.drawString(MARGIN, height - MARGIN - 30, example[0] + ". The turn cap stopped it: the players did not "
                 "finish it, which says nothing of the game's balance.")
    y = height - MARGIN - 56
    for row in example[1]:
        draw_string(c, MARGIN + 12, y, row, MONO, 10)
        y -= 13
    c.showPage()


def _table(c: Canvas, sim: Simulation, top: float, width: float) -> float:
    sides = _sides(sim)
    c.setFont(SERIF, 8.5)   # the variant column fits its longest label (a sweep of two names)
    label_w = min(200.0, max([90.0] + [c.stringWidth(v, SERIF, 8.5) + 6 for v in sim.variants]))
    side_w = min(120.0, 330.0 / len(sides))
    fixed = label_w + len(sides) * side_w + 80 + 150
    columns = [("variant", label_w)] + [(f"{plural} win", side_w) for _, plural, _ in sides] + [
        ("draws, unfinished", 80), ("turns: mean, median [range]", 150), ("commonest wins", width - 2 * MARGIN - fixed)]
    row_h = 13.0
    c.setFont(BOLD, 8.5)
    x = MARGIN
    for name, w in columns:
        _text(c, x + 2, top - 10, name, BOLD, 8.5)
        x += w
    c.setStrokeColor(black)
    c.setLineWidth(0.6)
    c.line(MARGIN, top - 13, width - MARGIN, top - 13)
    y = top - 13
    c.setFont(SERIF, 8.5)
    for label in sim.variants:
        sm = sim.summaries[label]
        t = sm["turns"]
        ways = []
        for side, _, _ in sides:
            for combo, n in list(sm[side]["ways"].items())[:1]:
                ways.append(f"{side[0].upper()}: {combo} {n}")
        cells = [label] + [
            f"{_pct(sm[side]['rate'])}  [{_pct(sm[side]['ci95'][0])}, {_pct(sm[side]['ci95'][1])}]"
            f"  {_points(sm[side])}" for side, _, _ in sides] + [
            f"{sm['draws']['games']}, {sm.get('unfinished', {}).get('games', 0)}",
            f"{t['mean']:.1f}, {t['median']:.0f}  [{t['min']}-{t['max']}]" if t.get("n") else "-",
            ";  ".join(ways),
        ]
        x = MARGIN
        for (name, w), text in zip(columns, cells):
            while c.stringWidth(text, SERIF, 8.5) > w - 4 and len(text) > 4:
                text = text[:-2]
            c.drawString(x + 2, y - 10, text)
            x += w
        y -= row_h
    c.setStrokeColor(GRID)
    c.line(MARGIN, y, width - MARGIN, y)
    return y


def _frame(c: Canvas, title: str, x: float, y: float, w: float, h: float, ymax: float, ticks: list,
           fmt) -> None:
    c.setFont(BOLD, 10)
    c.setFillColor(black)
    c.drawString(x, y + h + 8, title)
    c.setFont(SERIF, 7)
    c.setLineWidth(0.4)
    for t in ticks:
        ty = y + h * t / ymax
        c.setStrokeColor(GRID)
        c.line(x + 24, ty, x + w, ty)
        c.setFillColor(black)
        c.drawRightString(x + 21, ty - 2.5, fmt(t))
    c.setStrokeColor(black)
    c.line(x + 24, y, x + w, y)
    c.line(x + 24, y, x + 24, y + h)


def _labels(c: Canvas, sim: Simulation, x: float, y: float, w: float) -> list[tuple[float, float]]:
    """Slots (left, width) for the variants along an x axis, with their labels drawn below."""
    n = len(sim.variants)
    slot = (w - 30) / n
    c.setFont(SERIF, 7)
    c.setFillColor(black)
    out = []
    for i, label in enumerate(sim.variants):
        left = x + 28 + i * slot
        for row, text in enumerate(_wrap(c, label, slot - 2, 7)[:2]):
            c.drawCentredString(left + slot / 2, y - 9 - 8 * row, text)
        out.append((left, slot))
    return out


def _wrap(c: Canvas, text: str, width: float, size: float) -> list[str]:
    """Words of `text` in lines no wider than `width` (a word too long for a line is cut)."""
    lines: list[str] = []
    for word in text.split():
        if lines and c.stringWidth(lines[-1] + " " + word, SERIF, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(_fit(c, word, width, size))
    return lines or [""]


def _fit(c: Canvas, word: str, width: float, size: float) -> str:
    """`word` cut to `width`; a `name=value` word keeps its value and shortens its name.

    A swept number's label such as `board_size=11` becomes `board_s.=11`, not `board_siz`."""
    name, sep, value = word.partition("=")
    if sep:
        while c.stringWidth(name + sep + value, SERIF, size) > width and len(name) > 2:
            name = name[:-2] + "."
        return name + sep + value
    while c.stringWidth(word, SERIF, size) > width and len(word) > 3:
        word = word[:-1]
    return word


def _legend(c: Canvas, items: list[tuple[str, Color]], x: float, y: float) -> None:
    c.setFont(SERIF, 7)
    for name, colour in items:
        c.setFillColor(colour)
        c.rect(x, y - 1, 7, 7, stroke=0, fill=1)
        c.setFillColor(black)
        _text(c, x + 9, y, name, SERIF, 7)
        x += c.stringWidth(name, SERIF, 7) + 18


def _win_chart(c: Canvas, sim: Simulation, x: float, y: float, w: float, h: float) -> None:
    _frame(c, "Win rate (95% CI)", x, y, w, h, 1.0, [0, 0.25, 0.5, 0.75, 1.0], lambda t: f"{100 * t:.0f}%")
    sides = _sides(sim)
    for (left, slot), label in zip(_labels(c, sim, x, y, w), sim.variants):
        sm = sim.summaries[label]   # a bar per side, the draws and the games left unfinished
        bars = [(side, colour) for side, _, colour in sides] + [("draws", DRAW)] + \
            ([("unfinished", UNFINISHED)] if "unfinished" in sm else [])
        bar = slot * 0.8 / len(bars)
        for j, (key, colour) in enumerate(bars):
            bx = left + slot * 0.1 + j * bar
            rate = sm[key]["rate"]
            c.setFillColor(colour)
            c.rect(bx, y, bar * 0.9, h * rate, stroke=0, fill=1)
            low, high = sm[key]["ci95"]
            mid = bx + bar * 0.45
            c.setStrokeColor(black)
            c.setLineWidth(0.6)
            c.line(mid, y + h * low, mid, y + h * high)
            c.line(mid - 2, y + h * low, mid + 2, y + h * low)
            c.line(mid - 2, y + h * high, mid + 2, y + h * high)
    _legend(c, [(plural, colour) for _, plural, colour in sides] + [("draws", DRAW), ("unfinished (turn cap)", UNFINISHED)],
            x + 26, y - 32)


def _ways_chart(c: Canvas, sim: Simulation, x: float, y: float, w: float, h: float) -> None:
    """Per variant a stacked bar per side: the share of games in which the winner won each way
    (victory points held), stacked by way; each bar's height is that side's win rate."""
    way_colours = _way_colours(sim)
    sides = _sides(sim)
    _frame(c, "How games were won (points held by the winner)", x, y, w, h, 1.0,
           [0, 0.25, 0.5, 0.75, 1.0], lambda t: f"{100 * t:.0f}%")
    for (left, slot), label in zip(_labels(c, sim, x, y, w), sim.variants):
        sm = sim.summaries[label]
        bar = slot * 0.8 / len(sides)
        for j, (side, _, edge) in enumerate(sides):
            bx = left + slot * 0.1 + j * bar
            wins = sm[side]["wins"]
            total_points = sum(sm[side]["points"].values())
            top = y
            rate = sm[side]["rate"]
            for way, colour in way_colours.items():
                n = sm[side]["points"].get(way, 0)
                if not n:
                    continue
                seg = h * rate * n / total_points
                c.setFillColor(colour)
                c.rect(bx, top, bar * 0.9, seg, stroke=0, fill=1)
                top += seg
            if wins:
                c.setStrokeColor(edge)
                c.setLineWidth(1.2)
                c.rect(bx, y, bar * 0.9, h * rate, stroke=1, fill=0)
                c.setFillColor(edge)
                c.setFont(BOLD, 6)
                c.drawCentredString(bx + bar * 0.45, top + 2, side[0].upper())
    order = " | ".join(label[0].upper() for label, _, _ in sides)
    _legend(c, list(way_colours.items()) + [(f"bars: {order}", white)], x + 26, y - 32)


def _length_chart(c: Canvas, sim: Simulation, x: float, y: float, w: float, h: float) -> None:
    cap = int(sim.settings.get("turn_cap") or 0)   # 0: the game has no cap
    longest = max((sim.summaries[v]["turns"].get("max", 0) for v in sim.variants), default=1)
    step = next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if max(10, longest) / s <= 8)
    top = -(-int(max(10, longest)) // step) * step
    _frame(c, "Game length (turns: min, quartiles, max; + mean)", x, y, w, h, top,
           list(range(0, top + 1, step)), lambda t: f"{t}")
    if 0 < cap <= top:
        cy = y + h * cap / top
        c.setStrokeColor(DRAW)
        c.setDash(2, 2)
        c.line(x + 24, cy, x + w, cy)
        c.setDash()
        c.setFont(SERIF, 6)
        c.setFillColor(DRAW)
        c.drawRightString(x + w, cy + 2, "turn cap")
    for (left, slot), label in zip(_labels(c, sim, x, y, w), sim.variants):
        t = sim.summaries[label]["turns"]
        if not t.get("n"):
            continue
        mid, half = left + slot / 2, min(slot * 0.3, 18)
        sy = lambda v: y + h * v / top
        c.setStrokeColor(black)
        c.setLineWidth(0.6)
        c.line(mid, sy(t["min"]), mid, sy(t["p25"]))
        c.line(mid, sy(t["p75"]), mid, sy(t["max"]))
        c.line(mid - half / 2, sy(t["min"]), mid + half / 2, sy(t["min"]))
        c.line(mid - half / 2, sy(t["max"]), mid + half / 2, sy(t["max"]))
        c.setFillColor(HexColor("#aed6f1"))
        c.rect(mid - half, sy(t["p25"]), 2 * half, max(0.5, sy(t["p75"]) - sy(t["p25"])), stroke=1, fill=1)
        c.setLineWidth(1.4)
        c.line(mid - half, sy(t["median"]), mid + half, sy(t["median"]))
        c.setFillColor(black)
        c.setFont(BOLD, 8)
        c.drawCentredString(mid, sy(t["mean"]) - 2.5, "+")


def write_png(pdf: Path | str, path: Path | str, dpi: int = 110, outputs: OutputSet | None = None) -> Path:
    """A raster preview of the report's page."""
    path = Path(path)
    return rasterize(pdf, path.parent, dpi, stem=path.name, pages=1, outputs=outputs)[0]


def write_report(sim: Simulation, stem: Path | str, png: bool = True) -> dict[str, Path]:
    """JSON, PDF and (optionally) PNG beside each other: `stem.json`, `stem.pdf`, `stem.png`,
    written together or not at all (a failure leaves the last report's files as they were)."""
    stem = Path(stem)
    out = {"json": stem.with_suffix(".json"), "pdf": stem.with_suffix(".pdf")}
    with OutputSet() as outputs:
        outputs.write(out["json"], json_bytes(sim))
        pdf = outputs.write(out["pdf"], pdf_bytes(sim))
        if png:
            out["png"] = write_png(pdf, stem.with_suffix(".png"), outputs=outputs)
    return out

