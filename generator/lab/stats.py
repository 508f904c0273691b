"""Statistics for the playtest lab: Wilson score intervals and simple summaries (standard library only)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist


def z_for(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.959964 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (Wilson 1927). With no trials: (0, 1).

    centre = (p + z^2/2n) / (1 + z^2/n), half width = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n).
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    z = z_for(confidence)
    n, p = trials, successes / trials
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    if successes == 0:
        low = 0.0
    if successes == trials:
        high = 1.0
    return low, high


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks (numpy's default)."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def describe(values: Sequence[float]) -> dict:
    """Mean, standard deviation (sample), min, quartiles, max and a 95% interval for the mean."""
    n = len(values)
    if n == 0:
        return {"n": 0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z_for() * sd / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "min": min(values), "p25": percentile(values, 25),
            "median": percentile(values, 50), "p75": percentile(values, 75), "max": max(values),
            "mean_ci95": [mean - half, mean + half]}


def histogram(values: Sequence[float], edges: Sequence[float]) -> list[int]:
    """Counts per bin [edges[i], edges[i+1]); the last bin includes its right edge."""
    counts = [0] * (len(edges) - 1)
    for v in values:
        for i in range(len(edges) - 1):
            last = i == len(edges) - 2
            if edges[i] <= v < edges[i + 1] or (last and v == edges[-1]):
                counts[i] += 1
                break
    return counts


def uniformity(counts: Sequence[float]) -> dict:
    """Pearson's chi-square test that `counts` (wins by seat, say) come from equal chances: the
    statistic, its degrees of freedom and p-value (the chance of a spread at least this uneven
    when every seat is equal). With fewer than two counts or none observed, p is 1.

    >>> round(uniformity([50, 50])["p"], 3), round(uniformity([70, 30])["p"], 5)
    (1.0, 6e-05)
    """
    total, k = sum(counts), len(counts)
    if k < 2 or total <= 0:
        return {"chi2": 0.0, "dof": max(0, k - 1), "p": 1.0}
    expected = total / k
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    return {"chi2": chi2, "dof": k - 1, "p": chi2_sf(chi2, k - 1)}


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable of `dof` degrees of freedom: the regularised upper
    incomplete gamma function Q(dof/2, x/2), by its series below a + 1 and its continued fraction
    above (Numerical Recipes, gammq).

    >>> round(chi2_sf(3.841459, 1), 4), round(chi2_sf(5.991465, 2), 4)
    (0.05, 0.05)
    """
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    log_front = -z + a * math.log(z) - math.lgamma(a)
    if z < a + 1:                         # the series for P(a, z)
        term = total = 1 / a
        n = a
        for _ in range(500):
            n += 1
            term *= z / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300                         # Lentz's continued fraction for Q(a, z)
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def half_width(interval: Sequence[float]) -> float:
    """Half the width of an interval (low, high)."""
    return (interval[1] - interval[0]) / 2


def paired_difference(first: Sequence[bool], second: Sequence[bool],
                      confidence: float = 0.95) -> tuple[float, tuple[float, float]]:
    """The difference of two proportions measured on the same seeds, `first[i]` and `second[i]`
    being seed i's outcome in each: (p1 - p2, its interval). Only the seeds where the outcomes
    differ carry information (McNemar's test); the interval is Agresti and Min's adjusted Wald
    interval for paired proportions (Biometrics 61:515, 2005): half a seed added to each cell.

    >>> paired_difference([True, True, False, False], [True, False, False, False])[0]
    0.25
    """
    if len(first) != len(second):
        raise ValueError(f"paired outcomes need the same seeds: {len(first)} and {len(second)}")
    n = len(first)
    gained = sum(1 for a, b in zip(first, second) if a and not b)
    lost = sum(1 for a, b in zip(first, second) if b and not a)
    if n == 0:
        return 0.0, (-1.0, 1.0)
    z = z_for(confidence)
    m, b, c = n + 2, gained + 0.5, lost + 0.5
    centre = (b - c) / m
    half = z * math.sqrt(max(0.0, (b + c) - (b - c) ** 2 / m)) / m
    return (gained - lost) / n, (max(-1.0, centre - half), min(1.0, centre + half))


# ------------------------------------------------------------------------------ Elo
ELO = 400 / math.log(10)  # Elo points per unit of the logistic scale


