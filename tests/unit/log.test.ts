import { describe, expect, it } from '@jest/globals';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Run } from '../../src/model.js';
import { LogError, parseLog, readLog, ResultsLog } from '../../src/runner/log.js';
import { tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';

const header = testHeader({ tool: { name: 'benchgate', version: '0.0.0' }, seed: 1 });

const run = (round: number): Run => ({
  suite: 's',
  side: 'base',
  round,
  position: 0,
  startedAt: '',
  wallMs: 1,
  cpuUserMs: null,
  cpuSysMs: null,
  maxRssKb: null,
  exitCode: 0,
  measurements: [{ benchmark: 'b', metric: 'time', unit: 's', better: 'lower', values: [1] }],
});

describe('results log', () => {
  it('round-trips header, runs and end', () => {
    const file = path.join(tempDir(), 'out', 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    log.append(run(2));
    log.end('completed');
    log.end('failed'); // a second end is ignored
    const parsed = readLog(file);
    expect(parsed.header).toEqual(header);
    expect(parsed.runs.map((r) => r.round)).toEqual([1, 2]);
    expect(parsed.end?.status).toBe('completed');
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('keeps every finished run when the last line was cut off by a kill', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    appendFileSync(file, '{"type":"run","run":{"suite":"s","si');
    const parsed = readLog(file);
    expect(parsed.runs).toHaveLength(1);
    expect(parsed.end).toBeNull();
    expect(parsed.skipped).toEqual([3]);
  });

  it('says what is wrong with a file that is not a results log', () => {
    expect(() => parseLog(`${JSON.stringify({ type: 'run', run: run(1) })}\n`, 'x.jsonl')).toThrow(new LogError('x.jsonl: no header line: is this a benchgate results.jsonl?'));
    expect(() => parseLog(JSON.stringify({ ...header, schema: 9 }), 'x.jsonl')).toThrow('schema 9 is not supported');
  });
});
