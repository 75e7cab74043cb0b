"""Reference boundaries for src/adaptive/boundaries.ts, computed independently of it.

Each look's boundary c_k solves P(|Z_1| < c_1, ..., |Z_{k-1}| < c_{k-1}, |Z_k| >= c_k) =
spent(t_k) - spent(t_{k-1}) with brentq, the rectangle probabilities coming from scipy's
multivariate normal CDF (Genz's algorithm) with Corr(Z_i, Z_j) = sqrt(t_i / t_j), instead of the
recursive integration the TypeScript uses. Run: python3 group_sequential.py > group_sequential.json
"""
import json
import math

import numpy as np
import scipy
from scipy import optimize, stats


def spent(spending, alpha, t):
    if spending == "obrien-fleming":
        return 4 * stats.norm.sf(stats.norm.isf(alpha / 4) / math.sqrt(t))
    return alpha * math.log1p((math.e - 1) * t)


def inside(bounds, fractions):
    """P(|Z_j| < c_j for every j), Z with the canonical group-sequential correlation."""
    k = len(bounds)
    if k == 1:
        return 1 - 2 * stats.norm.sf(bounds[0])
    cov = np.array([[math.sqrt(min(fractions[i], fractions[j]) / max(fractions[i], fractions[j])) for j in range(k)] for i in range(k)])
    mvn = stats.multivariate_normal(mean=np.zeros(k), cov=cov, abseps=1e-9, releps=1e-7, maxpts=2_000_000)
    b = np.array(bounds)
    return mvn.cdf(b, lower_limit=-b)


def solve(alpha, spending, fractions):
    bounds = []
    for k, t in enumerate(fractions):
        before = inside(bounds, fractions[:k]) if bounds else 1.0
        target = spent(spending, alpha, t) - (spent(spending, alpha, fractions[k - 1]) if k else 0)
        f = lambda c: (before - inside(bounds + [c], fractions[: k + 1])) - target
        bounds.append(optimize.brentq(f, 0.5, 12, xtol=1e-7))
    return bounds


CASES = [
    (0.05, "obrien-fleming", [0.2, 0.4, 0.6, 0.8, 1.0]),
    (0.05, "pocock", [0.2, 0.4, 0.6, 0.8, 1.0]),
    (0.01, "obrien-fleming", [1 / 3, 0.5, 2 / 3, 1.0]),
    (0.01, "pocock", [0.25, 0.6, 1.0]),
    (0.001, "pocock", [1 / 3, 2 / 3, 1.0]),
    (0.001, "obrien-fleming", [0.5, 1.0]),
]

print(json.dumps({
    "source": f"scipy {scipy.__version__}: brentq on stats.multivariate_normal.cdf rectangle probabilities (tests/adaptive/reference/group_sequential.py)",
    "cases": [{"alpha": a, "spending": s, "fractions": f, "z": solve(a, s, f)} for a, s, f in CASES],
}, indent=1))
