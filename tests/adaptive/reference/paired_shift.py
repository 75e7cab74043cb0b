"""Reference for pairedShift (src/adaptive/statistics.ts): the one-sample Hodges-Lehmann
estimate and its exact interval as R's wilcox.test(d, conf.int = TRUE) defines them, computed
independently: the signed-rank null distribution by enumerating all 2^n sign patterns (not by
the recurrence the TypeScript uses), the Walsh averages with numpy.
Run: python3 paired_shift.py > paired_shift.json
"""
import itertools
import json

import numpy as np


def qsignrank(p, n):
    counts = {}
    for signs in itertools.product((0, 1), repeat=n):
        w = sum(r + 1 for r, s in enumerate(signs) if s)
        counts[w] = counts.get(w, 0) + 1
    total = 2 ** n
    running = 0
    for q in range(n * (n + 1) // 2 + 1):
        running += counts.get(q, 0)
        if running / total >= p - 10 * np.finfo(float).eps:
            return q


rng = np.random.default_rng(20261123)
cases = []
for n in (5, 6, 8, 10, 12, 14):
    for conf in (0.95, 0.9):
        d = np.round(rng.normal(0.01, 0.03, n), 10)
        walsh = np.sort([(d[i] + d[j]) / 2 for i in range(n) for j in range(i, n)])
        qu = max(1, qsignrank((1 - conf) / 2, n))
        cases.append({
            "d": d.tolist(),
            "confLevel": conf,
            "estimate": float(np.median(walsh)),
            "ci": [float(walsh[qu - 1]), float(walsh[len(walsh) - qu])],
        })
print(json.dumps({"source": "numpy Walsh averages, qsignrank by enumeration (tests/adaptive/reference/paired_shift.py)", "cases": cases}, indent=1))
