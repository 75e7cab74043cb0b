/**
 * Overhead: what benchgate itself costs. Analysis + reports of a big suite, parsing 100 MB
 * of Go output, the per-run cost of the measured exec, and the CLI's cold start. Times are
 * medians of repetitions with their range, next to a target or a baseline as a ratio.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '../../src/analysis/index.js';
import type { LogHeader } from '../../src/model.js';
import { reportFiles } from '../../src/report/index.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { execMeasured } from '../../src/runner/exec.js';
import { createRng } from '../../src/stats/index.js';
import { runFormatsBench } from '../formats.js';
import { simulateJob, toRuns } from '../sim/job.js';
import { BENCHGATE_SETTINGS } from '../sim/methods.js';
import { NORMAL } from '../sim/noise.js';
import { NO_DRIFT } from '../sim/drift.js';
import { INTERLEAVED } from '../sim/schedules.js';
import { runStatsBench } from '../stats.js';
import { markdownTable, medianOf, medianRange, ms, times } from '../tables.js';
import type { SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function timeMs(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

async function timeMsAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** analyze() plus every report benchgate renders, for 1,000 benchmarks x 30 rounds. */
function analysisTimes(repetitions: number): number[] {
  const job = simulateJob(
    { benchmarks: 1000, rounds: 30, noise: NORMAL, cv: 0.02, slowdown: 0.05, schedule: INTERLEAVED, drift: NO_DRIFT },
    createRng(8),
  );
  const runs = toRuns(job);
  const header: LogHeader = {
    type: 'header',
    schema: 1,
    tool: { name: 'benchgate', version: 'bench' },
    base: { ref: 'base', sha: '0'.repeat(40) },
    head: { ref: 'head', sha: '1'.repeat(40) },
    seed: 8,
    config: {
      ...BENCHGATE_SETTINGS,
      failOn: 'regression',
      rounds: 30,
      warmup: 0,
      format: 'benchgate',
      suite: 'bench',
      bench: 'simulated',
      build: null,
      timeoutSec: 0,
    },
    environment: {},
    startedAt: new Date(0).toISOString(),
  };
  return Array.from({ length: repetitions }, () =>
    timeMs(() => {
      const result = analyze({ header, runs, end: null, settings: header.config });
      for (const report of reportFiles) report.render({ result, comment: {} });
      renderTerminal(result);
    }),
  );
}

function spawnTrue(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'true'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

/** execMeasured(`true`) and a bare `sh -c true`, alternating so that both see the same machine. */
async function execTimes(repetitions: number): Promise<{ measured: number[]; bare: number[] }> {
  const measured: number[] = [];
  const bare: number[] = [];
  const opts = { cwd: os.tmpdir(), env: process.env, timeoutSec: 0 };
  for (let i = 0; i < repetitions; i++) {
    measured.push(await timeMsAsync(() => execMeasured('true', opts)));
    bare.push(await timeMsAsync(spawnTrue));
  }
  return { measured, bare };
}

/** Cold start of node commands, round-robin across commands so drift hits each alike. */
function coldStarts(commands: string[][], repetitions: number): number[][] {
  const out = commands.map(() => [] as number[]);
  for (let i = 0; i < repetitions; i++) {
    commands.forEach((args, c) => {
      out[c]!.push(timeMs(() => spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' })));
    });
  }
  return out;
}

export async function overhead(opts: SectionOptions): Promise<SectionOutput> {
  const analysis = analysisTimes(opts.quick ? 1 : 5);
  const exec = await execTimes(opts.quick ? 10 : 50);
  const [baseline, cli, action] = coldStarts(
    [['-e', '0'], [path.join('dist', 'cli.js'), '--version'], [path.join('dist', 'index.js')]],
    opts.quick ? 3 : 20,
  );
  const megabytes = opts.quick ? 10 : 100;
  const parse = runFormatsBench(megabytes);
  const stats = runStatsBench();

  const execOverhead = exec.measured.map((m, i) => m - exec.bare[i]!);
  const ratio = (values: number[], to: number[]) => times(medianOf(values) / medianOf(to));
  const rows = [
    [
      'analysis + reports, 1,000 benchmarks × 30 rounds',
      medianRange(analysis, ms),
      'the target',
      times(medianOf(analysis) / 1000),
      '< 1,000 ms',
    ],
    [
      `parse ${parse.megabytes.toFixed(0)} MB of Go output (${parse.values.toLocaleString('en')} values)`,
      ms(parse.seconds * 1000),
      `${(parse.megabytes / parse.seconds).toFixed(0)} MB/s, peak RSS ${parse.peakRssMb.toFixed(0)} MB`,
      '',
      '',
    ],
    [
      '`execMeasured("true")`',
      medianRange(exec.measured, ms),
      `bare \`sh -c true\`: ${medianRange(exec.bare, ms)}`,
      ratio(exec.measured, exec.bare),
      '',
    ],
    [
      'per-run scheduling overhead (the difference)',
      medianRange(execOverhead, ms),
      'the target',
      times(medianOf(execOverhead) / 5),
      '< 5 ms',
    ],
    [
      'cold start `node dist/cli.js --version`',
      medianRange(cli!, ms),
      `\`node -e 0\`: ${medianRange(baseline!, ms)}`,
      ratio(cli!, baseline!),
      '< 300 ms',
    ],
    [
      'cold start `node dist/index.js` (to its first config error)',
      medianRange(action!, ms),
      '`node -e 0`',
      ratio(action!, baseline!),
      '< 300 ms',
    ],
  ];
  const markdown = [
    '### 5. Overhead',
    '',
    `Median (range) of ${analysis.length} / ${exec.measured.length} / ${cli!.length} repetitions; the ratio is to the baseline or target named beside it. The 1,000 × 30 suite is simulated (normal noise, CV 2%, one benchmark 5% slower, 999 unchanged) and run through analyze() and every report renderer.`,
    '',
    markdownTable(['what', 'median (range)', 'compared with', 'ratio', 'target'], rows),
    '',
    '#### Statistics hot paths (bench/stats.ts, one run each)',
    '',
    markdownTable(
      ['what', 'time'],
      stats.map((t) => [t.label, ms(t.ms)]),
    ),
    '',
  ].join('\n');
  return { markdown, checks: [] };
}