def bradley_terry(comparisons: Sequence[tuple[int, int, int, int, float]], players: int, seats: int,
                  anchor: int = 0, prior_draws: float = 1.0,
                  confidence: float = 0.95) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """Elo ratings and seat terms fitted to pairwise results (Bradley and Terry 1952, with a term per
    seat as a home advantage), with an interval for each rating.

    A comparison (a, b, seat_a, seat_b, score) says player a, in seat_a, scored `score` (1 win,
    0.5 draw, 0 loss) against player b in seat_b, with P(a beats b) = 1 / (1 + 10^(-(R_a + H_sa -
    R_b - H_sb) / 400)). As in BayesElo, `prior_draws` virtual draws are added to every pair of
    players and seats that met, so a player who won every game gets a finite rating; the estimate
    maximises that posterior (Newton's method) and each rating's interval is the normal one from
    the inverse of its information matrix (the Laplace approximation). Returns (R, H, intervals)
    in Elo points with R[anchor] = 0 (its interval (0, 0)) and H[0] = 0. Pure Python.
    """
    index = {p: n for n, p in enumerate(p for p in range(players) if p != anchor)}
    k = len(index) + seats - 1
    met = {(a, b, sa, sb) for a, b, sa, sb, _ in comparisons}
    data = list(comparisons) + [(a, b, sa, sb, 0.5) for a, b, sa, sb in sorted(met)
                                for _ in range(int(prior_draws))]

    def terms(a: int, b: int, sa: int, sb: int) -> list[tuple[int, int]]:
        slots = ((index.get(a), 1), (len(index) + sa - 1 if sa else None, 1),
                 (index.get(b), -1), (len(index) + sb - 1 if sb else None, -1))
        return [(i, sign) for i, sign in slots if i is not None]

    prepared = [(terms(a, b, sa, sb), score) for a, b, sa, sb, score in data]
    theta = [0.0] * k
    hess: list[list[float]] = []
    for _ in range(100):
        grad = [-1e-6 * t for t in theta]
        hess = [[-1e-6 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for slots, score in prepared:
            p = 1 / (1 + math.exp(-sum(sign * theta[i] for i, sign in slots)))
            w = p * (1 - p)
            for i, si in slots:
                grad[i] += si * (score - p)
                row = hess[i]
                for j, sj in slots:
                    row[j] -= si * sj * w
        step = _solve(hess, grad)
        theta = [t - d for t, d in zip(theta, step)]
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    z = z_for(confidence)
    ratings, intervals = [], []
    for p in range(players):
        if p == anchor:
            ratings.append(0.0)
            intervals.append((0.0, 0.0))
            continue
        i = index[p]
        unit = [1.0 if j == i else 0.0 for j in range(k)]
        variance = -_solve(hess, unit)[i]   # the covariance is minus the inverse Hessian
        half = z * ELO * math.sqrt(max(0.0, variance))
        ratings.append(ELO * theta[i])
        intervals.append((ratings[-1] - half, ratings[-1] + half))
    seat_terms = [0.0] + [ELO * theta[len(index) + s - 1] for s in range(1, seats)]
    return ratings, seat_terms, intervals


def pooled_score(gap: float, seat_elo: Sequence[float]) -> float:
    """The score the Bradley-Terry model above expects of a player `gap` Elo above another over the
    ladder's seatings (it in each seat in turn, the other in every other seat), given the seat
    terms: a seat advantage pulls the score toward one half, since each seating is mostly won by
    the seat.

    >>> round(pooled_score(70, [0, 0]), 3), round(pooled_score(70, [0, 330]), 3)
    (0.599, 0.546)
    """
    seats = len(seat_elo)
    def expected(d: float) -> float:
        return 1 / (1 + 10 ** (-d / 400))
    return sum(expected(gap + seat_elo[k] - seat_elo[t]) for k in range(seats) for t in range(seats)
               if t != k) / (seats * (seats - 1))


def gap_for_score(score: float, seat_elo: Sequence[float]) -> float:
    """The Elo gap at which `pooled_score` reaches `score` (0 < score < 1), by bisection: what a
    level must stand above the one below to score that much over every seat.

    >>> round(gap_for_score(0.6, [0, 0])), round(gap_for_score(0.6, [0, 330]))
    (70, 148)
    """
    if not 0 < score < 1:
        raise ValueError(f"a score between 0 and 1, not {score!r}")
    low, high = -4000.0, 4000.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if pooled_score(mid, seat_elo) < score else (low, mid)
    return (low + high) / 2


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gaussian elimination with partial pivoting; a small system)."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-15:
            continue
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if abs(a[i][i]) >= 1e-15 else 0.0 for i in range(n)]
