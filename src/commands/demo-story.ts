/**
 * What `benchgate demo` tells a new user around the result: the ground truth it planted
 * (examples/demo/workloads.head.mjs) before the run, and afterwards whether benchgate found it.
 */
import type { Comparison, Verdict } from '../model.js';

interface Planted {
  benchmark: string;
  /** The verdict benchgate should reach on it. */
  expected: Verdict;
  what: string;
}

/** The pull request's changes: 2x effects, large enough to be found on a noisy machine. */
export const PLANTED: readonly Planted[] = [
  { benchmark: 'checksum/fnv', expected: 'regression', what: '2x the work (24 passes instead of 12): about +100%' },
  { benchmark: 'primes/sieve', expected: 'improvement', what: 'half the work (primes up to 2 million instead of 4): about -50%' },
];
export const UNTOUCHED: readonly string[] = ['json/parse', 'sort/numbers'];

export function groundTruthLines(): string[] {
  return [
    'demo: a throw-away repository whose last commit (the "pull request") changes two benchmarks:',
    ...PLANTED.map((p) => `  ${p.benchmark}: ${p.what}, expect ${p.expected === 'regression' ? 'a regression' : 'an improvement'}`),
    `  ${UNTOUCHED.join(' and ')}: untouched, expect no change`,
    'demo: the regression fails the gate, so the expected exit code is 1.',
  ];
}

function verdictOf(comparisons: readonly Comparison[], benchmark: string): Comparison | undefined {
  return comparisons.find((c) => c.benchmark === benchmark && c.gating);
}

function shown(c: Comparison | undefined): string {
  if (c === undefined) return 'not measured';
  const change = c.changePct === null ? '' : ` (${c.changePct > 0 ? '+' : ''}${c.changePct.toFixed(1)}%)`;
  return `${c.verdict}${change}`;
}

/** Whether each planted change was found, what the untouched benchmarks got, and what the exit code means. */
export function findingLines(comparisons: readonly Comparison[], exitCode: number): string[] {
  const lines = ['demo: what benchgate found against what was planted:'];
  let found = 0;
  for (const p of PLANTED) {
    const c = verdictOf(comparisons, p.benchmark);
    const ok = c?.verdict === p.expected;
    if (ok) found++;
    lines.push(`  ${p.benchmark}: ${shown(c)}, planted ${p.expected}: ${ok ? 'found' : 'missed'}`);
  }
  for (const name of UNTOUCHED) {
    const c = verdictOf(comparisons, name);
    const flagged = c?.verdict === 'regression' || c?.verdict === 'improvement';
    lines.push(
      `  ${name}: ${shown(c)}, untouched: ${flagged ? "a false alarm (on unchanged code the gate's alpha allows one now and then)" : 'not flagged'}`,
    );
  }
  const missed = PLANTED.length - found;
  const verdict =
    missed === 0
      ? 'both planted changes found'
      : `${missed} of ${PLANTED.length} planted changes missed (a busy machine or too few rounds: try --rounds 20)`;
  const exit = exitCode === 1 ? 'exit 1 is the point: the gate failed on a regression' : `exit ${exitCode}`;
  lines.push(`demo: ${verdict}; ${exit}.`);
  return lines;
}
