/**
 * Every parser, fed random and mutated input, returns well-formed measurements or throws
 * FormatError: never another exception, never a hang. In CI each property runs 10^4 cases.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { detectFormat, formats, parseCriterionSample } from '../../src/formats/index.js';
import { FormatError, type FormatParser } from '../../src/formats/types.js';
import type { Measurement } from '../../src/model.js';
import { RUNS, fuzzParameters, anyText, replaceOneValue, splice } from '../helpers/fuzz.js';
import { FIXTURES_BY_FORMAT, FIXTURES_BY_NAME_ONLY, fixture } from './fixture.js';

/** Words from every format's output, so random lines look close to real ones. */
const TOKENS = [
  'Benchmark',
  'BenchmarkX-8',
  'pkg:',
  '# Benchmark, evals, iterations, total, min, max, median',
  ',',
  ', ',
  'ns/op',
  'B/op',
  'allocs/op',
  'MB/s',
  '|',
  '`',
  ':boom:',
  'ns',
  'µs',
  'ms',
  's',
  'test',
  '...',
  'bench:',
  'ns/iter',
  '(+/-',
  ')',
  'time:',
  '[',
  ']',
  'FAILED',
  'NaN',
  'inf',
  '-',
  '+',
  '%',
  '1',
  '0',
  '1e-006',
  '3.5',
  '1,234',
  '\t',
  ' ',
  '"',
  '{',
  '}',
  ':',
  'ops/sec',
  '±',
  'Benchmark,',
  '<',
  '>',
  'x',
  'Running 10s test @',
  'Requests/sec:',
  'Latency Distribution',
  '50%',
  '9.50ms',
  'RESULT :',
  'msecs per iteration',
  '(total: 1,737, iterations: 1)',
  '********* Start testing of',
  'FAIL!  :',
  'Instructions:',
  '1789|N/A',
  '(*********)',
  'a::b',
  '│',
  '├─',
  '╰─',
  'fastest',
  'Gitem/s',
  'Calculating -----',
  'i/s',
  '(± 8.2%)',
  '4.326M',
];

const tokenLines = fc
  .array(
    fc.record({
      words: fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.double().map(String), fc.string({ maxLength: 5 })), { maxLength: 12 }),
      separator: fc.constantFrom(' ', '\t', ''),
    }),
    { maxLength: 20 },
  )
  .map((rows) => rows.map(({ words, separator }) => words.join(separator)).join('\n'));

/** A fixture with a slice cut out and random text spliced in. */
function mutatedFixture(files: string[]): fc.Arbitrary<string> {
  return fc
    .record({
      file: fc.constantFrom(...files),
      at: fc.nat(),
      cut: fc.nat({ max: 200 }),
      insert: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...TOKENS)),
    })
    .map(({ file, at, cut, insert }) => splice(fixture(file), at, cut, insert));
}

/** A JSON fixture with one value somewhere replaced by arbitrary JSON. */
function mutatedJson(files: string[]): fc.Arbitrary<string> {
  return fc
    .record({ file: fc.constantFrom(...files), pick: fc.nat(), replacement: fc.jsonValue({ maxDepth: 2 }) })
    .map(({ file, pick, replacement }) => JSON.stringify(replaceOneValue(JSON.parse(fixture(file)), pick, replacement)));
}

function isJson(file: string): boolean {
  try {
    JSON.parse(fixture(file));
    return true;
  } catch {
    return false;
  }
}

/** Fixtures up to 20 KB (when the format has any), so thousands of mutations stay fast. */
function smallFixtures(name: string): string[] {
  const all = FIXTURES_BY_FORMAT[name] ?? FIXTURES_BY_NAME_ONLY[name] ?? [];
  const small = all.filter((file) => fixture(file).length <= 20_000);
  return small.length > 0 ? small : all;
}

function inputsFor(parser: FormatParser): fc.Arbitrary<string> {
  const files = smallFixtures(parser.name);
  const jsonFiles = files.filter(isJson);
  const arbitraries = [anyText, tokenLines, fc.jsonValue().map((v) => JSON.stringify(v))];
  if (files.length > 0) arbitraries.push(mutatedFixture(files));
  if (jsonFiles.length > 0) arbitraries.push(mutatedJson(jsonFiles), mutatedJson(jsonFiles));
  return fc.oneof(...arbitraries);
}

/** What is wrong with parser output (nothing, for well-formed measurements); plain checks, as expect() per value is slow. */
function malformations(measurements: Measurement[]): string[] {
  const problems: string[] = [];
  for (const m of measurements) {
    if (typeof m.benchmark !== 'string' || typeof m.metric !== 'string' || typeof m.unit !== 'string')
      problems.push(`non-string name, metric or unit: ${JSON.stringify(m)}`);
    if (m.better !== 'lower' && m.better !== 'higher') problems.push(`better is ${String(m.better)}`);
    if (!m.values.every(Number.isFinite)) problems.push(`non-finite value in ${m.benchmark}`);
    if (m.failed !== undefined && m.values.length > 0) problems.push(`failed ${m.benchmark} has values`);
  }
  return problems;
}

function expectWellFormed(measurements: Measurement[]): void {
  const problems = malformations(measurements);
  if (problems.length > 0) expect(problems).toEqual([]);
}

describe.each(formats.map((f) => [f.name, f] as const))('fuzzing %s', (_, parser) => {
  it(`returns measurements or throws FormatError, and detect never throws (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(inputsFor(parser), (text) => {
        expect(typeof parser.detect(text)).toBe('boolean');
        let measurements: Measurement[];
        try {
          measurements = parser.parse(text);
        } catch (error) {
          if (error instanceof FormatError) return;
          throw error;
        }
        expectWellFormed(measurements);
      }),
      fuzzParameters(),
    );
  });
});

describe('auto-detection of random text', () => {
  it(`never picks a format (${RUNS} cases)`, () => {
    const randomText = fc.oneof(
      anyText,
      fc.lorem({ mode: 'sentences' }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(randomText, (text) => {
        expect(() => detectFormat(text)).toThrow(FormatError);
      }),
      fuzzParameters(),
    );
  });
});

describe('fuzzing the criterion sample reader', () => {
  it(`returns measurements or throws FormatError (${RUNS} cases)`, () => {
    const json = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 50 }),
    );
    const sample = fc.oneof(
      json,
      fc.record({ iters: fc.array(fc.double()), times: fc.array(fc.double()) }).map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(fc.oneof(json, fc.constant('{"full_id":"x"}')), sample, (benchmarkJson, sampleJson) => {
        try {
          expectWellFormed(parseCriterionSample(benchmarkJson, sampleJson));
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
        }
      }),
      fuzzParameters(),
    );
  });
});
