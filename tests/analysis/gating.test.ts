/**
 * What gates (analysis/gating.ts): the primary metric by default, secondary metrics when chosen,
 * derived metrics never, process cost in command mode or when chosen, ignored benchmarks never;
 * per-glob thresholds; and only gating comparisons in the correction family.
 */
import { describe, expect, it } from '@jest/globals';
import { compareGroups } from '../../src/analysis/compare.js';
import { gatePolicy, globMatcher, unmatchedGlobWarnings } from '../../src/analysis/gating.js';
import { groupRuns } from '../../src/analysis/group.js';
import { analyze } from '../../src/analysis/index.js';
import { processCost } from '../../src/diagnostics/cost.js';
import { parseOutput } from '../../src/formats/index.js';
import type { AnalysisSettings, Measurement, MetricRole, Run } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { runOf } from '../diagnostics/helpers.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const policy = (s: Partial<AnalysisSettings>) => gatePolicy({ ...TEST_SETTINGS, ...s });

describe('the gate policy', () => {
  const subject = (benchmark: string, metric = 'time', role?: MetricRole) => ({ benchmark, metric, ...(role && { role }) });

  it('gates the primary metric, a secondary one only when chosen, a derived one never', () => {
    const gate = policy({});
    expect(gate(subject('BenchmarkX')).gating).toBe(true);
    expect(gate(subject('BenchmarkX', 'allocs/op', 'secondary'))).toMatchObject({ gating: false, notGating: 'secondary' });
    expect(gate(subject('BenchmarkX', 'MB/s', 'derived'))).toMatchObject({ gating: false, notGating: 'derived' });
    const chosen = policy({ gateMetrics: ['allocs/op', 'MB/s'] });
    expect(chosen(subject('BenchmarkX', 'allocs/op', 'secondary')).gating).toBe(true);
    expect(chosen(subject('BenchmarkX', 'MB/s', 'derived')).gating).toBe(false);
  });

  it('gates the process cost only with gate-process or when its metric is chosen', () => {
    expect(policy({})(subject('(process)', 'max-rss'))).toMatchObject({ gating: false, notGating: 'process' });
    expect(policy({ gateProcess: true })(subject('(process)', 'max-rss')).gating).toBe(true);
    const onlyRss = policy({ gateMetrics: ['max-rss'] });
    expect(onlyRss(subject('(process)', 'max-rss')).gating).toBe(true);
    expect(onlyRss(subject('(process)', 'cpu-user')).gating).toBe(false);
  });

  it('ignores benchmarks by glob, on the name or the name with its metric, whatever gates otherwise', () => {
    const gate = policy({ ignore: ['BenchmarkOld*', '*\\[B/op\\]'], gateProcess: true, gateMetrics: ['B/op'] });
    expect(gate(subject('BenchmarkOld/size=10-8'))).toMatchObject({ gating: false, notGating: 'ignored' });
    expect(gate(subject('BenchmarkNew', 'B/op', 'secondary'))).toMatchObject({ gating: false, notGating: 'ignored' });
    expect(gate(subject('BenchmarkNew')).gating).toBe(true);
  });

  it('says the real reason a row does not gate: an ignored benchmark\'s secondary metric or process cost is that, not "ignored"', () => {
    const gate = policy({ ignore: ['*'] });
    expect(gate(subject('BenchmarkOld', 'allocs/op', 'secondary'))).toMatchObject({ gating: false, notGating: 'secondary' });
    expect(gate(subject('BenchmarkOld', 'MB/s', 'derived'))).toMatchObject({ gating: false, notGating: 'derived' });
    expect(gate(subject('(process)', 'max-rss'))).toMatchObject({ gating: false, notGating: 'process' });
    expect(gate(subject('BenchmarkOld'))).toMatchObject({ gating: false, notGating: 'ignored' });
    // A glob that matches another benchmark leaves this one's metrics alone (picomatch once took
    // the array index as returnObject, and every metric but time was "ignored").
    const other = policy({ ignore: ['Old*'], gateMetrics: ['allocs/op'], thresholds: [{ glob: 'Old*', pct: 9 }] });
    expect(other(subject('BenchmarkNew', 'allocs/op', 'secondary'))).toEqual({ gating: true, thresholdPct: 2 });
    expect(policy({ ignore: ['Old*'] })(subject('BenchmarkNew', 'allocs/op', 'secondary'))).toMatchObject({ notGating: 'secondary' });
  });

  it('matches ignore and thresholds globs on the name the reports show (Go: no package, no "Benchmark") and on the raw name', () => {
    const go = 'github.com/google/uuid.BenchmarkUUID_New-2';
    const gate = policy({ ignore: ['UUID_*'], thresholds: [{ glob: 'Parse*', pct: 7 }] });
    expect(gate(subject(go))).toMatchObject({ gating: false, notGating: 'ignored' });
    expect(gate(subject(go, 'allocs/op', 'secondary'))).toMatchObject({ notGating: 'secondary' });
    expect(gate(subject('example.com/p.BenchmarkParse/small-8')).thresholdPct).toBe(7);
    expect(gate(subject('example.com/p.BenchmarkNew-2')).gating).toBe(true);
    // The raw name still works, and so does the shown name with its metric.
    expect(policy({ ignore: ['github.com/google/uuid.BenchmarkUUID_*'] })(subject(go)).gating).toBe(false);
    expect(
      policy({ ignore: ['UUID_New-2 \\[allocs/op\\]'], gateMetrics: ['allocs/op'] })(subject(go, 'allocs/op', 'secondary')),
    ).toMatchObject({
      notGating: 'ignored',
    });
  });

  it('warns, naming it, about an ignore or thresholds glob that matches no benchmark', () => {
    const subjects = [subject('github.com/google/uuid.BenchmarkUUID_New-2'), subject('(process)', 'max-rss')];
    const settings = { ...TEST_SETTINGS, ignore: ['UUID_*', 'Nope*'], thresholds: [{ glob: 'Typo*', pct: 5 }] };
    const warnings = unmatchedGlobWarnings(settings, subjects);
    expect(warnings.map((w) => w.code)).toEqual(['glob-matches-nothing', 'glob-matches-nothing']);
    expect(warnings[0]!.message).toMatch(/^the ignore glob "Nope\*" matches no benchmark/);
    expect(warnings[1]!.message).toMatch(/^the thresholds glob "Typo\*" matches no benchmark/);
  });

  it('holds a benchmark to the first matching per-glob threshold, else the global one', () => {
    const gate = policy({
      thresholdPct: 2,
      thresholds: [
        { glob: 'BenchmarkParse*', pct: 5 },
        { glob: '*/large', pct: 10 },
      ],
    });
    expect(gate(subject('BenchmarkParse/large')).thresholdPct).toBe(5);
    expect(gate(subject('Lex/large')).thresholdPct).toBe(10);
    expect(gate(subject('Lex/small')).thresholdPct).toBe(2);
  });

  it('matches globs across "/" and treats "!" as a character', () => {
    expect(globMatcher('Benchmark*')('BenchmarkNew/text=go/size=1M-8')).toBe(true);
    expect(globMatcher('*size=1M*')('BenchmarkNew/text=go/size=1M-8')).toBe(true);
    expect(globMatcher('{a,b}/x')('b/x')).toBe(true);
    expect(globMatcher('!a')('b')).toBe(false);
    expect(globMatcher('sort \\[n=800\\]')('sort [n=800]')).toBe(true);
  });
});

