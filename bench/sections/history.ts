/**
 * History on main (docs/history.md): change points against Apache Otava on the simulated series
 * of tests/fixtures/history/otava-reference.json (500 commits, planted steps of 2-10%, CV 2.66%;
 * Otava's numbers are its committed reference run), false points on flat series and recall on
 * planted 4-10% steps beside Otava's rule (bench/sim/change-points.ts), slow creep from ten
 * planted +1% links at several noise levels, and (full run only) the git store's cost per record.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCreep } from '../../src/history/creep.js';
import { CHANGE_POINT_DEFAULTS, changePoints, splitIndexes, type ChangePointOptions } from '../../src/history/e-divisive.js';
import { RECORD_SCHEMA_VERSION, type BenchmarkRecord, type HistoryRecord } from '../../src/history/record.js';
import { recordText } from '../../src/history/store-directory.js';
import { GitStore } from '../../src/history/store-git.js';
import { linkSeries } from '../../src/history/series.js';
import { createRng, percentChange, type Rng } from '../../src/stats/index.js';
import { flatSeries, LENGTH, steppedSeries, TOLERANCE, type Rule } from '../sim/change-points.js';
import { markdownTable, medianOf, ms, pct } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

interface ReferenceCase {
  name: string;
  options: Omit<ChangePointOptions, 'significance'>;
  series: number[];
  planted?: { index: number; pct: number }[];
  otava: { index: number }[];
  otavaWeak: { index: number }[];
}

function score(found: readonly number[], planted: readonly number[]): number {
  const unmatched = new Set(planted);
  let truePositives = 0;
  for (const f of found) {
    const match = [...unmatched].find((p) => Math.abs(p - f) <= TOLERANCE);
    if (match !== undefined) {
      unmatched.delete(match);
      truePositives++;
    }
  }
  return truePositives;
}

const sizeBand = (pct: number): string => (Math.abs(pct) < 4 ? '2-4%' : Math.abs(pct) < 6 ? '4-6%' : '6-10%');

/** benchgate against Otava 0.8.0's own run on the committed reference series. */
function referencePart(): { markdown: string; checks: Check[] } {
  const file = new URL('../../tests/fixtures/history/otava-reference.json', import.meta.url);
  const reference = JSON.parse(readFileSync(file, 'utf8')) as { otava: string; cases: ReferenceCase[] };
  const sameSplit = reference.cases.filter(
    (c) => splitIndexes(c.series, { ...CHANGE_POINT_DEFAULTS, ...c.options }).join() === c.otavaWeak.map((p) => p.index).join(),
  ).length;
  const simulated = reference.cases.filter((c) => c.planted !== undefined);
  const totals = { benchgate: { tp: 0, found: 0 }, otava: { tp: 0, found: 0 } };
  const bySize = new Map<string, { planted: number; benchgate: number; otava: number }>();
  for (const c of simulated) {
    const found = {
      benchgate: changePoints(c.series, { ...CHANGE_POINT_DEFAULTS, ...c.options }).map((p) => p.index),
      otava: c.otava.map((p) => p.index),
    };
    for (const tool of ['benchgate', 'otava'] as const) {
      totals[tool].tp += score(
        found[tool],
        c.planted!.map((s) => s.index),
      );
      totals[tool].found += found[tool].length;
    }
    for (const step of c.planted!) {
      const row = bySize.get(sizeBand(step.pct)) ?? { planted: 0, benchgate: 0, otava: 0 };
      row.planted++;
      for (const tool of ['benchgate', 'otava'] as const) if (found[tool].some((f) => Math.abs(f - step.index) <= TOLERANCE)) row[tool]++;
      bySize.set(sizeBand(step.pct), row);
    }
  }
  const planted = [...bySize.values()].reduce((n, r) => n + r.planted, 0);
  const rows = (['benchgate', 'otava'] as const).map((tool) => [
    tool === 'otava' ? `Apache Otava ${reference.otava} (its reference run)` : 'benchgate',
    totals[tool].found,
    pct(totals[tool].found === 0 ? 1 : totals[tool].tp / totals[tool].found),
    pct(totals[tool].tp / planted),
    ...['2-4%', '4-6%', '6-10%'].map((s) => `${bySize.get(s)![tool]}/${bySize.get(s)!.planted}`),
  ]);
  const markdown = [
    `Otava's reference series (tests/fixtures/history/otava-reference.json): ${simulated.length} simulated series of ${LENGTH} commits at CV 2.66% with ${planted} planted steps of 2-10% (either sign), at Otava's defaults (windows of 50, p <= 0.001). The split step finds Otava's weak change points on ${sameSplit} of ${reference.cases.length} series (with its published ones); the merge step then holds each to p <= 0.001 for the best split of its final segments.`,
    '',
    markdownTable(['detector', 'change points', 'precision', 'recall', 'recall 2-4%', 'recall 4-6%', 'recall 6-10%'], rows),
    '',
  ].join('\n');
  const checks: Check[] = [
    {
      claim: "the split step finds Apache Otava's weak change points on every reference series",
      holds: sameSplit === reference.cases.length,
      detail: `${sameSplit}/${reference.cases.length}`,
    },
  ];
  return { markdown, checks };
}

