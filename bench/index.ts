/**
 * benchgate's own benchmark (`npm run bench`): false alarms, power and drift by seeded
 * simulation through the real verdict path, adaptive rounds, A/A runs of real suites, and overhead. Prints
 * markdown (docs/performance.md quotes it) and exits 1 when a headline inequality breaks.
 *
 *   npm run bench                      everything (under 10 minutes on 2 cores, plus ~15 for instructions and steady,
 *                                      ~5 for count-jobs and 20-40 for the adaptive real A/A runs)
 *   npm run bench -- --quick           the CI check: smaller simulations, one adaptive real run of the Go suite (within 120 s
 *                                      at a load average of 4 on 2 cores)
 *   npm run bench -- --only drift,power   some sections
 *   npm run bench -- --only shards-go   a real Go suite, one job vs 4 shards, counts and timing
 *   npm run bench -- --only count-jobs --count-jobs-repetitions 3   counts at 1 and 2 jobs, idle and loaded (2 runs per condition by default)
 *   npm run bench -- --only real-counts --real-counts-repetitions 2   real suites, counts vs time (about 70 min for the three, one run
 *                                      each); measures only runs not saved in bench/results/real-counts/
 *   npm run bench -- --only real-counts --real-counts-suites snappy   one of them (dacite, snappy, xxhash)
 *   npm run bench -- --only attribution   where changes came from: planted suites, A/A, overhead, xxhash and uuid
 */
import { parseArgs } from 'node:util';
import { adaptive } from './sections/adaptive.js';
import { attribution } from './sections/attribution.js';
import { countJobs } from './sections/count-jobs.js';
import { counts } from './sections/counts.js';
import { drift } from './sections/drift.js';
import { exactTest } from './sections/exact-test.js';
import { falseAlarms } from './sections/false-alarms.js';
import { historySection } from './sections/history.js';
import { historySite } from './sections/history-site.js';
import { instructions } from './sections/instructions.js';
import { overhead } from './sections/overhead.js';
import { power } from './sections/power.js';
import { realCounts } from './sections/real-counts.js';
import { realAdaptive } from './sections/real-adaptive.js';
import { realNoise } from './sections/real-noise.js';
import { shards } from './sections/shards.js';
import { shardsGo } from './sections/shards-go.js';
import { steady } from './sections/steady.js';
import type { Check, SectionOptions, SectionOutput } from './sections/types.js';

const SECTIONS: Record<string, { run: (opts: SectionOptions) => Promise<SectionOutput>; inQuick: boolean }> = {
  // The exact test alone: A/A under the default correction, power against theory (about 10 s).
  'exact-test': { run: exactTest, inQuick: true },
  'false-alarms': { run: falseAlarms, inQuick: true },
  power: { run: power, inQuick: false },
  drift: { run: drift, inQuick: true },
  adaptive: { run: adaptive, inQuick: true },
  // Change points against Apache Otava's reference run, slow creep, the git store's cost (a few seconds).
  history: { run: historySection, inQuick: true },
  // The count rule (docs/counts.md): in-process, seeded; about 15 s in --quick on an idle 2-core machine.
  counts: { run: counts, inQuick: true },
  // The trend site at 1,000 series × 5,000 commits in headless Chromium (issue 27's scale goal; about 30 s).
  'history-site': { run: historySite, inQuick: false },
  // Joined shards against one job, A/A, fixed rounds and rounds auto (docs/shards.md).
  shards: { run: shards, inQuick: true },
  // Real runs and timings come last: the simulation's worker processes have exited by then.
  'real-noise': { run: realNoise, inQuick: false },
  // --quick: one adaptive A/A run of the Go suite, the adaptive CLI path end to end (about 20 s).
  'real-adaptive': { run: realAdaptive, inQuick: true },
  overhead: { run: overhead, inQuick: false },
  // Instruction mode and the steadier-machine options (docs/steady.md): valgrind runs take minutes.
  instructions: { run: instructions, inQuick: false },
  steady: { run: steady, inQuick: false },
  // A real 14-benchmark Go suite with two 2× rows, one job vs 4 shards, in counts and in timing (about 10 min).
  'shards-go': { run: shardsGo, inQuick: false },
  // Per-benchmark Go counts at jobs 1 and 2, idle and under generated load (about 5 min at 2 runs per condition).
  'count-jobs': { run: countJobs, inQuick: false },
  // Real suites at a documented speed-up, counts beside rounds auto; resumable, saved per run in bench/results/real-counts/.
  'real-counts': { run: realCounts, inQuick: false },
  // Where a change came from: planted Go and C suites, pooled A/A runs, the files' reading overhead, xxhash and uuid (about 10 min).
  attribution: { run: attribution, inQuick: false },
};

function wholeNumberFlag(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(Number.isInteger(n) && n >= 1)) throw new Error(`--${name}: "${text}" is not a whole number of at least 1`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      'count-jobs-repetitions': { type: 'string' },
      'real-counts-repetitions': { type: 'string' },
      'real-counts-suites': { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  const countJobsRepetitions = wholeNumberFlag('count-jobs-repetitions', values['count-jobs-repetitions']);
  const realCountsRepetitions = wholeNumberFlag('real-counts-repetitions', values['real-counts-repetitions']);
  const realCountsSuites = values['real-counts-suites']?.split(',');
  const only = values.only?.split(',');
  for (const name of only ?? []) {
    if (!(name in SECTIONS)) throw new Error(`--only: unknown section "${name}"; sections: ${Object.keys(SECTIONS).join(', ')}`);
  }
  const selected = Object.entries(SECTIONS).filter(([name, s]) => (only ? only.includes(name) : !quick || s.inQuick));

  const started = performance.now();
  console.log(`## benchgate bench${quick ? ' --quick' : ''}\n`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}; command: npm run bench${quick ? ' -- --quick' : ''}\n`);
  const checks: Check[] = [];
  for (const [name, section] of selected) {
    const sectionStart = performance.now();
    const out = await section.run({ quick, countJobsRepetitions, realCountsRepetitions, realCountsSuites });
    console.log(out.markdown);
    console.error(`[bench] ${name}: ${((performance.now() - sectionStart) / 1000).toFixed(1)} s`);
    checks.push(...out.checks);
  }
  const broken = checks.filter((c) => !c.holds);
  console.log(`### Headline checks: ${checks.length - broken.length} of ${checks.length} hold\n`);
  for (const c of broken) console.log(`- BROKEN: ${c.claim}: ${c.detail}`);
  console.log(`\nTotal time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return broken.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(2);
  },
);
