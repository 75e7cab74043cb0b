/**
 * Real noise: the demo suite and a compiled Go suite, each compared with itself (base == head)
 * by the real CLI, `benchgate run`, repeatedly on this machine. Every flag is a false alarm;
 * the CV is benchgate's own robust CV of each side's samples.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Comparison, ComparisonResult, Verdict } from '../../src/model.js';
import { DEMO, envWithGo, GO, goInstalled, runAA, type RealSuite } from '../real/suites.js';
import { markdownTable, medianRange, pct } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

const FLAGS: Verdict[] = ['regression', 'improvement'];

function measureSuite(suite: RealSuite, repetitions: number, env: NodeJS.ProcessEnv): string {
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-aa-'));
  try {
    const repo = path.join(work, 'repo');
    suite.create(repo);
    const results: ComparisonResult[] = [];
    const seconds: number[] = [];
    for (let seed = 1; seed <= repetitions; seed++) {
      const { result, seconds: s } = runAA(repo, suite, seed, env);
      results.push(result);
      seconds.push(s);
    }
    // Every comparison benchgate made: the benchmarks' times and the "(process)" cost metrics.
    const keyOf = (c: Comparison) => (c.metric === 'time' ? c.benchmark : `${c.benchmark} ${c.metric}`);
    const keys = [...new Set(results.flatMap((r) => r.comparisons.map(keyOf)))].sort();
    const rows = keys.map((key) => {
      const comparisons = results.flatMap((r) => r.comparisons.filter((c) => keyOf(c) === key));
      const count = (verdicts: Verdict[]) => comparisons.filter((c) => verdicts.includes(c.verdict)).length;
      const cvs = comparisons.flatMap((c) => [c.base?.cv, c.head?.cv]).filter((v): v is number => v !== undefined);
      return [
        key,
        `${count(FLAGS)} of ${comparisons.length}`,
        count(['unchanged']),
        count(['inconclusive']),
        cvs.length > 0 ? medianRange(cvs, (v) => `${(100 * v).toFixed(1)}%`) : '',
      ];
    });
    const flagged = results.filter((r) => r.comparisons.some((c) => FLAGS.includes(c.verdict))).length;
    return [
      `#### ${suite.name}: ${repetitions} A/A comparisons of ${results[0]?.rounds.completed ?? 0} rounds`,
      '',
      `Pull requests with at least one flag: ${flagged} of ${repetitions} (${pct(flagged / repetitions)}). Wall time per comparison: ${medianRange(seconds, (v) => `${v.toFixed(1)} s`)}.`,
      '',
      markdownTable(['benchmark (metric when not time)', 'flagged', 'unchanged', 'inconclusive', 'CV per side, median (range)'], rows),
    ].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function realNoise(opts: SectionOptions): Promise<SectionOutput> {
  const repetitions = opts.quick ? 3 : 20;
  const env = envWithGo();
  const suites = [DEMO];
  const notes: string[] = [];
  if (goInstalled(env)) suites.push(GO);
  else if (process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('go is not installed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
  else notes.push('Go is not installed here: the Go suite was skipped.');
  const tables = suites.map((s) => measureSuite(s, repetitions, env));
  const markdown = [
    '### 4. Real noise (A/A on this machine)',
    '',
    'Each comparison is `benchgate run --base HEAD --head HEAD` with the defaults (10 rounds, 1 warmup, threshold 2%, α 0.05, Holm) and seed = repetition number. "flagged" = a regression or improvement verdict.',
    ...notes,
    '',
    ...tables.flatMap((t) => [t, '']),
  ].join('\n');
  return { markdown, checks: [] };
}
