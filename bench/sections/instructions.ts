/**
 * Instruction mode (`measure: instructions`): how steady the counts are run to run on a
 * compiled program and on the node demo, what counting costs in wall time (and what
 * cachegrind's cache simulation, for estimated cycles, would add), and the gate end to end
 * through the CLI: a +4% instruction change at 2 and 3 rounds, and 20 A/A comparisons.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoRepo } from '../../src/commands/demo.js';
import type { ComparisonResult } from '../../src/model.js';
import { execMeasured } from '../../src/runner/exec.js';
import { cachegrindPrefix, execCounted, readTreeCounts } from '../../src/runner/instructions.js';
import { realExecutor } from '../../src/runner/executor.js';
import { lcgProgram } from '../real/c/program.js';
import { markdownTable, medianOf, medianRange, times } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');

const ITERATIONS = 20_000_000;

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@benchgate.invalid', ...args], { cwd: dir, stdio: 'ignore' });
}

/** A repository whose head runs ~4% more instructions than its base. */
function cRepo(dir: string): string {
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'prog.c'), lcgProgram(ITERATIONS));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--no-gpg-sign', '-m', 'base');
  writeFileSync(path.join(dir, 'prog.c'), lcgProgram(ITERATIONS * 1.044));
  git(dir, 'commit', '-q', '--no-gpg-sign', '-am', 'head: 4% more work');
  return dir;
}

const spread = (counts: number[]) => (Math.max(...counts) - Math.min(...counts)) / medianOf(counts);
const spreadText = (counts: number[]) => `${(100 * spread(counts)).toFixed(4)}%`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms >= 10000 ? 0 : 2)} s`;

interface Counted {
  counts: number[];
  wallMs: number[];
}

async function countRuns(command: string, cwd: string, runs: number): Promise<Counted> {
  const out: Counted = { counts: [], wallMs: [] };
  for (let i = 0; i < runs; i++) {
    const r = await execCounted(realExecutor, command, { cwd, env: process.env, timeoutSec: 0 });
    if (r.exitCode !== 0 || typeof r.instructions !== 'number') throw new Error(`${command} under cachegrind failed: ${r.tail.join('\n')}`);
    out.counts.push(r.instructions);
    out.wallMs.push(r.wallMs);
  }
  return out;
}

async function wallRuns(command: string, cwd: string, runs: number, prefix: string[] = []): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push((await execMeasured(command, { cwd, env: process.env, timeoutSec: 0, prefix })).wallMs);
  return out;
}

/** Wall time under cachegrind with the cache simulation on (what estimated cycles would cost). */
async function cacheSimRuns(command: string, cwd: string, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-cg-'));
    const prefix = cachegrindPrefix(dir).map((a) => (a === '--cache-sim=no' ? '--cache-sim=yes' : a));
    out.push((await execMeasured(command, { cwd, env: process.env, timeoutSec: 0, prefix })).wallMs);
    const counts = readTreeCounts(dir);
    if (counts === null || 'unreadable' in counts) throw new Error('cachegrind with the cache simulation wrote no readable count');
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** One `benchgate run --measure instructions` of the C repository; returns its results.json. */
function gate(repo: string, base: string, rounds: number, seed: number, out: string): ComparisonResult {
  const args = [
    '--import',
    'tsx',
    CLI,
    'run',
    '--repo',
    repo,
    '--base',
    base,
    '--head',
    'HEAD',
    '--build',
    'cc -O1 -o prog prog.c',
    '--bench-command',
    './prog',
    '--measure',
    'instructions',
    '--rounds',
    String(rounds),
    '--warmup',
    '0',
    '--seed',
    String(seed),
    '--out',
    out,
  ];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`benchgate run --measure instructions exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
}

const flagged = (r: ComparisonResult) => r.comparisons.some((c) => c.verdict === 'regression' || c.verdict === 'improvement');

