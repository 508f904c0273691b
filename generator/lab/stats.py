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
