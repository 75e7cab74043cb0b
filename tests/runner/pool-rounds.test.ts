import { describe, expect, it } from '@jest/globals';
import { SCHEMA_VERSION, type LogHeader, type Run } from '../../src/model.js';
import { trustedGate } from '../../src/config.js';
import { parseLog } from '../../src/runner/log.js';
import { poolRounds } from '../../src/runner/pool-rounds.js';
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
/** The merge command's own trusted gate settings. */
const GATE = trustedGate([], { format: 'benchgate' });
const log = (sha: string, rounds: number[]) => ({ header: header(sha), runs: rounds.map(headRun), end: null, skipped: [], profiles: [] });

describe('poolRounds', () => {
  it('renumbers the rounds of later logs after the earlier ones', () => {
    const head = 'b'.repeat(40);
    const merged = parseLog(
      poolRounds(
        [
          { file: 'a', log: log(head, [1, 2]) },
          { file: 'b', log: log(head, [1, 2, 3]) },
        ],
        GATE,
      ),
      'm',
    );
    expect(merged.runs.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.end?.status).toBe('completed');
  });

  it('writes the merged log at the current schemaVersion, a version 1 source included', () => {
    const head = 'b'.repeat(40);
    const { schemaVersion: _v2, ...v1 } = header(head);
    const merged = parseLog(poolRounds([{ file: 'a', log: { ...log(head, [1]), header: { ...v1, schema: 1 } } }], GATE), 'm');
    expect(merged.header.schemaVersion).toBe(SCHEMA_VERSION);
    expect(merged.header.schema).toBeUndefined();
  });

  it('refuses logs of different commits', () => {
    expect(() =>
      poolRounds(
        [
          { file: 'a', log: log(H, [1]) },
          { file: 'b', log: log(OTHER, [1]) },
        ],
        GATE,
      ),
    ).toThrow('b: measured another comparison than a: its head SHA is');
  });

  it('refuses the same run twice, or a merged log with one of its sources: its rounds would count twice', () => {
    const a = log(H, [1, 2]);
    expect(() =>
      poolRounds(
        [
          { file: 'a', log: a },
          { file: 'again', log: a },
        ],
        GATE,
      ),
    ).toThrow(/^again: holds the same run as a \(started 2026-01-01T00:00:\d\dZ, seed 1\)/);
    const merged = parseLog(
      poolRounds(
        [
          { file: 'a', log: a },
          { file: 'b', log: log(H, [1]) },
        ],
        GATE,
      ),
      'm',
    );
    expect(() =>
      poolRounds(
        [
          { file: 'merged', log: merged },
          { file: 'a', log: a },
        ],
        GATE,
      ),
    ).toThrow('a: holds the same run as merged');
  });

  it('keeps the rounds of different suites apart in the merged log (one log per suite)', () => {
    const other = { ...log(H, [1, 2]), runs: [1, 2].map((r) => ({ ...headRun(r), suite: 't' })) };
    const merged = parseLog(
      poolRounds(
        [
          { file: 'a', log: log(H, [1, 2]) },
          { file: 'b', log: other },
        ],
        GATE,
      ),
      'm',
    );
    expect(merged.runs.map((r) => `${r.suite} ${r.round}`)).toEqual(['s 1', 's 2', 't 3', 't 4']);
  });

  it('refuses a log of another comparison, naming the field: bench, working directory, steady-machine options, sampling, suite', () => {
    const with_ = (change: (h: LogHeader) => LogHeader) => {
      const other = log(H, [1]);
      return { ...other, header: change(other.header) };
    };
    const cases: [string, (h: LogHeader) => LogHeader][] = [
      ['bench', (h) => ({ ...h, config: { ...h.config, bench: 'node other.mjs' } })],
      ['working-directory', (h) => ({ ...h, config: { ...h.config, workingDirectory: 'sub' } })],
      ['sampling', (h) => ({ ...h, config: { ...h.config, sampling: 'pooled' } })],
      ['suite', (h) => ({ ...h, config: { ...h.config, suite: 'other' } })],
      [
        'steady-machine options',
        (h) => ({ ...h, environment: { ...h.environment, steady: [{ option: 'no-fsync', applied: true, detail: '' }] } }),
      ],
    ];
    for (const [field, change] of cases) {
      expect(() =>
        poolRounds(
          [
            { file: 'a', log: log(H, [1]) },
            { file: 'b', log: with_(change) },
          ],
          GATE,
        ),
      ).toThrow(new RegExp(`^b: measured another comparison than a: its ${field} is `));
    }
  });

  it("takes the gate settings from the caller's trusted config, never from a log; logs with different thresholds still merge", () => {
    const weakened = log(H, [1, 2]);
    weakened.header = { ...weakened.header, config: { ...weakened.header.config, failOn: 'none', thresholdPct: 50, ignore: ['*'] } };
    const deep = log(H, [1, 2, 3]);
    deep.header = { ...deep.header, config: { ...deep.header.config, thresholdPct: 5 } };
    const merged = parseLog(
      poolRounds(
        [
          { file: 'gate', log: weakened },
          { file: 'deep', log: deep },
        ],
        GATE,
      ),
      'm',
    );
    expect(merged.header.config).toMatchObject({ failOn: ['regression'], thresholdPct: 2, alpha: 0.05, ignore: [], rounds: null });
  });
});
