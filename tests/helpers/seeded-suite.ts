/**
 * A stand-in harness as a fake executor's script (tests/helpers/fake-executor.ts), for the
 * rounds auto and shard tests: each run prints one value per benchmark drawn from a seeded
 * distribution (lognormal, CV from the commit's suite.json, around 10 ms times the commit's
 * factor), so a verdict does not depend on the machine or its load. Each value is seeded by
 * round, side and name alone: a benchmark reads the same whether it ran alone or with the suite.
 *
 * suite.json (in the commit, read from the side's worktree): { "names": [...], "factors": { name:
 * factor }, "cv": 0.003 }. It runs the benchmarks BENCHGATE_FILTER names (benchgate's format: a
 * JSON array; empty: all). `sleepMs` in suite.json is how long each run takes, waited for real
 * (the rounds' time budget reads the clock).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeCall, FakeRun, FakeScript } from './fake-executor.js';

interface Suite {
  names: string[];
  factors?: Record<string, number>;
  cv: number;
  /** How long each run takes, waited for real; default 0 (reported as 100 ms). */
  sleepMs?: number;
}

/** What one run was asked for and ran. */
export interface SeededCall {
  round: number;
  side: string | undefined;
  filter: string;
  ran: string[];
}

/** The script, and what each run it answered was asked for. */
export function seededSuite(): { script: FakeScript; calls: SeededCall[] } {
  const calls: SeededCall[] = [];
  const script = (call: FakeCall): FakeRun => {
    const suite = JSON.parse(readFileSync(path.join(call.cwd, 'suite.json'), 'utf8')) as Suite;
    const asked = call.filter === '' ? [] : (JSON.parse(call.filter) as string[]);
    const names = asked.length === 0 ? suite.names : suite.names.filter((n) => asked.includes(n));
    calls.push({ round: call.round, side: call.side, filter: call.filter, ran: names });
    const benchmarks = names.map((name) => ({
      name,
      unit: 'ms',
      values: [10 * (suite.factors?.[name] ?? 1) * Math.exp(suite.cv * normal(`${call.round}|${call.side}|${name}`))],
    }));
    const stdout = `${JSON.stringify({ benchgate: 1, benchmarks })}\n`;
    return suite.sleepMs ? { stdout, wallMs: suite.sleepMs, delayMs: suite.sleepMs } : { stdout };
  };
  return { script, calls };
}

/** A standard normal draw seeded by a string: FNV-1a, then mulberry32, then Box-Muller. */
function normal(seed: string): number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  const uniform = () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}
