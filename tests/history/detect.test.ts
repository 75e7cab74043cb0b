import { describe, expect, it } from '@jest/globals';
import { analyseHistory } from '../../src/history/analyse.js';
import { chain, findCreep } from '../../src/history/creep.js';
import { findChangePoints } from '../../src/history/detect.js';
import { CHANGE_POINT_DEFAULTS } from '../../src/history/e-divisive.js';
import { parseRecord, recordsFromResult } from '../../src/history/record.js';
import { linkSeries, medianSeries } from '../../src/history/series.js';
import type { Attribution } from '../../src/model.js';
import { createRng } from '../../src/stats/index.js';
import { comparison, result, summary } from '../builders.js';
import { benchmarkRecord, commit, historyRecord } from './records.js';

/** Deterministic noise in [-1, 1) per index. */
const wobble = (i: number): number => ((i * 7919) % 200) / 100 - 1;

describe('recordsFromResult', () => {
  it('keeps per suite the link, its change with the interval, the medians, the machine and normalised names', () => {
    const r = result(
      [
        comparison({ suite: 'go', benchmark: 'BenchmarkA-8', changePct: 3, changeCi: [1, 5], base: summary(10), head: summary(10.3) }),
        comparison({ suite: 'c', benchmark: 'sort', deterministic: true, verdict: 'regression' }),
      ],
      { environment: { ...result([]).environment, cpuModel: 'EPYC', cpuCount: 4 } },
    );
    const records = recordsFromResult(r, {
      branch: 'main',
      recordedAt: new Date('2026-11-26T10:00:00Z'),
      normaliseName: (n) => n.replace(/-\d+$/, ''),
      commit: { subject: 'parse: fewer allocations', committedAt: '2026-11-26T09:58:00+00:00' },
    });
    expect(records.map((x) => x.suite)).toEqual(['go', 'c']);
    expect(records[0]).toMatchObject({
      branch: 'main',
      base: r.base.sha,
      head: r.head.sha,
      recordedAt: '2026-11-26T10:00:00.000Z',
      commit: { subject: 'parse: fewer allocations', committedAt: '2026-11-26T09:58:00+00:00' },
      machine: { cpuModel: 'EPYC', cpuCount: 4 },
    });
    expect(records[0]!.benchmarks).toEqual([
      expect.objectContaining({ benchmark: 'BenchmarkA', changePct: 3, interval: [1, 5], baseMedian: 10, headMedian: 10.3 }),
    ]);
    expect(records[1]!.benchmarks[0]).toMatchObject({ deterministic: true, verdict: 'regression' });
  });

  it("keeps a change's attribution: its call path's owner first, then its top functions, three in all", () => {
    const attribution: Attribution = {
      level: 'instructions',
      source: 'counts',
      total: { base: 395, head: 140, delta: -255 },
      functions: ['runtime.mallocgc', 'uuid.Parse', 'runtime.newobject', 'runtime.memmove'].map((name, i) => ({
        file: name.startsWith('uuid') ? 'uuid.go' : '/go/src/runtime/malloc.go',
        name,
        base: 100 - i,
        head: 0,
        delta: i - 100,
        interval: null,
        sharePct: 30,
      })),
      explainedPct: 95,
      inlined: [],
      callPath: { owner: { file: 'uuid.go', name: 'uuid.Parse', base: 395, head: 140 }, steps: [], under: [] },
      callTree: null,
      notes: [],
    };
    const context = { branch: 'main', recordedAt: new Date(), normaliseName: (n: string) => n, commit: null };
    const [record] = recordsFromResult(
      result([comparison({ verdict: 'improvement', attribution }), comparison({ benchmark: 'B' })]),
      context,
    );
    expect(record!.benchmarks[0]!.attribution).toEqual({
      level: 'instructions',
      source: 'counts',
      functions: [
        { file: 'uuid.go', name: 'uuid.Parse', base: 395, head: 140 },
        { file: '/go/src/runtime/malloc.go', name: 'runtime.mallocgc', base: 100, head: 0 },
        { file: '/go/src/runtime/malloc.go', name: 'runtime.newobject', base: 98, head: 0 },
      ],
    });
    expect(record!.benchmarks[1]).not.toHaveProperty('attribution');
  });

  it('records no commit where git could not describe it', () => {
    const context = { branch: 'main', recordedAt: new Date(), normaliseName: (n: string) => n, commit: null };
    expect(recordsFromResult(result([comparison({})]), context)[0]).not.toHaveProperty('commit');
  });
});

