/**
 * The steadier-machine options end to end: each one asked for is applied to the benchmark
 * process (its CPU affinity, its personality, its LD_PRELOAD, its niceness, as the process
 * itself reads them) and recorded in the results header, or skipped with a note saying why.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readLog } from '../../src/runner/log.js';
import type { SteadyCheck } from '../../src/model.js';
import { makeRepo, runCli, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

const linux = process.platform === 'linux';
const itWithTools = itWhen(() => linux && hasTool('taskset', '-V') && hasTool('setarch', '--version') && hasTool('eatmydata', 'true'));
// Raising priority needs root (or CAP_SYS_NICE): where refused, it must be reported as skipped.
const mayRaisePriority =
  linux && spawnSync('nice', ['-n', '-5', 'nice'], { encoding: 'utf8' }).stdout?.trim() === String(os.getPriority() - 5);

/** What the benchmark process sees of itself, one `key value` a line, appended to $DUMP. */
const BENCH = `#!/bin/sh
{
  echo "cpus $(grep Cpus_allowed_list /proc/self/status | cut -f2)"
  echo "personality $(cat /proc/self/personality)"
  echo "preload $LD_PRELOAD"
  echo "nice $(cut -d' ' -f19 /proc/self/stat)"
  echo "gomaxprocs $GOMAXPROCS"
} >> "$DUMP"
printf '{"benchgate": 1, "benchmarks": [{"name": "x", "unit": "ms", "values": [1%s]}]}\\n' "$BENCHGATE_ROUND"
`;

function seen(dump: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of readFileSync(dump, 'utf8').trim().split('\n')) {
    const [key, ...rest] = line.split(' ');
    (out[key!] ??= []).push(rest.join(' '));
  }
  return out;
}

async function runWith(flags: string[]) {
  const repo = makeRepo([{ 'bench.sh': BENCH }]);
  const work = tempDir();
  const dump = path.join(work, 'dump');
  const out = path.join(work, 'out');
  const r = await runCli(
    [
      'run',
      '--repo',
      repo,
      '--base',
      'HEAD',
      '--bench',
      'sh bench.sh',
      '--format',
      'benchgate',
      '--rounds',
      '2',
      '--warmup',
      '0',
      '--seed',
      '1',
      // Two rounds measure what the options did to the process, not a verdict: no gate.
      '--fail-on',
      'none',
      '--out',
      out,
      ...flags,
    ],
    {
      env: { DUMP: dump, GOMAXPROCS: '', BENCHGATE_PASS_ENV: 'DUMP' },
    },
  );
  const checks = readLog(path.join(out, 'results.jsonl')).header.environment.steady as SteadyCheck[];
  return { r, seen: seen(dump), checks, summary: readFileSync(path.join(out, 'summary.md'), 'utf8') };
}

describe('steadier-machine options', () => {
  itWithTools('applies each option to the benchmark process and records it', async () => {
    const { r, seen: s, checks, summary } = await runWith(['--pin-cpu', 'auto', '--no-aslr', '--no-fsync', '--priority']);
    expect(r.code).toBe(0);
    const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]!;
    const lastCpu = allowed.split(/[,-]/).at(-1)!;
    expect(new Set(s.cpus)).toEqual(new Set([lastCpu]));
    for (const p of s.personality!) expect(parseInt(p, 16) & 0x0040000).toBe(0x0040000);
    for (const p of s.preload!) expect(p).toContain('libeatmydata');
    // GOMAXPROCS keeps the unpinned CPU count, so Go's -N name suffix does not change.
    expect(new Set(s.gomaxprocs)).toEqual(new Set([String(os.availableParallelism())]));
    const applied = Object.fromEntries(checks.map((c) => [c.option, c.applied]));
    expect(applied).toEqual({ 'pin-cpu': true, 'no-aslr': true, 'no-fsync': true, priority: mayRaisePriority });
    expect(new Set(s.nice)).toEqual(new Set([String(mayRaisePriority ? os.getPriority() - 5 : os.getPriority())]));
    if (!mayRaisePriority) expect(r.stderr).toContain('priority skipped: not permitted here');
    // The reports say what was in force.
    expect(summary).toContain(`pinned to CPU ${lastCpu}`);
    expect(summary).toContain('ASLR off');
    expect(summary).toContain('no fsync');
  });

  (linux ? it : it.skip)('runs unchanged by default, and skips an option that cannot apply with a note', async () => {
    const plain = await runWith([]);
    expect(plain.checks).toEqual([]);
    expect(plain.seen.personality!.every((p) => (parseInt(p, 16) & 0x0040000) === 0)).toBe(true);
    expect(plain.seen.preload!.every((p) => !p.includes('eatmydata'))).toBe(true);

    const impossible = await runWith(['--pin-cpu', '4096']);
    expect(impossible.r.code).toBe(0);
    expect(impossible.r.stderr).toMatch(/pin-cpu skipped: CPU 4096 is not one this process may use/);
    expect(impossible.checks).toEqual([{ option: 'pin-cpu', applied: false, detail: expect.stringContaining('CPU 4096') }]);
    expect(impossible.seen.cpus).toEqual(plain.seen.cpus);
  });
});
