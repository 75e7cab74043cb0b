/**
 * Real A/A runs in adaptive mode (issue 14): the demo suite and the Go suite of bench/real, each
 * compared with itself (base == head) by the real CLI, `benchgate run --rounds auto`, beside
 * `--rounds 10`, repeatedly on this machine. Every gating regression or improvement is a false
 * flag. Per repetition: flags, rounds used, why the run stopped, filtered runs, wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ComparisonResult } from '../../src/model.js';
import { DEMO, envWithGo, GO, goInstalled, runAA, type RealSuite } from '../real/suites.js';
import { markdownTable, medianOf, medianRange, pct, wilsonInterval } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

interface Mode {
  name: string;
  flags: readonly string[];
}

const MODES: readonly Mode[] = [
  { name: 'fixed 10 rounds', flags: ['--rounds', '10'] },
  { name: 'rounds auto', flags: ['--rounds', 'auto'] },
];

/** What one `benchgate run` did, read from its results.json. */
interface Repetition {
  seed: number;
  seconds: number;
  /** Gating comparisons with a regression or improvement verdict: all false in an A/A run. */
  flags: string[];
  rounds: number;
  /** Per gating benchmark, the rounds its sequential decision used (auto only). */
  benchmarkRounds: number[];
  stoppedBy: string;
  /** Per gating benchmark, why its sequential decision stopped (auto only). */
  stops: string[];
  /** Runs (both sides) that were asked for only the open benchmarks, of all measured runs. */
  filteredRuns: number;
  /** Share of benchmark runs that running only the open benchmarks saved against whole-suite rounds. */
  saved: number;
  unchanged: number;
  inconclusive: number;
}

function summarise(seed: number, seconds: number, r: ComparisonResult): Repetition {
  const gating = r.comparisons.filter((c) => c.gating);
  const suiteSize = gating.length;
  const asked = (r.adaptive?.open ?? []).reduce<number>((s, open) => s + (open ?? suiteSize), 0);
  return {
    seed,
    seconds,
    flags: gating.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement').map((c) => `${c.benchmark} ${c.verdict}`),
    rounds: r.rounds.completed,
    benchmarkRounds: gating.flatMap((c) => (c.sequential ? [c.sequential.rounds] : [])),
    stoppedBy: r.adaptive?.stoppedBy ?? 'fixed',
    stops: gating.flatMap((c) => (c.sequential ? [c.sequential.stop] : [])),
    filteredRuns: 2 * (r.adaptive?.open.filter((n) => n !== null).length ?? 0),
    saved: r.adaptive && suiteSize > 0 ? 1 - asked / (r.rounds.completed * suiteSize) : 0,
    unchanged: r.counts.unchanged,
    inconclusive: r.counts.inconclusive,
  };
}

