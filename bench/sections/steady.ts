/**
 * A steadier machine: the per-benchmark CV of the demo suite and the Go suite with and without
 * each steadier-machine option (pin-cpu, no-aslr, no-fsync, priority, and all four), and the
 * A/A flag rate each gives. Conditions are interleaved in seeded random order within every
 * round, so the hour's noise (other jobs on this shared machine) hits all of them alike. Each
 * run goes through the runner's own path: planSteadiness's prefix, execMeasured, the format
 * parser, one sample per run (its median).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns } from '../../src/analysis/index.js';
import { createDemoRepo } from '../../src/commands/demo.js';
import { readRunResults } from '../../src/runner/run-results.js';
import type { AnalysisSettings } from '../../src/model.js';
import { execMeasured } from '../../src/runner/exec.js';
import { planSteadiness, type SteadyOptions, type SteadyPlan } from '../../src/runner/steady.js';
import { createRng, summarize } from '../../src/stats/index.js';
import { toRuns, type Job } from '../sim/job.js';
import { markdownTable, medianOf, pct } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GO_DIRS = ['/usr/local/go/bin'];
const SETTINGS: AnalysisSettings = { alpha: 0.05, thresholdPct: 2, correction: 'holm', sampling: 'run' };
const OFF: SteadyOptions = { noAslr: false, noFsync: false, priority: false };

const CONDITIONS: { name: string; options: SteadyOptions }[] = [
  { name: 'none', options: OFF },
  { name: 'pin-cpu', options: { ...OFF, pinCpu: 'auto' } },
  { name: 'no-aslr', options: { ...OFF, noAslr: true } },
  { name: 'no-fsync', options: { ...OFF, noFsync: true } },
  { name: 'priority', options: { ...OFF, priority: true } },
  { name: 'all four', options: { pinCpu: 'auto', noAslr: true, noFsync: true, priority: true } },
];

interface Suite {
  name: string;
  dir: string;
  command: string;
  format: string;
  env: NodeJS.ProcessEnv;
}

function demoSuite(work: string): Suite {
  const dir = createDemoRepo(path.join(work, 'demo'));
  return { name: 'demo', dir, command: 'node bench.mjs', format: 'benchgate', env: process.env };
}

function goSuite(work: string): Suite | null {
  const env = { ...process.env, PATH: [process.env.PATH, ...GO_DIRS].join(path.delimiter) };
  if (spawnSync('go', ['version'], { env }).status !== 0) {
    if (process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('go is not installed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
    return null;
  }
  const dir = path.join(work, 'go');
  cpSync(path.join(ROOT, 'bench', 'real', 'go'), dir, { recursive: true });
  execFileSync('go', ['test', '-c', '-o', 'aa.test', '.'], { cwd: dir, env, stdio: 'ignore' });
  return { name: 'Go', dir, command: "./aa.test -test.run '^$' -test.bench . -test.benchtime 20ms", format: 'go', env };
}

/** A command that syncs every write (200 × 4 KiB, O_DSYNC), timed whole: what no-fsync is for. */
function fsyncSuite(work: string): Suite {
  const dir = path.join(work, 'fsync');
  mkdirSync(dir);
  return {
    name: 'fsync-heavy',
    dir,
    command: 'dd if=/dev/zero of=out bs=4k count=200 oflag=dsync status=none',
    format: 'command',
    env: process.env,
  };
}

/** suite -> condition -> benchmark -> one sample per run, in round order. */
type Samples = Map<string, Map<string, Map<string, number[]>>>;

async function collect(suites: Suite[], plans: SteadyPlan[], rounds: number): Promise<Samples> {
  const samples: Samples = new Map(suites.map((s) => [s.name, new Map(CONDITIONS.map((c) => [c.name, new Map()]))]));
  const rng = createRng(15);
  const cells = suites.flatMap((suite) => CONDITIONS.map((condition, i) => ({ suite, condition, plan: plans[i]! })));
  for (let round = 0; round < rounds; round++) {
    for (const { suite, condition, plan } of rng.shuffle(cells)) {
      const r = await execMeasured(suite.command, {
        cwd: suite.dir,
        env: { ...suite.env, ...plan.env },
        timeoutSec: 120,
        prefix: plan.prefix,
      });
      if (r.exitCode !== 0) throw new Error(`${suite.name} under ${condition.name} exited with ${r.exitCode}: ${r.tail.join('\n')}`);
      const byBenchmark = samples.get(suite.name)!.get(condition.name)!;
      const measurements =
        suite.format === 'command'
          ? [{ benchmark: 'dd oflag=dsync (wall)', metric: 'time', values: [r.wallMs / 1000] }]
          : readRunResults(r.stdout, suite.format, suite.dir).measurements;
      for (const m of measurements) {
        if (m.metric !== 'time') continue;
        const list = byBenchmark.get(m.benchmark) ?? [];
        list.push(summarize(m.values).median);
        byBenchmark.set(m.benchmark, list);
      }
    }
  }
  return samples;
}