/** `rounds` rounds of base and head; head's time is `factor` times base's, with 1% noise. */
function timedRuns(
  measure: (side: 'base' | 'head', noise: () => number) => Partial<Measurement>[],
  rounds = 8,
  cost?: (side: 'base' | 'head') => { maxRssKb: number },
): Run[] {
  const rng = createRng(7);
  const noise = () => 1 + (rng.next() - 0.5) * 0.02;
  return Array.from({ length: rounds }, (_, i) => i + 1).flatMap((round) =>
    (['base', 'head'] as const).map((side) => runOf(side, round, measure(side, noise), cost?.(side))),
  );
}

describe('the correction family', () => {
  const jitter = createRng(11);
  it('holds only gating comparisons: a regressed derived or process metric neither fails nor dilutes the gate', () => {
    const runs = timedRuns(
      (side, noise) => [
        { benchmark: 'a', values: [noise()] },
        {
          benchmark: 'a',
          metric: 'MB/s',
          unit: 'MB/s',
          better: 'higher',
          role: 'derived',
          values: [(side === 'head' ? 50 : 100) * noise()],
        },
        { benchmark: 'a', metric: 'allocs/op', unit: 'allocs/op', role: 'secondary', values: [side === 'head' ? 20 : 10] },
      ],
      8,
      (side) => ({ maxRssKb: (side === 'head' ? 80_000 : 50_000) * (1 + jitter.next() * 0.001) }),
    );
    const result = analyze({ header: testHeader(), runs, end: null, settings: TEST_SETTINGS });
    const byMetric = new Map(result.comparisons.map((c) => [`${c.benchmark} ${c.metric}`, c]));
    expect(byMetric.get('a time')).toMatchObject({ gating: true, verdict: 'unchanged' });
    // The derived and secondary metrics and max-rss regressed: shown, with their own p, never gating.
    for (const key of ['a MB/s', 'a allocs/op', '(process) max-rss']) {
      expect(byMetric.get(key)).toMatchObject({ gating: false, verdict: 'regression', pAdjusted: null });
    }
    expect(result.counts.regression).toBe(0);
    expect(result.gateFailed).toBe(false);
    expect(result.informational).toBe(3);
    // One test in the family: the time of "a" is held to alpha itself.
    expect(byMetric.get('a time')!.pAdjusted).toBe(byMetric.get('a time')!.p);
  });

  it('a Go suite of 4 benchmarks with SetBytes and -benchmem: 4 tests in the family, not 19', () => {
    const names = ['BenchmarkHash/1K-8', 'BenchmarkHash/1M-8', 'BenchmarkEncode-8', 'BenchmarkDecode-8'];
    const output = (scale: number) =>
      names
        .map(
          (n, i) =>
            `${n}\t1000\t${((i + 1) * 1000 * scale).toFixed(0)} ns/op\t${(100 / scale).toFixed(2)} MB/s\t${512 * (i + 1)} B/op\t${i + 2} allocs/op`,
        )
        .join('\n');
    const parsed = parseOutput(`goos: linux\n${output(1)}\nPASS\n`, 'go').measurements;
    // The roles every parser sets (src/model.ts): MB/s from SetBytes is derived, -benchmem's are secondary.
    const role = (m: Measurement): MetricRole | undefined =>
      m.role ?? (m.metric === 'time' ? undefined : m.unit === 'MB/s' ? 'derived' : 'secondary');
    const runs = timedRuns(
      (_side, noise) => parseOutput(`goos: linux\n${output(noise())}\nPASS\n`, 'go').measurements.map((m) => ({ ...m, role: role(m) })),
      10,
      () => ({ maxRssKb: 50_000 * (1 + jitter.next() * 0.01) }),
    ).map((r) => ({ ...r, cpuUserMs: 1000 + Math.round(jitter.next() * 50) * 10, cpuSysMs: 200 + Math.round(jitter.next() * 30) * 10 }));
    const groups = groupRuns(processCost(runs).runs, 'run', 'command');
    expect(parsed).toHaveLength(16);
    expect(groups).toHaveLength(19); // 4 x (time, MB/s, B/op, allocs/op) + 3 process rows
    expect(compareGroups(groups, TEST_SETTINGS).family).toBe(4);
    expect(compareGroups(groups, { ...TEST_SETTINGS, gateMetrics: ['allocs/op'], gateProcess: true }).family).toBe(4 + 4 + 3);
  });
});

describe('rounds needed', () => {
  it('is computed for the observed change when it is larger than the threshold, and never below what the exact test needs', () => {
    // 3 rounds of a noisy 30% change: inconclusive, and the estimate is for 30%, not for 2%.
    const runs = timedRuns((side) => [{ values: [side === 'head' ? 1.3 : 1] }], 3).map((r, i) => ({
      ...r,
      measurements: r.measurements.map((m) => ({ ...m, values: [m.values[0]! * [0.7, 1.25, 1, 1.3, 0.8, 1.1][i % 6]!] })),
    }));
    const c = analyze({ header: testHeader(), runs, end: null, settings: TEST_SETTINGS }).comparisons.find((x) => x.benchmark === 'b')!;
    expect(c.verdict).toBe('inconclusive');
    const tooShort = c.diagnostics!.tooShort!;
    expect(c.roundsNeeded).toBeGreaterThanOrEqual(tooShort.roundsToReachSignificance);
    expect(c.roundsNeeded).toBeLessThan(100);
  });
});
