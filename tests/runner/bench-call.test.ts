/**
 * A bench command's `{filter}` through the real shell (runner/bench-call.ts, runner/exec.ts):
 * hostile benchmark names reach the harness as the variable's value, intact, and no shell ever
 * runs them. (The rounds that choose the names are tests/e2e/adaptive.test.ts's, in process.)
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILTER_PLACEHOLDER } from '../../src/harness/index.js';
import { benchCall } from '../../src/runner/bench-call.js';
import { execMeasured } from '../../src/runner/exec.js';
import { tempDir } from '../e2e/helpers.js';

describe('benchCall through sh', () => {
  it('hands {filter} to the harness as BENCHGATE_FILTER’s value, unexpanded, whatever the names', async () => {
    const marks = tempDir('benchgate-marks-');
    const names = [`(x|y) "q" 'r' sp ace`, `$(touch ${marks}/dollar) \`touch ${marks}/tick\``, '; touch x #', 'back\\slash', '[z]+?'];
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'bench.mjs'),
      'process.stdout.write(JSON.stringify({ argument: process.argv[2], filter: process.env.BENCHGATE_FILTER }));\n',
    );
    const call = benchCall({ format: 'benchgate', bench: `node bench.mjs ${FILTER_PLACEHOLDER}` });
    const filter = JSON.stringify(names);
    const r = await execMeasured(call.command, { cwd: dir, env: { PATH: process.env.PATH, BENCHGATE_FILTER: filter }, timeoutSec: 30 });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(call.read(r))).toEqual({ argument: filter, filter });
    expect(readdirSync(marks)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['bench.mjs']);
  });
});
