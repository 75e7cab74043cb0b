import { describe, expect, it } from '@jest/globals';
import type { Run } from '../../src/model.js';
import { parseLog } from '../../src/runner/log.js';
import { mergeLogs } from '../../src/runner/merge.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

const header = (headSha: string) =>
  testHeader({ head: { ref: 'pr', sha: headSha }, base: { ref: 'main', sha: 'a'.repeat(40) }, config: { ...TEST_SETTINGS, rounds: 2 } });
const run = (round: number): Run => ({ suite: 's', side: 'head', round, position: 0, startedAt: '', wallMs: 1, cpuUserMs: null, cpuSysMs: null, maxRssKb: null, exitCode: 0, measurements: [] });
const log = (sha: string, rounds: number[]) => ({ header: header(sha), runs: rounds.map(run), end: null, skipped: [] });

describe('mergeLogs', () => {
  it('renumbers the rounds of later logs after the earlier ones', () => {
    const head = 'b'.repeat(40);
    const merged = parseLog(mergeLogs([{ file: 'a', log: log(head, [1, 2]) }, { file: 'b', log: log(head, [1, 2, 3]) }]), 'm');
    expect(merged.runs.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.end?.status).toBe('completed');
  });

  it('refuses logs of different commits', () => {
    expect(() => mergeLogs([{ file: 'a', log: log('h', [1]) }, { file: 'b', log: log('other', [1]) }])).toThrow('b: compares other commits');
  });
});
