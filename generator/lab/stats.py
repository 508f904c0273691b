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
