import { describe, expect, it } from '@jest/globals';
import type { Run } from '../../src/model.js';
import { parseLog } from '../../src/runner/log.js';
import { mergeLogs } from '../../src/runner/merge.js';
import { run } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const H = 'c'.repeat(40);
const OTHER = 'd'.repeat(40);
let runsStarted = 0;
const header = (headSha: string) =>
  testHeader({
    head: { ref: 'pr', sha: headSha },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    config: { ...TEST_SETTINGS, rounds: 2 },
    startedAt: `2026-01-01T00:00:${String(runsStarted++).padStart(2, '0')}Z`,
  });
const headRun = (round: number): Run => run({ suite: 's', side: 'head', round, position: 0, startedAt: '', wallMs: 1, measurements: [] });
const log = (sha: string, rounds: number[]) => ({ header: header(sha), runs: rounds.map(headRun), end: null, skipped: [] });

describe('mergeLogs', () => {
  it('renumbers the rounds of later logs after the earlier ones', () => {
    const head = 'b'.repeat(40);
    const merged = parseLog(
      mergeLogs([
        { file: 'a', log: log(head, [1, 2]) },
        { file: 'b', log: log(head, [1, 2, 3]) },
      ]),
      'm',
    );
    expect(merged.runs.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.end?.status).toBe('completed');
  });

  it('writes the merged log at the current schemaVersion, a version 1 source included', () => {
    const head = 'b'.repeat(40);
    const { schemaVersion: _v2, ...v1 } = header(head);
    const merged = parseLog(mergeLogs([{ file: 'a', log: { ...log(head, [1]), header: { ...v1, schema: 1 } } }]), 'm');
    expect(merged.header.schemaVersion).toBe(2);
    expect(merged.header.schema).toBeUndefined();
  });

  it('refuses logs of different commits', () => {
    expect(() =>
      mergeLogs([
        { file: 'a', log: log(H, [1]) },
        { file: 'b', log: log(OTHER, [1]) },
      ]),
    ).toThrow('b: compares other commits');
  });

  it('refuses the same run twice, or a merged log with one of its sources: its rounds would count twice', () => {
    const a = log(H, [1, 2]);
    expect(() =>
      mergeLogs([
        { file: 'a', log: a },
        { file: 'again', log: a },
      ]),
    ).toThrow(/^again: holds the same run as a \(started 2026-01-01T00:00:\d\dZ, seed 1\)/);
    const merged = parseLog(
      mergeLogs([
        { file: 'a', log: a },
        { file: 'b', log: log(H, [1]) },
      ]),
      'm',
    );
    expect(() =>
      mergeLogs([
        { file: 'merged', log: merged },
        { file: 'a', log: a },
      ]),
    ).toThrow('a: holds the same run as merged');
  });

  it('keeps the rounds of different suites apart in the merged log (one log per suite)', () => {
    const other = { ...log(H, [1, 2]), runs: [1, 2].map((r) => ({ ...headRun(r), suite: 't' })) };
    const merged = parseLog(
      mergeLogs([
        { file: 'a', log: log(H, [1, 2]) },
        { file: 'b', log: other },
      ]),
      'm',
    );
    expect(merged.runs.map((r) => `${r.suite} ${r.round}`)).toEqual(['s 1', 's 2', 't 3', 't 4']);
  });
});
