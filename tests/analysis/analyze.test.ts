import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyze } from '../../src/analysis/index.js';
import { compareGroups } from '../../src/analysis/compare.js';
import { diagnose } from '../../src/analysis/diagnose.js';
import { groupRuns } from '../../src/analysis/group.js';
import { identityKey } from '../../src/analysis/identity.js';
import { WARNING_CODES, type Run } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { ROOT } from '../e2e/helpers.js';
import { runOf } from '../diagnostics/helpers.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Eight rounds of a regression, a complexity family (base O(n), head O(n²)) and process cost. */
function runs(): Run[] {
  const rng = createRng(3);
  const out: Run[] = [];
  for (let round = 1; round <= 8; round++) {
    for (const side of ['base', 'head'] as const) {
      const noise = () => 1 + rng.normal(0, 0.01);
      const sizes = [100, 200, 400, 800].map((n) => ({
        benchmark: 'sort',
        complexityN: n,
        values: [(side === 'base' ? 1e-6 * n : 1e-8 * n * n) * noise()],
      }));
      out.push(
        runOf(side, round, [{ benchmark: 'slow', values: [(side === 'head' ? 2 : 1) * noise(), noise()] }, ...sizes], {
          cpuUserMs: 900 * noise(),
          maxRssKb: 5000,
        }),
      );
    }
  }
  return out;
}

describe('the analysis stage', () => {
  it('returns new values and leaves its inputs as they were (frozen inputs would throw on a write)', () => {
    const header = deepFreeze(testHeader({ environment: { cpuCount: 2, governor: 'performance' } }));
    const input = deepFreeze(runs());
    const before = JSON.stringify(input);
    const first = analyze({ header, runs: input, end: null, settings: deepFreeze({ ...TEST_SETTINGS, rounds: 8 }) });
    expect(JSON.stringify(input)).toBe(before);
    expect(first.comparisons.find((c) => c.benchmark === 'slow')!.verdict).toBe('regression');
    expect(first.warnings.map((w) => w.code)).toContain('complexity-change');
    // The same input gives the same result: nothing carried over from the first call.
    expect(analyze({ header, runs: input, end: null, settings: { ...TEST_SETTINGS, rounds: 8 } })).toEqual(first);
  });

  it('diagnoses without writing to the comparisons it is given', () => {
    const { compared } = compareGroups(groupRuns(runs(), 'run', 'command'), TEST_SETTINGS);
    const diagnosed = diagnose(deepFreeze(compared));
    expect(compared.every((x) => x.comparison.diagnostics?.normality === undefined)).toBe(true);
    expect(diagnosed.comparisons.every((c) => c.diagnostics?.normality !== undefined)).toBe(true);
  });

  it('groups by suite, name, metric and size, with the key the Code Quality fingerprint hashes', () => {
    const groups = groupRuns(runs(), 'run', 'command');
    expect(groups.map((g) => identityKey(g))).toEqual([
      '["suite","slow","time"]',
      '["suite","sort","time",100]',
      '["suite","sort","time",200]',
      '["suite","sort","time",400]',
      '["suite","sort","time",800]',
    ]);
    const slow = groups[0]!;
    expect(slow.samples.base).toHaveLength(8);
    expect(slow.series.head.rounds).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(slow.raw.head).toHaveLength(16);
  });

  it('pools runs of more values than a function call takes arguments', () => {
    const many = Array.from({ length: 150_000 }, (_, i) => 1 + (i % 7) / 100);
    const pooled = groupRuns([runOf('base', 1, [{ values: many }]), runOf('base', 2, [{ values: many }])], 'pooled', 'command');
    expect(pooled[0]!.samples.base).toHaveLength(300_000);
    expect(pooled[0]!.raw.base).toHaveLength(300_000);
  });
});

describe('warning codes', () => {
  it('are each documented in docs/diagnostics.md', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'diagnostics.md'), 'utf8');
    expect(WARNING_CODES.filter((code) => !doc.includes(`\`${code}\``))).toEqual([]);
  });
});
