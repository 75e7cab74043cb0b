/**
 * History on main (docs/history.md): change points against Apache Otava on the simulated series
 * of tests/fixtures/history/otava-reference.json (500 commits, planted steps of 2-10%, CV 2.66%;
 * Otava's numbers are its committed reference run), slow creep from ten planted +1% links at
 * several noise levels, and (full run only) the git store's cost per record.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCreep } from '../../src/history/creep.js';
import { changePoints, type ChangePointOptions } from '../../src/history/e-divisive.js';
import { RECORD_SCHEMA_VERSION, type BenchmarkRecord, type HistoryRecord } from '../../src/history/record.js';
import { recordText } from '../../src/history/store-directory.js';
import { GitStore } from '../../src/history/store-git.js';
import { linkSeries } from '../../src/history/series.js';
import { createRng, percentChange, type Rng } from '../../src/stats/index.js';
import { markdownTable, medianOf, ms, pct } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

interface ReferenceCase {
  name: string;
  options: ChangePointOptions;
  series: number[];
  planted?: { index: number; pct: number }[];
  otava: { index: number }[];
}

/** A detection within this many commits of a planted step finds it. */
const TOLERANCE = 3;

function score(found: readonly number[], planted: readonly number[]): { truePositives: number; found: number; planted: number } {
  const unmatched = new Set(planted);
  let truePositives = 0;
  for (const f of found) {
    const match = [...unmatched].find((p) => Math.abs(p - f) <= TOLERANCE);
    if (match !== undefined) {
      unmatched.delete(match);
      truePositives++;
    }
  }
  return { truePositives, found: found.length, planted: planted.length };
}

function changePointPart(): { markdown: string; checks: Check[] } {
  const file = new URL('../../tests/fixtures/history/otava-reference.json', import.meta.url);
  const reference = JSON.parse(readFileSync(file, 'utf8')) as { otava: string; cases: ReferenceCase[] };
  const simulated = reference.cases.filter((c) => c.planted !== undefined);
  const totals = { benchgate: { tp: 0, found: 0 }, otava: { tp: 0, found: 0 } };
  let planted = 0;
  let identical = 0;
  const bySize = new Map<string, { planted: number; benchgate: number; otava: number }>();
  for (const c of simulated) {
    const ours = changePoints(c.series, c.options).map((p) => p.index);
    const theirs = c.otava.map((p) => p.index);
    if (ours.join() === theirs.join()) identical++;
    const steps = c.planted!.map((s) => s.index);
    planted += steps.length;
    for (const [tool, found] of [
      ['benchgate', ours],
      ['otava', theirs],
    ] as const) {
      const s = score(found, steps);
      totals[tool].tp += s.truePositives;
      totals[tool].found += s.found;
    }
    for (const step of c.planted!) {
      const size = Math.abs(step.pct) < 4 ? '2-4%' : Math.abs(step.pct) < 6 ? '4-6%' : '6-10%';
      const row = bySize.get(size) ?? { planted: 0, benchgate: 0, otava: 0 };
      row.planted++;
      if (ours.some((f) => Math.abs(f - step.index) <= TOLERANCE)) row.benchgate++;
      if (theirs.some((f) => Math.abs(f - step.index) <= TOLERANCE)) row.otava++;
      bySize.set(size, row);
    }
  }
  const published = reference.cases.filter((c) => c.planted === undefined);
  const publishedSame = published.filter(
    (c) =>
      changePoints(c.series, c.options)
        .map((p) => p.index)
        .join() === c.otava.map((p) => p.index).join(),
  ).length;
  const precision = (t: { tp: number; found: number }) => (t.found === 0 ? 1 : t.tp / t.found);
  const rows = (['benchgate', 'otava'] as const).map((tool) => [
    tool === 'otava' ? `Apache Otava ${reference.otava} (reference run)` : 'benchgate',
    totals[tool].found,
    pct(precision(totals[tool])),
    pct(totals[tool].tp / planted),
    ...['2-4%', '4-6%', '6-10%'].map((s) => {
      const r = bySize.get(s)!;
      return `${r[tool]}/${r.planted}`;
    }),
  ]);
  const markdown = [
    `${simulated.length} simulated series of 500 commits at CV 2.66% with ${planted} planted steps of 2-10% (either sign); E-Divisive means at Otava's defaults (windows of 50, p <= 0.001, no minimum magnitude). A detection within ${TOLERANCE} commits of a planted step finds it.`,
    `Change points identical to Otava's: ${identical} of ${simulated.length} simulated series, ${publishedSame} of ${published.length} cases on Otava's published series (local_sample.csv, the TigerBeetle series at 8 settings).`,
    '',
    markdownTable(['detector', 'change points', 'precision', 'recall', 'recall 2-4%', 'recall 4-6%', 'recall 6-10%'], rows),
    '',
  ].join('\n');
  const checks: Check[] = [
    {
      claim: "change points equal Apache Otava's on every reference series",
      holds: identical === simulated.length && publishedSame === published.length,
      detail: `${identical}/${simulated.length} simulated, ${publishedSame}/${published.length} published`,
    },
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
  const cp = changePointPart();
  const creep = creepPart(opts.quick);
  const parts = ['### History on main: change points and slow creep', '', cp.markdown, creep.markdown];
  if (!opts.quick) parts.push(await storePart());
  return { markdown: parts.join('\n'), checks: [...cp.checks, ...creep.checks] };
}
