/**
 * The two readers of saved data, fed damaged files: the results log reader (`analyze`, `merge`)
 * and results.json's (`report --from`, the fork relay). Each returns data every later stage
 * handles, or throws a ConfigError or LogError naming the file: never a TypeError, never a hang.
 * Same budget as the parsers' fuzzing (tests/formats/fuzz.test.ts).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { readResults } from '../../src/commands/report.js';
import { analyze } from '../../src/analysis/index.js';
import { ConfigError } from '../../src/config.js';
import type { ComparisonResult } from '../../src/model.js';
import { planAnnotations } from '../../src/report/github-annotations.js';
import { reportFiles } from '../../src/report/index.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { LogError, parseLog } from '../../src/runner/log.js';
import { renderJson } from '../../src/report/json.js';
import { measurement, run } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { RUNS, fuzzParameters, anyText, replaceOneValue, splice } from '../helpers/fuzz.js';
import { testHeader } from '../helpers/log-header.js';
import { fixtureResult } from '../report/html/fixture.js';
import { goldenResult } from '../report/fixture.js';

/** A complete log: header, six rounds of two benchmarks (one run failed), end. */
const LOG_LINES = [
  JSON.stringify(testHeader({ environment: { cpuCount: 2 } })),
  ...Array.from({ length: 6 }, (_, i) =>
    (['base', 'head'] as const).map((side) =>
      JSON.stringify({
        type: 'run',
        run:
          side === 'head' && i === 2
            ? run({ side, round: i + 1, exitCode: 1, error: 'exited with code 1', measurements: [] })
            : run({
                side,
                round: i + 1,
                cpuUserMs: 500 + i,
                maxRssKb: 1000,
                env: { loadAvg1: 0.2 },
                measurements: [
                  measurement({ benchmark: 'a', values: [1 + i / 10, 1.1] }),
                  measurement({ benchmark: 'b', metric: 'B/op', unit: 'B', values: [64] }),
                ],
              }),
      }),
    ),
  ).flat(),
  JSON.stringify({ type: 'end', endedAt: '2026-01-01T00:01:00Z', status: 'completed' }),
];

/** The log with one thing wrong: a value replaced, text spliced in, a line replaced, duplicated or dropped. */
const damagedLog = fc.oneof(
  fc.record({ line: fc.nat(), pick: fc.nat(), replacement: fc.jsonValue({ maxDepth: 2 }) }).map(({ line, pick, replacement }) => {
    const lines = [...LOG_LINES];
    const i = line % lines.length;
    lines[i] = JSON.stringify(replaceOneValue(JSON.parse(lines[i]!), pick, replacement));
    return lines.join('\n');
  }),
  fc
    .record({
      at: fc.nat(),
      cut: fc.nat({ max: 200 }),
      insert: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('null', '{}', '[]', '\n', '"', ',', '{"type":"run"}')),
    })
    .map(({ at, cut, insert }) => splice(LOG_LINES.join('\n'), at, cut, insert)),
  fc
    .record({
      line: fc.nat(),
      with: fc.oneof(
        anyText,
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
    })
    .map(({ line, with: text }) => LOG_LINES.map((l, i) => (i === line % LOG_LINES.length ? text : l)).join('\n')),
  fc
    .record({ line: fc.nat(), copies: fc.integer({ min: 0, max: 2 }) })
    .map(({ line, copies }) => LOG_LINES.flatMap((l, i) => (i === line % LOG_LINES.length ? Array(copies).fill(l) : [l])).join('\n')),
  anyText,
);

/** A bad-input error that names the file, as the CLI prints it (exit 2). */
function expectNamedError(error: unknown, file: string): void {
  if (!(error instanceof ConfigError || error instanceof LogError)) throw error;
  expect(error.message.startsWith(file)).toBe(true);
}

/** Every report but the HTML page (not written by `report --from`), the terminal table and the GitHub annotations. */
function renderEverything(result: ComparisonResult): void {
  for (const report of reportFiles) if (report.file !== 'report.html') report.render({ result, comment: {} });
  renderTerminal(result);
  planAnnotations(result, { locate: () => undefined });
}

describe('fuzzing the results log reader', () => {
  // The analysis's results go through the renderers in the results.json fuzzing below.
  it(`reads a damaged log into runs the analysis takes, or names the file (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(damagedLog, (text) => {
        let log;
        try {
          log = parseLog(text, 'fuzz.jsonl');
        } catch (error) {
          expectNamedError(error, 'fuzz.jsonl');
          return;
        }
        analyze({ header: log.header, runs: log.runs, end: log.end, settings: log.header.config });
      }),
      fuzzParameters(),
    );
  });
});

describe('fuzzing the results.json reader (report --from)', () => {
  const documents = [renderJson(goldenResult()), renderJson(fixtureResult())];
  const damagedResults = fc.oneof(
    fc
      .record({ doc: fc.constantFrom(...documents), pick: fc.nat(), replacement: fc.jsonValue({ maxDepth: 2 }) })
      .map(({ doc, pick, replacement }) => JSON.stringify(replaceOneValue(JSON.parse(doc), pick, replacement))),
    fc
      .record({ doc: fc.constantFrom(...documents), at: fc.nat(), cut: fc.nat({ max: 200 }), insert: fc.string({ maxLength: 20 }) })
      .map(({ doc, at, cut, insert }) => splice(doc, at, cut, insert)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    anyText,
  );
  const file = path.join(tempDir(), 'results.json');

  it(`reads a damaged results.json into a result every report renders, or names the file (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(damagedResults, (text) => {
        writeFileSync(file, text);
        let result;
        try {
          result = readResults(file);
        } catch (error) {
          expectNamedError(error, file);
          return;
        }
        renderEverything(result);
      }),
      fuzzParameters(),
    );
  });
});