/** Recall may fall this far (percentage points) below Otava's rule at each size: the steps whose t lies between the two rules' thresholds. */
const RECALL_TOLERANCE = 0.02;
const FLAT_LIMIT = 0.05;

/** False points on flat series and recall on planted steps, benchgate's rule beside Otava's (docs/history.md). */
function simulatedPart(quick: boolean): { markdown: string; checks: Check[] } {
  const flat = flatSeries(quick ? 400 : 1000, 33);
  const stepped = [4, 6, 8, 10].map((size) => steppedSeries(size, quick ? 50 : 200, 33 + size));
  const rate = (rule: Rule) => flat.withPoint[rule] / flat.series;
  const rows = (['benchgate', 'otava'] as const).map((rule) => [
    rule === 'otava' ? "Otava's rule (plain t-test p, today's design)" : 'benchgate (p for the best split of the final segments)',
    pct(rate(rule)),
    ...stepped.map((s) => pct(s.found[rule] / s.planted)),
    (stepped.reduce((n, s) => n + s.extra[rule], 0) / stepped.reduce((n, s) => n + s.series, 0)).toFixed(2),
  ]);
  const markdown = [
    `Simulated (seeded): ${flat.series} flat series of ${LENGTH} commits at CV 2.66%, and ${stepped[0]!.planted}-${Math.max(...stepped.map((s) => s.planted))} planted steps per size in ${quick ? 50 : 200} series of 3-6 steps of one size (either sign, 30+ commits apart)${quick ? ' (--quick: 400 flat series and 50 per size; the full run 1,000 and 200)' : ''}. Both rules read the same split step; benchgate's rule takes ${flat.msPerSeries.toFixed(2)} ms per ${LENGTH}-commit series.`,
    '',
    markdownTable(
      [
        'rule',
        'flat series with a change point',
        'recall 4%',
        'recall 6%',
        'recall 8%',
        'recall 10%',
        'points off a step, per stepped series',
      ],
      rows,
    ),
    '',
  ].join('\n');
  const checks: Check[] = [
    {
      claim: `change points on at most ${pct(FLAT_LIMIT)} of flat series`,
      holds: rate('benchgate') <= FLAT_LIMIT,
      detail: `${flat.withPoint.benchgate}/${flat.series}`,
    },
    ...stepped.map((s) => ({
      claim: `recall on ${s.size}% steps within ${RECALL_TOLERANCE * 100} points of Otava's rule`,
      holds: s.found.benchgate / s.planted >= s.found.otava / s.planted - RECALL_TOLERANCE,
      detail: `${s.found.benchgate}/${s.planted} against ${s.found.otava}/${s.planted}`,
    })),
  ];
  return { markdown, checks };
}

/** One link measured: `rounds` runs per side with lognormal noise at `cv`, benchgate's Hodges-Lehmann interval. */
function link(rng: Rng, truePct: number, cv: number, rounds: number, thresholdPct: number): BenchmarkRecord {
  const sigma = Math.sqrt(Math.log(1 + cv * cv));
  const base = Array.from({ length: rounds }, () => 100 * rng.lognormal(0, sigma));
  const head = Array.from({ length: rounds }, () => 100 * (1 + truePct / 100) * rng.lognormal(0, sigma));
  const change = percentChange(base, head);
  // The gate's regression: significant (interval above 0) and beyond the threshold.
  const regression = change.ci[0] > 0 && change.changePct > thresholdPct;
  return {
    benchmark: 'b',
    metric: 'time',
    unit: 'ns',
    better: 'lower',
    deterministic: false,
    changePct: change.changePct,
    interval: change.ci,
    verdict: regression ? 'regression' : 'unchanged',
    thresholdPct,
    baseMedian: medianOf(base),
    headMedian: medianOf(head),
  };
}

function history(rng: Rng, steps: ReadonlySet<number>, links: number, cv: number, rounds: number): HistoryRecord[] {
  return Array.from({ length: links }, (_, k) => ({
    schemaVersion: RECORD_SCHEMA_VERSION,
    branch: 'main',
    suite: 's',
    base: `c${k}`,
    head: `c${k + 1}`,
    recordedAt: new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString(),
    measure: 'time',
    machine: { cpuModel: 'sim', cpuCount: 2 },
    intervalLevel: 0.95,
    benchmarks: [link(rng, steps.has(k) ? 1 : 0, cv, rounds, 2)],
  }));
}

