/**
 * examples/http end to end through the real CLI: base serves every request in 15 ms; head serves
 * most in 3 ms and one in 50 in 600 ms (the same mean). autocannon load-tests both in interleaved
 * rounds, and the report must catch the tail. Head's p99 is the slow path itself (500 requests,
 * 10 slow), at least 600 ms; base's p99 is 15 ms plus this machine's stalls, which reached 230 ms
 * under a load average of 19 on 2 cores: still less than half.
 */
import { describe, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, makeRepo, readResults, runCli, tempDir } from './helpers.js';
import { hasTool, itWhen } from '../helpers/toolchains.js';

const EXAMPLE = path.join(ROOT, 'examples', 'http');
const run = itWhen(() => hasTool('autocannon', '--version'));

const example = (file: string) => readFileSync(path.join(EXAMPLE, file), 'utf8');

describe('examples/http', () => {
  run(
    'reports the p99 regression of a rare slow path that leaves the mean unchanged',
    async () => {
      const repo = makeRepo([
        { 'server.mjs': example('server.mjs'), 'bench.mjs': example('bench.mjs'), 'handler.mjs': example('handler.base.mjs') },
        { 'handler.mjs': example('handler.head.mjs') },
      ]);
      const out = tempDir();
      const r = await runCli(
        [
          'run',
          '--repo',
          repo,
          '--base',
          'HEAD~1',
          '--head',
          'HEAD',
          '--bench',
          'node bench.mjs',
          '--rounds',
          '8',
          '--seed',
          '1',
          '--out',
          out,
        ],
        { env: { REQUESTS: '500', BENCHGATE_PASS_ENV: 'REQUESTS' } },
      );
      const results = readResults(out);
      const byMetric = Object.fromEntries(results.comparisons.filter((c) => c.benchmark === 'GET /').map((c) => [c.metric, c]));
      expect(Object.keys(byMetric).sort()).toEqual([
        'latency max',
        'latency p2.5',
        'latency p50',
        'latency p97.5',
        'latency p99',
        'requests/s',
      ]);
      expect(results.failures.runs).toEqual([]);
      const p99 = byMetric['latency p99']!;
      expect(p99.verdict).toBe('regression');
      expect(p99.head!.min).toBeGreaterThanOrEqual(0.6); // the slow path itself, in every round
      expect(p99.changePct!).toBeGreaterThan(100);
      expect(byMetric['latency p50']!.changePct!).toBeLessThan(0); // faster in the middle
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toContain('latency p99');
      expect(readFileSync(path.join(out, 'summary.md'), 'utf8')).toContain('latency p99');
    },
    900_000,
  );
});