describe('parseRecord', () => {
  const written = (over: Record<string, unknown>) =>
    JSON.parse(JSON.stringify({ ...historyRecord(1, [benchmarkRecord()]), ...over })) as unknown;

  it('reads a version 1 record (no commit) and a version 2 record with one', () => {
    expect(parseRecord(written({ schemaVersion: 1 }), 'r')).not.toHaveProperty('commit');
    const commit = { subject: 'fix', committedAt: '2026-11-26T09:58:00Z' };
    expect(parseRecord(written({ schemaVersion: 2, commit }), 'r').commit).toEqual(commit);
  });

  it('reads a version 3 attribution, and refuses one that is not functions with counts', () => {
    const attribution = { level: 'calls', source: 'counts', functions: [{ file: 'a.py', name: 'helper', base: 1, head: 2 }] };
    expect(
      parseRecord(written({ benchmarks: [benchmarkRecord({ attribution: { ...attribution, level: 'calls', source: 'counts' } })] }), 'r')
        .benchmarks[0]!.attribution,
    ).toEqual(attribution);
    const broken = { ...attribution, functions: [{ file: 'a.py', name: 'helper', base: '1', head: 2 }] };
    expect(() => parseRecord(written({ benchmarks: [{ ...benchmarkRecord(), attribution: broken }] }), 'r.json')).toThrow(
      /r\.json benchmarks\[0\] attribution functions\[0\]: "base" is missing or of the wrong type/,
    );
    expect(() =>
      parseRecord(written({ benchmarks: [{ ...benchmarkRecord(), attribution: { ...attribution, source: 'guess' } }] }), 'r'),
    ).toThrow(/"source" must be counts or passes/);
  });

  it('refuses a commit that is not a subject and a date', () => {
    expect(() => parseRecord(written({ commit: 'fix' }), 'r.json')).toThrow(/r\.json: "commit" must be an object/);
    expect(() => parseRecord(written({ commit: { subject: 3, committedAt: 'x' } }), 'r.json')).toThrow(/r\.json commit: "subject"/);
  });
});

describe('change points on medians', () => {
  it('names the first commit of the new level, and looks within one machine class', () => {
    const records = Array.from({ length: 80 }, (_, k) => {
      const i = k + 1;
      const fast = i > 60; // the runner moved to a faster machine at commit 61: another series, not a change
      const level = (i >= 30 ? 110 : 100) * (fast ? 0.5 : 1);
      return historyRecord(
        i,
        [benchmarkRecord({ headMedian: level + wobble(i) })],
        fast ? { machine: { cpuModel: 'Xeon', cpuCount: 8 } } : {},
      );
    });
    const found = findChangePoints(medianSeries(records), CHANGE_POINT_DEFAULTS);
    expect(found.map((c) => [c.commit, c.direction, c.machine?.cpuModel])).toEqual([[commit(30), 'regression', 'AMD EPYC 7763']]);
    expect(found[0]!.changePct).toBeCloseTo(10, 0);
    expect(found[0]!.interval[0]).toBeGreaterThan(9);
    expect(found[0]!.interval[1]).toBeLessThan(11);
  });

  it('reads counts across machines', () => {
    const records = Array.from({ length: 40 }, (_, k) =>
      historyRecord(k + 1, [benchmarkRecord({ deterministic: true, headMedian: k + 1 >= 20 ? 2000 : 1000 })], {
        measure: 'instructions',
        machine: { cpuModel: k % 2 ? 'A' : 'B', cpuCount: 2 },
      }),
    );
    expect(findChangePoints(medianSeries(records), CHANGE_POINT_DEFAULTS).map((c) => [c.commit, c.machine])).toEqual([[commit(20), null]]);
  });
});

