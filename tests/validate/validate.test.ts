/**
 * What the validating readers say about files that are not benchgate's, or that someone
 * tampered with: the file, the line and the field, and what it should be.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readResults } from '../../src/commands/report.js';
import { SCHEMA_VERSION, type ComparisonResult } from '../../src/model.js';
import { parseLog } from '../../src/runner/log.js';
import { MAX_RESULTS_BYTES, ValidationError, validateLogLine, validateResults } from '../../src/validate.js';
import { compared, run, result } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';

const good = (): ComparisonResult => JSON.parse(JSON.stringify(result([compared('a', 'regression', 30), compared('b', 'unchanged', 0)])));

describe('validateResults', () => {
  it('returns a results.json benchgate wrote, unchanged', () => {
    expect(validateResults(good(), 'r.json')).toEqual(good());
  });

  it.each<[string, (r: Record<string, any>) => void, string]>([
    [
      'a field of the fork relay made markup',
      (r) => (r.geomean = { changePct: 1, ci: [0, 2], benchmarks: '![t](https://x.example/y.png)' }),
      'geomean.benchmarks: must be number (is a string of 29 characters)',
    ],
    ['a SHA that is not one', (r) => (r.base.sha = '`![t](x)`'), 'base.sha: not a full commit SHA (40 or 64 lowercase hex digits)'],
    ['an abbreviated SHA', (r) => (r.head.sha = 'b'.repeat(12)), 'head.sha: not a full commit SHA'],
    [
      'a verdict benchgate has not',
      (r) => (r.verdict = 'safe to merge'),
      'verdict: must be one of "pass", "fail", "inconclusive", "error"',
    ],
    ['a comparison without its unit', (r) => delete r.comparisons[1].unit, 'comparisons[1].unit: missing'],
    ['a unit of a megabyte', (r) => (r.comparisons[0].unit = 'x'.repeat(1_000_000)), 'comparisons[0].unit: longer than 4096 characters'],
    ['a list where an object goes', (r) => (r.counts = []), 'counts: must be object (is a list of 0)'],
    ['another tool', (r) => (r.tool.name = 'other'), 'tool.name: must be "benchgate"'],
  ])('names the field of %s', (_what, spoil, message) => {
    const r = good() as unknown as Record<string, any>;
    spoil(r);
    expect(() => validateResults(r, 'out/results.json')).toThrow(
      `out/results.json: not a results.json this benchgate can read: ${message}`,
    );
  });

  it("lets through fields a newer benchgate adds (the relay may read a newer one's artifact)", () => {
    const r = { ...good(), laterField: [], settings: { ...good().settings, laterSetting: 10 } };
    expect(validateResults(r, 'r.json')).toEqual(r);
  });

  it('reads a results.json before version 4: its test string and uBase become the test outcome', () => {
    const older = { ...good(), schemaVersion: 3 } as unknown as Record<string, any>;
    const [a, b] = older.comparisons;
    Object.assign(a, { test: 'mann-whitney-exact', uBase: 0, uHead: 100 });
    Object.assign(b, { test: 'mann-whitney-asymptotic', uBase: 40, uHead: 60, changePct: null, changeCi: null });
    const read = validateResults(older, 'r.json');
    expect(read.comparisons[0]!.test).toEqual({
      name: 'mann-whitney',
      statistic: { name: 'U of base', value: 0 },
      p: a.p,
      interval: a.changeCi,
      level: older.settings.alpha,
      assumes: 'as recorded by an older benchgate (test "mann-whitney-exact")',
    });
    expect(read.comparisons[1]!.test).toMatchObject({ name: 'zero-base', statistic: { value: 40 }, interval: null });
    expect(read.comparisons.every((c) => !('uBase' in c) && !('uHead' in c))).toBe(true);
    // A version-4 file is read as written: an old-style test there is an error, named.
    expect(() => validateResults({ ...older, schemaVersion: 4 }, 'r.json')).toThrow('comparisons[0].test: must be object');
  });

  it.each([null, [], 'results', 42])('refuses %p as a whole', (data) => {
    expect(() => validateResults(data, 'r.json')).toThrow(ValidationError);
  });
});

describe('readResults (benchgate report --from)', () => {
  const dir = tempDir();
  const file = (name: string, text?: string) => {
    const f = path.join(dir, name);
    if (text !== undefined) writeFileSync(f, text);
    return f;
  };

  it('reads a valid results.json', () => {
    expect(readResults(file('ok.json', JSON.stringify(good())))).toEqual(good());
  });

  it(`refuses a file over ${MAX_RESULTS_BYTES / 1024 / 1024} MiB without reading it`, () => {
    const big = file('big.json', '');
    truncateSync(big, MAX_RESULTS_BYTES + 1);
    expect(() => readResults(big)).toThrow(`${big}: ${MAX_RESULTS_BYTES + 1} bytes, more than the 32 MiB a results.json may have`);
  });

  it('says what is wrong with a missing, unreadable, truncated or foreign file', () => {
    expect(() => readResults(file('missing.json'))).toThrow('not found');
    const asDir = file('dir.json');
    mkdirSync(asDir);
    expect(() => readResults(asDir)).toThrow(`${asDir}: cannot read: EISDIR`);
    expect(() => readResults(file('cut.json', JSON.stringify(good()).slice(0, 100)))).toThrow('not JSON');
    expect(() => readResults(file('null.json', 'null'))).toThrow('not a results.json this benchgate can read');
  });
});

describe('validateLogLine', () => {
  const header = testHeader();

  it('returns each kind of line, typed', () => {
    expect(validateLogLine(header, 'x.jsonl', 1)).toEqual(header);
    expect(validateLogLine({ type: 'run', run: run() }, 'x.jsonl', 2)).toEqual({ type: 'run', run: run() });
    expect(validateLogLine({ type: 'end', endedAt: '2026-01-01T00:00:00Z', status: 'completed' }, 'x.jsonl', 3).type).toBe('end');
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'x.jsonl:4: not a results log line (expected an object whose "type" is "header", "run", "profile", "end")'],
    ['a list', [1], 'x.jsonl:4: not a results log line'],
    ['another type', { type: 'lock' }, 'x.jsonl:4: not a results log line'],
    ['a run without its suite', { type: 'run', run: { ...run(), suite: undefined } }, 'x.jsonl:4: run.suite: missing'],
    [
      'a round that is text',
      { type: 'run', run: run({ round: '3' as unknown as number }) },
      'x.jsonl:4: run.round: must be number (is a string of 1 character)',
    ],
    [
      'a value that is not a number',
      {
        type: 'run',
        run: run({ measurements: [{ benchmark: 'b', metric: 'time', unit: 's', better: 'lower', values: [null as unknown as number] }] }),
      },
      'x.jsonl:4: run.measurements[0].values[0]: must be number (is null)',
    ],
    [
      'a header of another version',
      { ...header, schemaVersion: undefined, schema: 2 },
      `x.jsonl:4: schema 2 is not supported (expected schemaVersion 1 to ${SCHEMA_VERSION})`,
    ],
    [
      'a header of a newer benchgate',
      { ...header, schemaVersion: SCHEMA_VERSION + 1 },
      `x.jsonl:4: written by a newer benchgate (schemaVersion ${SCHEMA_VERSION + 1}; this one reads up to ${SCHEMA_VERSION}): upgrade benchgate`,
    ],
    ['a header of no version', { ...header, schemaVersion: undefined }, 'x.jsonl:4: schema undefined is not supported'],
    ['a header with a forged SHA', { ...header, head: { ref: 'x', sha: '::error::x' } }, 'x.jsonl:4: head.sha: not a full commit SHA'],
  ])('names the line and field of %s', (_what, data, message) => {
    expect(() => validateLogLine(data, 'x.jsonl', 4)).toThrow(message);
  });

  it('stops the log reader at the first bad line', () => {
    const text = [JSON.stringify(header), 'null', '{"type":"run","ru'].join('\n');
    expect(() => parseLog(text, 'results.jsonl')).toThrow('results.jsonl:2: not a results log line');
  });
});