export async function instructions(opts: SectionOptions): Promise<SectionOutput> {
  const haveTools = spawnSync('valgrind', ['--version']).status === 0 && spawnSync('cc', ['--version']).status === 0;
  if (!haveTools) {
    if (process.env.BENCHGATE_REQUIRE_TOOLCHAINS) throw new Error('valgrind and cc are needed (BENCHGATE_REQUIRE_TOOLCHAINS is set)');
    return { markdown: '### Instruction mode\n\nvalgrind or cc is not installed here: skipped.\n', checks: [] };
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-instr-'));
  const loadBefore = os.loadavg();
  const started = performance.now();
  try {
    const repo = cRepo(path.join(work, 'c'));
    execFileSync('cc', ['-O1', '-o', 'prog', 'prog.c'], { cwd: repo });
    const demo = createDemoRepo(path.join(work, 'demo'));

    // Run-to-run variation and wall-time cost, native and counted interleaved run by run.
    const cRuns = opts.quick ? 2 : 5;
    const cNative: number[] = [];
    const cCounted: Counted = { counts: [], wallMs: [] };
    for (let i = 0; i < cRuns; i++) {
      cNative.push(...(await wallRuns('./prog', repo, 1)));
      const one = await countRuns('./prog', repo, 1);
      cCounted.counts.push(...one.counts);
      cCounted.wallMs.push(...one.wallMs);
    }
    const cCacheSim = await cacheSimRuns('./prog', repo, opts.quick ? 1 : 3);

    // The node demo takes minutes per run under cachegrind: two runs per variant.
    const demoRuns = opts.quick ? 0 : 2;
    const demoNative = await wallRuns('node bench.mjs', demo, Math.max(1, demoRuns));
    const demoPlain = demoRuns > 0 ? await countRuns('node bench.mjs', demo, demoRuns) : null;
    const demoPredictable = demoRuns > 0 ? await countRuns('node --predictable bench.mjs', demo, demoRuns) : null;

    // The gate end to end.
    const detection = [2, 3].map((rounds) => ({
      rounds,
      result: gate(repo, 'HEAD~1', rounds, rounds, path.join(work, `detect-${rounds}`)),
    }));
    const repetitions = opts.quick ? 3 : 20;
    const aa = Array.from({ length: repetitions }, (_, i) => gate(repo, 'HEAD', 3, i + 1, path.join(work, `aa-${i + 1}`)));
    const aaFlagged = aa.filter(flagged).length;
    const minutes = (performance.now() - started) / 60000;

    const ratio = (a: number[], b: number[]) => times(medianOf(a) / medianOf(b));
    const variationRows = [
      [
        `C program (${ITERATIONS.toLocaleString('en')}-step loop, cc -O1)`,
        String(cRuns),
        medianRange(cCounted.counts, (v) => v.toLocaleString('en')),
        spreadText(cCounted.counts),
      ],
      ...(demoPlain && demoPredictable
        ? [
            [
              'node demo, `node bench.mjs`',
              String(demoRuns),
              medianRange(demoPlain.counts, (v) => v.toExponential(4)),
              spreadText(demoPlain.counts),
            ],
            [
              'node demo, `node --predictable bench.mjs`',
              String(demoRuns),
              medianRange(demoPredictable.counts, (v) => v.toExponential(4)),
              spreadText(demoPredictable.counts),
            ],
          ]
        : []),
    ];
    const costRows = [
      [
        'C program',
        medianRange(cNative, (v) => seconds(v)),
        medianRange(cCounted.wallMs, (v) => seconds(v)),
        ratio(cCounted.wallMs, cNative),
        `${medianRange(cCacheSim, (v) => seconds(v))} (${ratio(cCacheSim, cCounted.wallMs)} of counting)`,
      ],
      ...(demoPlain && demoPredictable
        ? [
            [
              'node demo',
              medianRange(demoNative, (v) => seconds(v)),
              medianRange([...demoPlain.wallMs, ...demoPredictable.wallMs], (v) => seconds(v)),
              ratio([...demoPlain.wallMs, ...demoPredictable.wallMs], demoNative),
              'not run (minutes per run)',
            ],
          ]
        : []),
    ];
    const detectionRows = detection.map(({ rounds, result }) => {
      const c = result.comparisons[0]!;
      return [String(rounds), c.verdict, c.test?.name ?? '–', `${c.changePct?.toFixed(3)}%`];
    });

    const checks: Check[] = [
      {
        claim: 'instruction counts of a compiled program vary by at most 0.01% run to run',
        holds: spread(cCounted.counts) <= 1e-4,
        detail: spreadText(cCounted.counts),
      },
      {
        claim: 'a +4% instruction change is a regression at 3 rounds',
        holds: detection[1]!.result.comparisons[0]!.verdict === 'regression',
        detail: detection[1]!.result.comparisons[0]!.verdict,
      },
      { claim: `no A/A flag in ${repetitions} instruction-mode comparisons`, holds: aaFlagged === 0, detail: `${aaFlagged} flagged` },
    ];
    const markdown = [
      '### Instruction mode',
      '',
      `valgrind ${spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).stdout.trim()}, \`--tool=cachegrind --cache-sim=no --trace-children=yes\`; counts are the whole process tree (the \`sh -c\` and the program). Load average before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${os.cpus().length} CPUs); ${minutes.toFixed(1)} min.`,
      '',
      '#### Run-to-run variation',
      '',
      markdownTable(['command', 'runs', 'instructions, median (range)', '(max − min) / median'], variationRows),
      '',
      '#### What counting costs in wall time',
      '',
      markdownTable(['command', 'native', 'counted', 'ratio', 'with cache simulation (estimated cycles)'], costRows),
      '',
      `#### The gate through the CLI (C program, head +4% work, threshold 2%, no warmup)`,
      '',
      markdownTable(['rounds', 'verdict', 'test', 'change'], detectionRows),
      '',
      `A/A (base = head), 3 rounds, seeds 1–${repetitions}: ${aaFlagged} of ${repetitions} flagged.`,
      '',
    ].join('\n');
    return { markdown, checks };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