/** Runs every mode for every repetition, rotating which goes first so that load changes hit each alike. */
function measureSuite(suite: RealSuite, repetitions: number, modes: readonly Mode[], env: NodeJS.ProcessEnv): Repetition[][] {
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-aa-auto-'));
  try {
    const repo = path.join(work, 'repo');
    suite.create(repo);
    const byMode: Repetition[][] = modes.map(() => []);
    for (let seed = 1; seed <= repetitions; seed++) {
      for (let k = 0; k < modes.length; k++) {
        const m = (seed + k) % modes.length;
        const { result, seconds } = runAA(repo, suite, seed, env, [...modes[m]!.flags]);
        const rep = summarise(seed, seconds, result);
        byMode[m]!.push(rep);
        // Progress on stderr: a run cut short still leaves its repetitions in the log.
        console.error(`[real-adaptive] ${suite.name}, ${modes[m]!.name}, seed ${seed}: ${JSON.stringify(rep)}`);
      }
    }
    return byMode;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const secs = (v: number) => `${v.toFixed(1)} s`;
const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const meanMedianRange = (values: readonly number[], format: (v: number) => string) =>
  `${format(mean(values))} / ${medianRange(values, format)}`;

/** "budget 3, equivalence 1": how often each value occurs, in order of first appearance. */
function tally(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([v, n]) => `${v} ${n}`).join(', ');
}

function summaryRow(mode: string, reps: Repetition[]): string[] {
  const flagged = reps.filter((r) => r.flags.length > 0).length;
  const [low, high] = wilsonInterval(flagged, reps.length);
  return [
    mode,
    `${flagged} of ${reps.length} (${pct(flagged / reps.length)}; ${pct(low)}–${pct(high)})`,
    meanMedianRange(
      reps.map((r) => r.rounds),
      (v) => v.toFixed(1),
    ),
    meanMedianRange(
      reps.map((r) => r.seconds),
      secs,
    ),
    tally(reps.map((r) => r.stoppedBy)),
    tally(reps.flatMap((r) => r.stops)),
    `${reps.reduce((s, r) => s + r.unchanged, 0)} / ${reps.reduce((s, r) => s + r.inconclusive, 0)}`,
    `${reps.reduce((s, r) => s + r.filteredRuns, 0)} of ${reps.reduce((s, r) => s + 2 * r.rounds, 0)}`,
    pct(mean(reps.map((r) => r.saved))),
  ];
}

const flagCell = (r: Repetition) => (r.flags.length > 0 ? r.flags.join('; ') : 'none');

/** One row per repetition: each mode's flags, rounds and wall time; then what the adaptive run did. */
function repetitionRow(reps: Repetition[], auto: Repetition | undefined): (string | number)[] {
  return [
    reps[0]!.seed,
    ...reps.flatMap((r) => [flagCell(r), r.rounds, secs(r.seconds)]),
    ...(auto
      ? [
          auto.benchmarkRounds.length > 0 ? `${Math.min(...auto.benchmarkRounds)}–${Math.max(...auto.benchmarkRounds)}` : '',
          tally(auto.stops),
          auto.stoppedBy,
          `${auto.filteredRuns} of ${2 * auto.rounds}`,
          `${auto.unchanged} / ${auto.inconclusive}`,
        ]
      : []),
  ];
}

function suiteMarkdown(suite: RealSuite, modes: readonly Mode[], byMode: Repetition[][]): string {
  const autoIndex = modes.findIndex((m) => m.flags.includes('auto'));
  const auto = byMode[autoIndex];
  const repetitions = byMode[0]!.length;
  return [
    `#### ${suite.name}: ${repetitions} A/A repetition${repetitions === 1 ? '' : 's'} per mode`,
    '',
    markdownTable(
      [
        'mode',
        'repetitions with a false flag (95% Wilson interval)',
        'rounds, mean / median (range)',
        'wall time, mean / median (range)',
        'run stopped by',
        'benchmarks stopped by',
        'gating verdicts unchanged / inconclusive',
        'filtered runs',
        'benchmark runs saved',
      ],
      modes.map((m, i) => summaryRow(m.name, byMode[i]!)),
    ),
    '',
    ...(auto
      ? [`Rounds per benchmark in auto mode (sequential.rounds): median ${medianOf(auto.flatMap((r) => r.benchmarkRounds))}.`, '']
      : []),
    markdownTable(
      [
        'seed',
        ...modes.flatMap((m) => [`${m.name}: false flags`, `${m.name}: rounds`, `${m.name}: wall`]),
        ...(auto
          ? [
              'auto: rounds per benchmark',
              'auto: benchmarks stopped by',
              'auto: run stopped by',
              'auto: filtered runs',
              'auto: unchanged / inconclusive',
            ]
          : []),
      ],
      byMode[0]!.map((_, i) =>
        repetitionRow(
          byMode.map((reps) => reps[i]!),
          auto?.[i],
        ),
      ),
    ),
  ].join('\n');
}

export async function realAdaptive(opts: SectionOptions): Promise<SectionOutput> {
  const env = envWithGo();
  const notes: string[] = [];
  const hasGo = goInstalled(env);
  if (!hasGo && process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('go is not installed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
  if (!hasGo) notes.push('Go is not installed here: the Go suite was skipped.');
  // --quick (CI): one adaptive repetition of the Go suite, the fast one (about 20 s): the
  // adaptive CLI path end to end, printed, not asserted (one real run proves no rate).
  const modes = opts.quick ? MODES.filter((m) => m.flags.includes('auto')) : MODES;
  const plan: { suite: RealSuite; repetitions: number }[] = [
    ...(hasGo ? [{ suite: GO, repetitions: opts.quick ? 1 : 20 }] : []),
    ...(opts.quick ? [] : [{ suite: DEMO, repetitions: 20 }]),
  ];
  const tables = plan.map(({ suite, repetitions }) => suiteMarkdown(suite, modes, measureSuite(suite, repetitions, modes, env)));
  const markdown = [
    '### 7. Real A/A, adaptive rounds (issue 14)',
    '',
    `Each repetition runs \`benchgate run --base HEAD --head HEAD\` with ${modes.map((m) => `\`${m.flags.join(' ')}\``).join(' and ')} (defaults otherwise: threshold 2%, 1 warmup; α 0.005 in auto, 0.05 with fixed rounds) with seed = repetition number, rotating which mode runs first. A false flag is a gating regression or improvement. Wall time is the whole command (worktrees, builds, warmup, rounds, analysis). "filtered runs": runs asked for the open benchmarks only (BENCHGATE_FILTER), of all measured runs (2 per round); "saved": the share of benchmark runs the filter spared against whole-suite rounds for as many rounds (a harness that ignores the filter, like the demo's, saves nothing in fact).`,
    ...notes,
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n');
  return { markdown, checks: [] };
}