/**
 * The A/A flag rate of one condition's runs: `splits` random halvings of the runs into base and
 * head, each compared by compareRuns. The halvings share runs, so this is a rate over re-drawn
 * sides of the same data, not over independent jobs.
 */
function flagRate(
  byBenchmark: Map<string, number[]>,
  splits: number,
  seed: number,
): { comparisons: number; flagged: number; jobsFlagged: number } {
  const rng = createRng(seed);
  const n = Math.min(...[...byBenchmark.values()].map((v) => v.length));
  let comparisons = 0;
  let flagged = 0;
  let jobsFlagged = 0;
  const series = [...byBenchmark.values()];
  const half = n >> 1;
  const slots = Array.from({ length: half }, (_, r) =>
    (['base', 'head'] as const).map((side, position) => ({ side, round: r + 1, position })),
  ).flat();
  for (let s = 0; s < splits; s++) {
    const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
    const pick = (v: number[], from: number) => order.slice(from, from + half).map((i) => v[i]!);
    const job: Job = { values: series.map((v) => ({ base: pick(v, 0), head: pick(v, half) })), slots };
    const runs = toRuns(job);
    const result = compareRuns(runs, SETTINGS);
    const flags = result.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement').length;
    comparisons += result.length;
    flagged += flags;
    if (flags > 0) jobsFlagged++;
  }
  return { comparisons, flagged, jobsFlagged };
}

const formatSeconds = (s: number) =>
  s >= 0.1 ? `${s.toFixed(2)} s` : s >= 1e-4 ? `${(s * 1000).toFixed(2)} ms` : `${(s * 1e9).toFixed(0)} ns`;
const cvText = (values: number[]) => `${(100 * summarize(values).cv).toFixed(1)}%`;

export async function steady(opts: SectionOptions): Promise<SectionOutput> {
  const rounds = opts.quick ? 3 : 20;
  const splits = 40;
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-steady-'));
  const loadBefore = os.loadavg();
  const started = performance.now();
  try {
    const suites = [demoSuite(work), goSuite(work), fsyncSuite(work)].filter((s): s is Suite => s !== null);
    const plans = CONDITIONS.map((c) => planSteadiness(c.options));
    const samples = await collect(suites, plans, rounds);
    const minutes = (performance.now() - started) / 60000;

    const notes = CONDITIONS.flatMap((c, i) =>
      plans[i]!.checks.filter((k) => !k.applied).map((k) => `${c.name}: ${k.option} skipped (${k.detail})`),
    );
    const cvRows: string[][] = [];
    const medianRows: string[][] = [];
    const rateRows: string[][] = [];
    for (const suite of suites) {
      const byCondition = samples.get(suite.name)!;
      const benchmarks = [...byCondition.get('none')!.keys()].sort();
      for (const benchmark of benchmarks) {
        cvRows.push([`${suite.name}: ${benchmark}`, ...CONDITIONS.map((c) => cvText(byCondition.get(c.name)!.get(benchmark) ?? []))]);
        medianRows.push([
          `${suite.name}: ${benchmark}`,
          ...CONDITIONS.map((c) => formatSeconds(medianOf(byCondition.get(c.name)!.get(benchmark) ?? [NaN]))),
        ]);
      }
      cvRows.push([
        `**${suite.name}: median CV**`,
        ...CONDITIONS.map(
          (c) => `**${(100 * medianOf(benchmarks.map((b) => summarize(byCondition.get(c.name)!.get(b)!).cv))).toFixed(1)}%**`,
        ),
      ]);
      rateRows.push([
        suite.name,
        ...CONDITIONS.map((c, i) => {
          const r = flagRate(byCondition.get(c.name)!, splits, 100 + i);
          return `${pct(r.flagged / r.comparisons)} (${r.jobsFlagged}/${splits})`;
        }),
      ]);
    }
    const markdown = [
      '### Steadier machine: CV with and without each option',
      '',
      `${rounds} rounds; in each, every suite ran once under every condition, in seeded random order. CV = benchgate's robust CV (MAD × 1.4826 / median) of the per-run medians. Load average before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${os.cpus().length} CPUs); ${minutes.toFixed(1)} min.`,
      ...notes.map((n) => `- ${n}`),
      '',
      markdownTable(['benchmark', ...CONDITIONS.map((c) => c.name)], cvRows),
      '',
      'Median of the per-run medians (does an option make the benchmark faster or slower?):',
      '',
      markdownTable(['benchmark', ...CONDITIONS.map((c) => c.name)], medianRows),
      '',
      `A/A flag rate: each condition's ${rounds} runs split ${splits} times at random into base and head (${rounds >> 1} each), compared by compareRuns (threshold 2%, α 0.05, Holm). Cell: flagged comparisons (halvings with at least one flag / ${splits}).`,
      '',
      markdownTable(['suite', ...CONDITIONS.map((c) => c.name)], rateRows),
      '',
    ].join('\n');
    return { markdown, checks: [] };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
