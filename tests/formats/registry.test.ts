import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectable, detectFormat, formats, getFormat, parseOutput } from '../../src/formats/index.js';
import { FormatError } from '../../src/formats/types.js';
import { FIXTURES, FIXTURES_BY_FORMAT, FIXTURES_BY_NAME_ONLY, fixture, thrown } from './fixture.js';

const DETECTABLE = Object.entries(FIXTURES_BY_FORMAT).flatMap(([name, files]) => files.map((file) => [name, file]));
const NAME_ONLY = Object.entries(FIXTURES_BY_NAME_ONLY).flatMap(([name, files]) => files.map((file) => [name, file]));
/** Console summaries of harnesses whose samples benchgate reads from their JSON output. */
const CONSOLE_SUMMARIES = [
  'pytest-benchmark/generated_v5.3.1_console_table.txt',
  'jmh/generated_jmh1.37_console_thrpt_avgt_forks2.txt',
  'google-benchmark-json/generated_v1.7.1_repetitions3_random_interleaving_console.txt',
  'google-benchmark-json/nanobench_repo_comparisons_gbench_console_2019.txt',
  'hyperfine/generated_v1.15.0_console_two_commands.txt',
  'hyperfine/generated_v1.20.0_console_two_commands.txt',
  'autocannon/generated_autocannon9.0.0_console.txt',
  'k6/crush_test_k6_v1_console_summary.txt',
];
/** Recognised, but missing what benchgate compares: the error names the flag that prints it. */
const REJECTED: [string, string, RegExp][] = [
  ['wrk', 'wrk/generated_wrk4.1.0_without_latency_flag.txt', /run wrk with --latency/],
  ['wrk', 'wrk/edited_decimal_comma_requests_per_sec.txt', /run it with LC_ALL=C/],
];

describe('format registry', () => {
  it.each(DETECTABLE)('detects %s in %s', (name, file) => {
    const text = fixture(file);
    expect(detectFormat(text).name).toBe(name);
    const parsed = parseOutput(text, 'auto');
    expect(parsed.format).toBe(name);
    expect(parsed.measurements.length).toBeGreaterThan(0);
  });

  it.each(NAME_ONLY)('reads %s in %s when named, and never detects it', (name, file) => {
    const text = fixture(file);
    expect(() => detectFormat(text)).toThrow(FormatError);
    expect(parseOutput(text, name!).measurements.length).toBeGreaterThan(0);
  });

  it.each(CONSOLE_SUMMARIES)('recognises no format in the console summary %s (benchgate reads the JSON instead)', (file) => {
    expect(() => detectFormat(fixture(file))).toThrow(FormatError);
  });

  it.each(REJECTED)('detects %s in %s and rejects it, naming the fix', (name, file, fix) => {
    const text = fixture(file);
    expect(detectFormat(text).name).toBe(name);
    const error = thrown(() => parseOutput(text, 'auto'));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toMatch(fix);
  });

  it('lists every fixture file, so none is left untested', () => {
    const listed = new Set(
      [...DETECTABLE, ...NAME_ONLY]
        .map(([, file]) => file)
        .concat(
          CONSOLE_SUMMARIES,
          REJECTED.map(([, file]) => file),
        ),
    );
    const files = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'SOURCE.md')
      .map((entry) => path.relative(FIXTURES, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      // target/criterion is a directory of JSON files, read by parseCriterionDir (criterion.test.ts).
      .filter((file) => !file.startsWith('criterion/generated_v0.5.1_target_criterion/'));
    expect(files.filter((file) => !listed.has(file))).toEqual([]);
  });

  it.each([
    ['go', 'PASS\nok  \texample.com/x\t0.01s\n'],
    ['cargo-bench', 'running 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured\n'],
    ['benchgate', '{"benchgate": 1, "benchmarks": []}'],
  ])('rejects %s output without a single result, naming what was expected', (format, text) => {
    const error = thrown(() => parseOutput(text, format));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe(`${format}: no benchmark results in the output; expected ${getFormat(format).description}`);
  });

  it('detects benchgate JSON', () => {
    expect(detectFormat('{"benchgate": 1, "benchmarks": []}').name).toBe('benchgate');
  });

  it('has unique names and finds each by name', () => {
    const names = formats.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(getFormat(name).name).toBe(name);
  });

  it('lists the valid names for an unknown format', () => {
    expect(() => getFormat('gobench')).toThrow(/valid formats: auto, .*google-benchmark/);
  });

  it('names the formats tried and shows the first lines when nothing matches', () => {
    const error = thrown(() => detectFormat('hello\nworld\n'));
    expect(error).toBeInstanceOf(FormatError);
    const message = (error as Error).message;
    for (const f of detectable) expect(message).toContain(f.name);
    expect(message).toContain('| hello');
    expect(message).toContain('Pass --format NAME to choose one.');
  });

  it('detects github-action-benchmark custom JSON never, and says which two formats read it', () => {
    const text = fixture('custom-json/gab_custom_biggerisbetter_output.json');
    const error = thrown(() => detectFormat(text));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toContain('pass --format custom-smaller-is-better or --format custom-bigger-is-better');
    expect(formats.map((f) => f.name)).toEqual(expect.arrayContaining(['custom-smaller-is-better', 'custom-bigger-is-better']));
    expect(detectable.map((f) => f.name)).not.toContain('custom-bigger-is-better');
  });
});

/** docs/formats.md and the README, where a new parser is documented (docs/architecture.md, "How to add … a harness"). */
describe('the formats as documented', () => {
  const read = (file: string) => readFileSync(path.join(import.meta.dirname, '..', '..', file), 'utf8');
  const doc = read('docs/formats.md');
  const readme = read('README.md');
  const between = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

  it('docs/formats.md: the detection-order table is `detectable`, in order', () => {
    const table = [...between(doc, '| order | format |', '\n\n').matchAll(/^\| (\d+) \| `([\w-]+)` \|/gm)];
    expect(table.map((m) => m[2])).toEqual(detectable.map((f) => f.name));
    expect(table.map((m) => Number(m[1]))).toEqual(detectable.map((_, i) => i + 1));
  });

  it.each(formats.map((f) => f.name))('%s: has a section in docs/formats.md and is named in the README', (name) => {
    const headings = [...between(doc, '## Per format', '## The benchgate format').matchAll(/^### (.*)$/gm)].map((m) => m[1]!);
    expect(headings.some((h) => h.split(/[:,]\s*|\s+/).includes(name))).toBe(true);
    // `name`, or `--format name` for the two that are never detected.
    expect(between(readme, '## Benchmark formats', '## What gates')).toMatch(new RegExp(`\`(--format )?${name}\``));
  });
});
