import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import type { Run } from '../../src/model.js';
import { renderCodeQuality } from '../../src/report/codequality.js';
import { namesOf } from '../../src/report/names.js';
import { createRng } from '../../src/stats/index.js';
import { measurement, run } from '../builders.js';
import { testHeader } from '../helpers/log-header.js';

const header = testHeader({
  base: { ref: 'base', sha: 'a'.repeat(40) },
  head: { ref: 'head', sha: 'b'.repeat(40) },
  environment: { cpuCount: 2 },
});

describe('diagnostics in the analysis', () => {
  // nanobench style: one name at several complexityN; base is O(n), head O(n²).
  const rng = createRng(21);
  const sizes = [100, 200, 400, 800];
  const runs: Run[] = [];
  for (let round = 1; round <= 8; round++) {
    for (const side of ['base', 'head'] as const) {
      runs.push(
        run({
          side,
          round,
          measurements: sizes.map((n) =>
            measurement({
              benchmark: 'sort',
              complexityN: n,
              values: [(side === 'base' ? 1e-6 * n : 1e-8 * n * n) * (1 + rng.normal(0, 0.01))],
            }),
          ),
          env: { loadAvg1: 0.5, stealFraction: 0 },
        }),
      );
    }
  }
  const result = analyze({ header, runs, end: null, settings: { ...header.config, rounds: 8 } });
  const sorts = result.comparisons.filter((c) => c.benchmark === 'sort');

  it('compares each complexityN separately and flags the class change', () => {
    expect(sorts.map((c) => c.diagnostics!.complexityN).sort((a, b) => (a as number) - (b as number))).toEqual(sizes);
    const complexity = sorts[0]!.diagnostics!.complexity as { base: { best: string }; head: { best: string }; classChange: boolean };
    expect(complexity.base.best).toBe('O(n)');
    expect(complexity.head.best).toBe('O(n²)');
    expect(complexity.classChange).toBe(true);
    expect(result.warnings.map((w) => w.code)).toContain('complexity-change');
  });

  it('carries the numbers behind every diagnostic into results.json', () => {
    const json = JSON.parse(JSON.stringify(result)) as typeof result;
    const d = json.comparisons.find((c) => c.benchmark === 'sort')!.diagnostics as Record<string, any>;
    expect(typeof d.normality.base.w).toBe('number');
    expect(typeof d.normality.head.p).toBe('number');
    expect(typeof d.drift.base.s).toBe('number');
    expect(typeof d.drift.base.p).toBe('number');
    expect(d.rounds.base.rounds).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(typeof d.complexity.base.fits[0].constant).toBe('number');
    expect(typeof d.complexity.base.fits[0].nrmse).toBe('number');
    expect(typeof d.tooShort.minAttainableP).toBe('number');
    expect(typeof d.percentiles.changePct.p99).toBe('number');
    expect((json.environment as any).stability.loadAvg1).toEqual({ median: 0.5, max: 0.5 });
    expect((json.environment as any).cpuCount).toBe(2);
  });

  it('tells the sizes apart in report names and code quality fingerprints', () => {
    const displayName = namesOf({ comparisons: sorts }).full;
    expect(sorts.map(displayName).sort()).toEqual(['sort [n=100]', 'sort [n=200]', 'sort [n=400]', 'sort [n=800]']);
    // Google Benchmark's "family/N" names already carry the size.
    expect(displayName({ ...sorts[0]!, benchmark: `BM_sort/${sorts[0]!.diagnostics!.complexityN}` })).toBe(
      `BM_sort/${sorts[0]!.diagnostics!.complexityN}`,
    );
    const issues = JSON.parse(renderCodeQuality(result)) as { fingerprint: string }[];
    expect(issues.length).toBeGreaterThan(1);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });
});