function creepPart(quick: boolean): { markdown: string; checks: Check[] } {
  const histories = quick ? 100 : 400;
  const links = 40;
  const rounds = 10;
  const steps = new Set([3, 7, 11, 15, 19, 23, 27, 31, 35, 39]);
  const rng = createRng(2026);
  const checks: Check[] = [];
  const rows = [0.001, 0.005, 0.0266, 0.13].map((cv) => {
    let detected = 0;
    let contributorsRight = 0;
    let linkAlarms = 0;
    let falseCreep = 0;
    const widths: number[] = [];
    for (let h = 0; h < histories; h++) {
      const planted = history(rng, steps, links, cv, rounds);
      linkAlarms += planted.some((r) => r.benchmarks[0]!.verdict === 'regression') ? 1 : 0;
      const found = findCreep(linkSeries(planted), { links, level: 0.95 });
      if (found.length > 0) {
        detected++;
        const named = new Set(found[0]!.contributors.map((c) => c.commit));
        if ([...steps].every((s) => named.has(`c${s + 1}`))) contributorsRight++;
      }
      const flat = findCreep(linkSeries(history(rng, new Set(), links, cv, rounds)), { links, level: 0.95 });
      falseCreep += flat.length;
      widths.push(medianOf(planted.map((r) => (r.benchmarks[0]!.interval![1] - r.benchmarks[0]!.interval![0]) / 2)));
    }
    const oneLink = medianOf(widths);
    if (cv <= 0.005) {
      checks.push({
        claim: `ten +1% links are reported as creep at CV ${(cv * 100).toFixed(1)}%`,
        holds: detected / histories >= 0.9,
        detail: `${pct(detected / histories)} of ${histories}`,
      });
    }
    checks.push({
      claim: `no creep on flat histories at CV ${(cv * 100).toFixed(2)}% in more than 5%`,
      holds: falseCreep / histories <= 0.05,
      detail: `${pct(falseCreep / histories)} of ${histories}`,
    });
    return [
      `${(cv * 100).toFixed(2)}%`,
      `±${oneLink.toFixed(2)}%`,
      `±${(oneLink * Math.sqrt(links)).toFixed(1)}%`,
      pct(detected / histories),
      pct(contributorsRight / histories),
      pct(linkAlarms / histories),
      pct(falseCreep / histories),
    ];
  });
  const markdown = [
    `Slow creep: ${links} links, ten of them +1% (threshold 2%, so no link should fail on its own), ${rounds} rounds per side per link, lognormal noise; ${histories} seeded histories per row, and as many flat ones for false creep. A chain of k links carries √k times one link's error: this machine's CV (11-16%) hides creep entirely; counts or a quiet runner see it.`,
    '',
    markdownTable(
      [
        'run CV',
        'one link (median 95% half width)',
        `${links} links (√${links}×)`,
        'creep reported',
        'all ten commits named',
        'some link failed alone (interval above 0, change > 2%)',
        'false creep, flat',
      ],
      rows,
    ),
    '',
  ].join('\n');
  return { markdown, checks };
}

/** The git store's cost: time per append and repository growth per record, 30 benchmarks a record. */
async function storePart(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-bench-store-'));
  try {
    const remote = path.join(dir, 'data.git');
    execFileSync('git', ['init', '--quiet', '--bare', remote]);
    const store = new GitStore(remote);
    const rng = createRng(7);
    const records = history(rng, new Set(), 20, 0.02, 10).map((r) => ({
      ...r,
      head: r.head.padEnd(40, '0'),
      base: r.base.padEnd(40, '0'),
      benchmarks: Array.from({ length: 30 }, (_, i) => ({ ...r.benchmarks[0]!, benchmark: `BenchmarkSuite/case_${i}` })),
    }));
    const times: number[] = [];
    for (const r of records) {
      const t = performance.now();
      await store.append(r);
      times.push(performance.now() - t);
    }
    await store.close();
    const size = () => Number(execFileSync('du', ['-sb', remote], { encoding: 'utf8' }).split('\t')[0]);
    const loose = size();
    execFileSync('git', ['-C', remote, 'gc', '--quiet', '--aggressive']);
    const packed = size();
    const recordBytes = Buffer.byteLength(recordText(records[0]!));
    return [
      `Git store (local bare repository, this machine), ${records.length} records of 30 benchmarks each:`,
      '',
      markdownTable(
        ['record file', 'append (median, max)', 'repository after', 'packed (git gc)'],
        [
          [
            `${recordBytes} bytes`,
            `${ms(medianOf(times))}, ${ms(Math.max(...times))}`,
            `${(loose / 1024).toFixed(0)} KiB (${(loose / records.length / 1024).toFixed(1)} KiB/record loose)`,
            `${(packed / 1024).toFixed(0)} KiB`,
          ],
        ],
      ),
      '',
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function historySection(opts: SectionOptions): Promise<SectionOutput> {
  const reference = referencePart();
  const simulated = simulatedPart(opts.quick);
  const creep = creepPart(opts.quick);
  const parts = ['### History on main: change points and slow creep', '', reference.markdown, simulated.markdown, creep.markdown];
  if (!opts.quick) parts.push(await storePart());
  return { markdown: parts.join('\n'), checks: [...reference.checks, ...simulated.checks, ...creep.checks] };
}
