import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { benchgate } from '../../src/formats/benchgate.js';
import { FormatError } from '../../src/formats/types.js';
import { fixture } from './fixture.js';

const doc = (benchmarks: unknown[]) => JSON.stringify({ benchgate: 1, benchmarks });

describe('benchgate format', () => {
  it('normalises time to seconds and keeps the values in order', () => {
    const [m] = benchgate.parse(doc([{ name: 'parse big/α', unit: 'ms', values: [1, 2.5] }]));
    expect(m).toEqual({ benchmark: 'parse big/α', metric: 'time', unit: 's', better: 'lower', values: [0.001, 0.0025] });
  });

  it('treats rates as higher-is-better and sizes as bytes', () => {
    const ms = benchgate.parse(
      doc([
        { name: 'a', unit: 'ops/s', values: [10] },
        { name: 'a', unit: 'KiB', values: [2] },
        { name: 'a', unit: 'widgets', metric: 'widgets made', better: 'higher', values: [3], n: 64 },
      ]),
    );
    expect(ms.map((m) => [m.metric, m.unit, m.better, m.values[0]])).toEqual([
      ['throughput', 'ops/s', 'higher', 10],
      ['memory', 'B', 'lower', 2048],
      ['widgets made', 'widgets', 'higher', 3],
    ]);
    expect(ms[2]!.complexityN).toBe(64);
  });

  it('keeps a failed benchmark with empty values', () => {
    const [m] = benchgate.parse(doc([{ name: 'x', unit: 's', values: [], failed: 'assertion' }]));
    expect(m).toMatchObject({ benchmark: 'x', failed: 'assertion', values: [] });
  });

  it.each([
    ['not JSON', '{"benchgate": 1,'],
    ['a wrong version', '{"benchgate": 2, "benchmarks": []}'],
    ['a missing unit', doc([{ name: 'x', values: [1] }])],
    ['a string value', doc([{ name: 'x', unit: 's', values: ['1'] }])],
    ['no values', doc([{ name: 'x', unit: 's', values: [] }])],
    ['a bad direction', doc([{ name: 'x', unit: 's', values: [1], better: 'up' }])],
    [
      'one metric in two units',
      doc([
        { name: 'x', unit: 's', values: [1] },
        { name: 'x', metric: 'time', unit: 'B', values: [1] },
      ]),
    ],
  ])('rejects %s with a FormatError', (_, text) => {
    expect(() => benchgate.parse(text)).toThrow(FormatError);
  });

  it('names the JSON path that is wrong', () => {
    expect(() => benchgate.parse(doc([{ name: 'x', unit: 's', values: [1, null] }]))).toThrow('benchmarks[0].values[1]');
  });
});

describe('benchgate example fixture', () => {
  it('reads every entry of the documented example', () => {
    const ms = benchgate.parse(fixture('benchgate/example.json'));
    expect(ms.map((m) => [m.benchmark, m.metric, m.unit, m.better, m.values.length])).toEqual([
      ['parse/small file', 'time', 's', 'lower', 4],
      ['parse/small file', 'peak memory', 'B', 'lower', 4],
      ['sort/n', 'time', 's', 'lower', 2],
      ['requests', 'throughput', 'ops/s', 'higher', 3],
      ['cache hit ratio', '%', '%', 'higher', 1],
      ['flaky thing', 'time', 's', 'lower', 0],
    ]);
    expect(ms[2]!.complexityN).toBe(1024);
    expect(ms[5]!.failed).toBe('timed out after 60 s');
  });
});

describe('benchgate JSON Schema', () => {
  const schema: unknown = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../schema/benchgate-format.schema.json', import.meta.url)), 'utf8'),
  );
  const validate = new Ajv({ strict: false }).compile(schema as object);

  it('accepts the documented example', () => {
    expect(validate(JSON.parse(fixture('benchgate/example.json')))).toBe(true);
  });

  it.each([
    ['a wrong version', { benchgate: 2, benchmarks: [] }],
    ['a missing unit', { benchgate: 1, benchmarks: [{ name: 'x', values: [1] }] }],
    ['empty values without failed', { benchgate: 1, benchmarks: [{ name: 'x', unit: 's', values: [] }] }],
    ['a bad direction', { benchgate: 1, benchmarks: [{ name: 'x', unit: 's', values: [1], better: 'up' }] }],
  ])('rejects %s, as the parser does', (_, doc) => {
    expect(validate(doc)).toBe(false);
    expect(() => benchgate.parse(JSON.stringify(doc))).toThrow(FormatError);
  });
});
