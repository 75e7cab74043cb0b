"""Reference boundaries for src/adaptive/boundaries.ts, computed independently of it.

Each look's boundary c_k solves P(|Z_1| < c_1, ..., |Z_{k-1}| < c_{k-1}, |Z_k| >= c_k) =
spent(t_k) - spent(t_{k-1}) with brentq, where the probabilities are scipy.integrate.quad /
dblquad integrals of the Brownian-motion representation Z_k = S(t_k) / sqrt(t_k), instead of the Simpson-grid recursion the TypeScript uses.
Run: python3 group_sequential.py > group_sequential.json
"""
import json
import math

import scipy
from scipy import integrate, optimize, stats

phi = stats.norm.pdf
Q = stats.norm.sf


def spent(spending, alpha, t):
    if spending == "obrien-fleming":
        return 4 * Q(stats.norm.isf(alpha / 4) / math.sqrt(t))
    return alpha * math.log1p((math.e - 1) * t)


def tail(c, u, t_prev, t):
    """P(|Z(t)| >= c | Z(t_prev) = u)."""
    sd = math.sqrt(t - t_prev)
    s = u * math.sqrt(t_prev)
    return Q((c * math.sqrt(t) - s) / sd) + Q((c * math.sqrt(t) + s) / sd)


def density(v, u, t_prev, t):
    """Density of Z(t) at v given Z(t_prev) = u."""
    sd = math.sqrt(t - t_prev)
    return phi((v * math.sqrt(t) - u * math.sqrt(t_prev)) / sd) * math.sqrt(t) / sd


def crossing(bounds, fractions, c):
    opts = dict(epsabs=1e-13, epsrel=1e-9)
    k = len(bounds)
    if k == 0:
        return 2 * Q(c)
    if k == 1:
        t1, t2 = fractions[0], fractions[1]
        return integrate.quad(lambda u: phi(u) * tail(c, u, t1, t2), -bounds[0], bounds[0], limit=200, **opts)[0]
    t1, t2, t3 = fractions
    f = lambda v, u: phi(u) * density(v, u, t1, t2) * tail(c, v, t2, t3)
    return integrate.dblquad(f, -bounds[0], bounds[0], -bounds[1], bounds[1], epsabs=1e-12, epsrel=1e-7)[0]


def solve(alpha, spending, fractions):
    bounds = []
    for k, t in enumerate(fractions):
        target = spent(spending, alpha, t) - (spent(spending, alpha, fractions[k - 1]) if k else 0)
        bounds.append(optimize.brentq(lambda c: crossing(bounds, fractions[: k + 1], c) - target, 0.5, 12, xtol=1e-7))
    return bounds


# Two looks each: the three-look dblquad takes too long on a shared machine; the five-look
# published values are checked in boundaries.test.ts.
CASES = [
    (0.05, "obrien-fleming", [0.5, 1.0]),
    (0.05, "pocock", [1 / 3, 1.0]),
    (0.01, "obrien-fleming", [0.5, 1.0]),
    (0.01, "pocock", [0.25, 1.0]),
    (0.001, "pocock", [2 / 3, 1.0]),
    (0.0001, "obrien-fleming", [1 / 3, 1.0]),
    (0.00005, "obrien-fleming", [2 / 3, 1.0]),
    (0.0001, "pocock", [0.5, 1.0]),
]

print(json.dumps({
    "source": f"scipy {scipy.__version__}: brentq on quad / dblquad crossing probabilities (tests/adaptive/reference/group_sequential.py)",
    "cases": [{"alpha": a, "spending": s, "fractions": f, "z": solve(a, s, f)} for a, s, f in CASES],
}, indent=1))
