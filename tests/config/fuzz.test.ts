/**
 * The config reader and `merge`, fed damaged input with the parsers' budget (tests/helpers/fuzz.ts):
 * a mutated `.benchgate.yml` gives a Config or a ConfigError naming the file and line, on both
 * the local path and the pull request path (src/trust.ts); corrupted logs merge into a log the
 * analysis reads, or fail with an error naming the file. Never a TypeError, never a hang.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyze } from '../../src/analysis/index.js';
import { ConfigError, parseConfigText, resolveConfig, trustedGate, type RawConfig } from '../../src/config.js';
import { LogError, parseLog } from '../../src/runner/log.js';
import { poolRounds } from '../../src/runner/pool-rounds.js';
import { governLayer } from '../../src/trust.js';
import { measurement, run } from '../builders.js';
import { RUNS, fuzzParameters, anyText, splice } from '../helpers/fuzz.js';
import { testHeader } from '../helpers/log-header.js';

const FILE = '.benchgate.yml';

const CONFIG = `# benchmarks of the parser
bench: "node bench.mjs --filter 'parse*'"
build: npm ci && npm run build
format: benchgate
suite: parser
rounds: 12
warmup: 1
seed: 42
threshold: 2.5
alpha: 0.05
correction: holm
sampling: run
timeout: 120
out: benchgate-out
fail-on: regression
working-directory: packages/parser
source: src/parse.ts:10
`;

/** Tokens that mean something to YAML, spliced in anywhere. */
const YAML_BITS = [
  '\n',
  ':',
  ': ',
  '- ',
  '? ',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '#',
  '&a',
  '*a',
  '!!str ',
  '!!binary ',
  '|',
  '>',
  '%YAML 1.2\n',
  '---\n',
  '...\n',
  '\t',
  '  ',
  '<<: *a',
  '~',
  'null',
  '.inf',
  '0x1F',
  '1e400',
  '-',
  '\uFEFF',
  '\u0000',
  '\u2028',
];

const damagedConfig = fc.oneof(
  fc
    .record({ at: fc.nat(), cut: fc.nat({ max: 40 }), insert: fc.oneof(fc.constantFrom(...YAML_BITS), fc.string({ maxLength: 12 })) })
    .map(({ at, cut, insert }) => splice(CONFIG, at, cut, insert)),
  fc.record({ line: fc.nat(), with: anyText }).map(({ line, with: text }) => {
    const lines = CONFIG.split('\n');
    lines[line % lines.length] = text;
    return lines.join('\n');
  }),
  fc.array(fc.constantFrom(...YAML_BITS, 'rounds', 'bench', 'x', '1'), { maxLength: 30 }).map((bits) => bits.join('')),
  anyText,
);

/** A ConfigError whose message starts with the file and a line number, as the CLI prints it (exit 2). */
function expectFileLineError(error: unknown): void {
  if (!(error instanceof ConfigError)) throw error;
  expect(error.message).toMatch(/^\.benchgate\.yml:\d+[: ]/);
}

describe('fuzzing the config reader', () => {
  it(`reads a mutated .benchgate.yml into a Config, or a ConfigError naming file:line (${RUNS} cases)`, () => {
    const flags: RawConfig = { bench: { value: 'node bench.mjs', where: '--bench' } };
    fc.assert(
      fc.property(damagedConfig, (text) => {
        let layer: RawConfig;
        try {
          layer = parseConfigText(text, FILE);
        } catch (error) {
          expectFileLineError(error);
          return;
        }
        // Locally (the file over defaults, under flags), and as a pull request's file beside a trusted one.
        for (const attempt of [
          () => resolveConfig([layer], '/repo'),
          () => resolveConfig([layer, flags], '/repo'),
          () => governLayer(parseConfigText(CONFIG, 'base'), layer, 'pull_request event'),
        ]) {
          try {
            attempt();
          } catch (error) {
            if (error instanceof ConfigError && error.message.startsWith('no benchmark command')) continue;
            expectFileLineError(error);
          }
        }
      }),
      fuzzParameters(),
    );
  });

  it('reads a file that starts with a UTF-8 byte order mark', () => {
    expect(resolveConfig([parseConfigText(`\uFEFF${CONFIG}`, FILE)], '/repo')).toMatchObject({
      rounds: 12,
      bench: "node bench.mjs --filter 'parse*'",
    });
  });
});

describe('fuzzing merge', () => {
  const header = testHeader({ environment: { cpuCount: 2 } });
  const log = (rounds: number, shift: number) =>
    [
      JSON.stringify(header),
      ...Array.from({ length: rounds }, (_, i) =>
        (['base', 'head'] as const).map((side) =>
          JSON.stringify({
            type: 'run',
            run: run({ side, round: i + 1, measurements: [measurement({ benchmark: 'a', values: [1 + shift + i / 10] })] }),
          }),
        ),
      ).flat(),
      JSON.stringify({ type: 'end', endedAt: '2026-01-01T00:01:00Z', status: 'completed' }),
    ].join('\n');
  const damaged = (text: string) =>
    fc.oneof(
      fc.constant(text),
      fc
        .record({
          at: fc.nat(),
          cut: fc.nat({ max: 200 }),
          insert: fc.oneof(
            fc.string({ maxLength: 20 }),
            fc.constantFrom('null', '{}', '[]', '\n', '"', ',', '{"type":"run"}', '{"type":"header"}'),
          ),
        })
        .map(({ at, cut, insert }) => splice(text, at, cut, insert)),
      fc.record({ line: fc.nat(), with: anyText }).map(({ line, with: t }) =>
        text
          .split('\n')
          .map((l, i, all) => (i === line % all.length ? t : l))
          .join('\n'),
      ),
      anyText,
    );

  it(`merges corrupted logs into one the analysis reads, or names the file (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(damaged(log(3, 0)), damaged(log(4, 0.5)), (a, b) => {
        let merged: string;
        try {
          merged = poolRounds(
            [
              { file: 'a.jsonl', log: parseLog(a, 'a.jsonl') },
              { file: 'b.jsonl', log: parseLog(b, 'b.jsonl') },
            ],
            trustedGate([], { format: 'benchgate' }),
          );
        } catch (error) {
          if (!(error instanceof LogError || error instanceof ConfigError)) throw error;
          expect(error.message).toMatch(/^[ab]\.jsonl/);
          return;
        }
        const back = parseLog(merged, 'merged.jsonl');
        analyze({ header: back.header, runs: back.runs, end: back.end, settings: back.header.config });
      }),
      fuzzParameters(),
    );
  });
});