describe('creep', () => {
  const links = (n: number, at: (i: number) => Partial<Parameters<typeof benchmarkRecord>[0]>) =>
    Array.from({ length: n }, (_, k) => historyRecord(k + 1, [benchmarkRecord({ changePct: 0, interval: [-0.2, 0.2], ...at(k + 1) })]));

  it('finds ten +1% links that each passed, and names them', () => {
    const steps = new Set([3, 7, 11, 15, 19, 23, 27, 31, 35, 39]);
    const records = links(40, (i) => (steps.has(i) ? { changePct: 1, interval: [0.8, 1.2] } : {}));
    const [finding, ...rest] = findCreep(linkSeries(records));
    expect(rest).toEqual([]);
    expect(finding!.changePct).toBeCloseTo(100 * (1.01 ** 10 - 1), 6);
    expect(finding!.interval[0]).toBeGreaterThan(9);
    expect(finding!.contributors.map((c) => c.commit).sort()).toEqual([...steps].map(commit).sort());
    expect([finding!.from, finding!.to]).toEqual([commit(0), commit(40)]);
  });

  it('is not creep when a link had its own regression verdict, when the interval reaches 0, or when it got faster', () => {
    const steps = (i: number) => i % 4 === 0;
    expect(
      findCreep(
        linkSeries(
          links(40, (i) =>
            i === 8
              ? { changePct: 1, interval: [0.8, 1.2], verdict: 'regression' }
              : steps(i)
                ? { changePct: 1, interval: [0.8, 1.2] }
                : {},
          ),
        ),
      ),
    ).toEqual([]);
    expect(findCreep(linkSeries(links(40, (i) => (steps(i) ? { changePct: 1, interval: [-8, 10] } : { interval: [-9, 9] }))))).toEqual([]);
    expect(findCreep(linkSeries(links(40, (i) => (steps(i) ? { changePct: -1, interval: [-1.2, -0.8] } : {}))))).toEqual([]);
  });

  it('widens the chained interval as the square root of the number of links', () => {
    const series = linkSeries(links(64, () => ({ changePct: 0, interval: [-2, 2] })));
    const width = (k: number) => {
      const c = chain(series[0]!, { links: k, level: 0.95 })!;
      return Math.log1p(c.interval[1] / 100) - Math.log1p(c.interval[0] / 100);
    };
    const one = Math.log1p(0.02) - Math.log1p(-0.02);
    expect(width(16) / one).toBeCloseTo(4, 6);
    expect(width(64) / width(16)).toBeCloseTo(2, 6);
  });

  it('says no creep on 200 seeded flat histories in more than 5% of them', () => {
    const rng = createRng(26);
    let alarms = 0;
    for (let h = 0; h < 200; h++) {
      const records = links(40, () => {
        const change = 0.5 * rng.normal();
        return { changePct: change, interval: [change - 0.98, change + 0.98] };
      });
      alarms += findCreep(linkSeries(records)).length;
    }
    expect(alarms).toBeLessThanOrEqual(10);
  });
});

describe('analyseHistory', () => {
  it('reports the chain width so a reader knows what creep could be seen', () => {
    const records = Array.from({ length: 10 }, (_, k) => historyRecord(k + 1, [benchmarkRecord({ interval: [-5, 5] })]));
    const report = analyseHistory('main', records);
    expect(report.records).toBe(10);
    expect(report.chainHalfWidthPct!).toBeGreaterThan(5 * Math.sqrt(10) * 0.9);
  });
});
