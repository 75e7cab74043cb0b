/**
 * The examples the docs show, run as tests (benchstat runs its documentation's examples so):
 * every `benchgate …` command line in README.md and docs/*.md goes through the CLI's own argument
 * parser (src/cli.ts, every subcommand stubbed: nothing runs) and its values through the option
 * table's checks; README's `npm run` commands name scripts that exist, its `.benchgate.yml`,
 * workflow and component snippets use keys and inputs that exist with values they accept, its
 * benchgate JSON example parses; docs/counts.md's numbers are the rule's.
 * A command in a code block must parse whole; one in running text (`benchgate analyze`) may leave
 * its arguments out. `...` and `…` stand for "more flags" (or for a flag's value).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as shellWords } from 'shell-quote';
import { parse as parseYaml } from 'yaml';
import { countLevel } from '../../src/analysis/decisions/count-rule.js';
import type { CommandInput } from '../../src/commands/types.js';
import { parseConfigText, parseValue, resolveConfig, sourced } from '../../src/config.js';
import { COUNT_DEFAULTS, countLooks } from '../../src/counts/defaults.js';
import { parseOutput } from '../../src/formats/index.js';
import { commandOptions, optionSpec, type CommandName } from '../../src/options.js';
import { tQuantile } from '../../src/stats/log-counts.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What each stubbed subcommand was given. */
const seen: { name: CommandName; input: Omit<CommandInput, 'platform'> }[] = [];
const stub = (name: CommandName) => async (input: CommandInput) => (seen.push({ name, input }), 0);
const modules: [string, string, CommandName][] = [
  ['run', 'cmdRun', 'run'],
  ['analyze', 'cmdAnalyze', 'analyze'],
  ['merge', 'cmdMerge', 'merge'],
  ['report', 'cmdReport', 'report'],
  ['demo', 'cmdDemo', 'demo'],
  ['record', 'cmdRecord', 'record'],
  ['history', 'cmdHistory', 'history'],
  ['benchmark-command', 'cmdBenchmarkCommand', 'benchmark-command'],
  ['bisect', 'cmdBisect', 'bisect'],
];
for (const [file, exported, name] of modules) jest.unstable_mockModule(`../../src/commands/${file}.js`, () => ({ [exported]: stub(name) }));
const { main } = await import('../../src/cli.js');
const { localPlatform } = await import('../../src/platforms/local.js');

const ELLIPSIS = new Set(['...', '…']);
/** A value written as its placeholder (`--jobs J`, `--seed N`, `--out OUT`) stands for any value. */
const PLACEHOLDER = /^[A-Z][A-Z_]*$/;

/** A doc's command as argv after `benchgate`, or null when the line runs something else. */
function argvOf(line: string): string[] | null {
  const words: string[] = [];
  for (const word of shellWords(line.replace(/^\$ /, ''), (key) => `$${key}`)) {
    if (typeof word === 'string') words.push(word);
    else if ('pattern' in word) words.push(word.pattern);
    else break; // an operator or a comment ends the command
  }
  while (words.length > 0 && (/^\w+=/.test(words[0]!) || ['npx', '--yes', '--'].includes(words[0]!) || words[0]!.startsWith('--package=')))
    words.shift();
  if (!/^(benchgate|github:[\w-]+\/benchgate#.*)$/.test(words[0] ?? '')) return null;
  const argv = words.slice(1);
  // `...` after a flag that takes a value is that value; anywhere else it stands for more flags.
  return argv.filter((w, i) => !ELLIPSIS.has(w) || (argv[i - 1]?.startsWith('--') === true && takesValue(argv[0]!, argv[i - 1]!)));
}

function takesValue(command: string, flag: string): boolean {
  const spec = commandOptions(command as CommandName).find((o) => `--${o.name}` === flag);
  return spec !== undefined && spec.type !== 'flag';
}

/** Every command line of a markdown file: those in code blocks (continuations joined), and those in code spans. */
function commandsIn(file: string): { whole: string[]; spans: string[] } {
  const text = read(file);
  const whole: string[] = [];
  for (const block of text.match(/^```[^\n]*\n[^]*?^```/gm) ?? []) {
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) if (argvOf(line.trim()) !== null) whole.push(line.trim());
  }
  // A check run's name (`benchgate /benchmark (suite)`) is no command.
  const spans = [...text.matchAll(/`((?:npx )?benchgate (?!\/)[^`]+)`/g)].map((m) => m[1]!);
  return { whole, spans };
}

/** The flags' values, each checked by its option (choices, numbers, on/off, lists). */
function badValues(values: Record<string, string | undefined>): string[] {
  const bad: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || ELLIPSIS.has(value) || PLACEHOLDER.test(value) || value === 'true') continue;
    try {
      parseValue(optionSpec(name), { value, where: `--${name}` });
    } catch (error) {
      bad.push((error as Error).message);
    }
  }
  return bad;
}

async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  const code = await main(argv, { platform: localPlatform(sink, sink), output: { out: () => undefined, err: (t) => (err += t) } });
  return { code, err };
}

const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const WHOLE = DOCS.flatMap((file) => commandsIn(file).whole.map((line) => [file, line] as const));
const SPANS = DOCS.flatMap((file) => commandsIn(file).spans.map((line) => [file, line] as const));

describe('the command lines the docs show', () => {
  it('are found in README.md and docs/counts.md', () => {
    expect(WHOLE.filter(([file]) => file === 'README.md').length).toBeGreaterThanOrEqual(9);
    expect(SPANS.some(([file]) => file === 'docs/counts.md')).toBe(true);
  });

  it.each(WHOLE)('%s: `%s` parses whole, with values its options accept', async (_, line) => {
    seen.length = 0;
    const argv = argvOf(line)!;
    const r = await cli(argv);
    expect([r.code, r.err]).toEqual([0, '']);
    if (seen.length === 0) return; // --help, -V
    expect(badValues(seen[0]!.input.values)).toEqual([]);
  });

  it.each(SPANS)('%s: `%s` names a subcommand and flags it takes, with values they accept', (_, line) => {
    const argv = argvOf(line)!.filter((w) => !/^<.*>$/.test(w));
    const command = argv.find((w) => !w.startsWith('-'));
    if (command === undefined) return expect(argv.every((w) => ['--help', '-V', '--version'].includes(w))).toBe(true);
    expect(modules.map(([, , name]) => name)).toContain(command);
    const options = commandOptions(command as CommandName);
    const flags = argv.filter((w) => w.startsWith('--') && w !== '--help');
    expect(flags.filter((f) => !options.some((o) => `--${o.name}` === f))).toEqual([]);
    const values = Object.fromEntries(flags.map((f) => [f.slice(2), argv[argv.indexOf(f) + 1]]));
    expect(badValues(values)).toEqual([]);
  });
});

/** The fenced blocks of a markdown file in one language. */
const blocks = (file: string, lang: string) =>
  [...read(file).matchAll(new RegExp(`^\`\`\`${lang}\\n([^]*?)^\`\`\``, 'gm'))].map((m) => m[1]!);

/** Keys that are options take only values their option accepts (the rest: the Action's and the component's own). */
const badSettings = (settings: Record<string, unknown>) =>
  badValues(
    Object.fromEntries(
      Object.entries(settings)
        .filter(([key]) => commandOptions('run').some((o) => o.name === key))
        .map(([key, value]) => [key, String(value)]),
    ),
  );

describe("the README's other examples", () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  const sections = read('bench/index.ts');
  const npmRuns = ['README.md', 'docs/counts.md'].flatMap((file) => [...read(file).matchAll(/npm run ([\w-]+)(?: -- --only ([\w,-]+))?/g)]);

  it.each(npmRuns.map((m) => [m[0], m[1]!, m[2]] as const))(
    '`%s` runs a script that exists (and bench sections that exist)',
    (_, script, only) => {
      expect(scripts).toContain(script);
      for (const section of only?.split(',') ?? []) expect(sections).toMatch(new RegExp(`^\\s*'?${section}'?: \\{ run:`, 'm'));
    },
  );

  it('the workflow step and the Action snippet: inputs action.yml declares, with values they accept', () => {
    const inputs = Object.keys((parseYaml(read('action.yml')) as { inputs: Record<string, unknown> }).inputs);
    const withs = blocks('README.md', 'yaml').flatMap((text) => {
      const doc = parseYaml(text) as { jobs?: Record<string, { steps: { uses?: string; with?: object }[] }>; with?: object };
      const steps = Object.values(doc.jobs ?? {}).flatMap((job) => job.steps.filter((s) => s.uses?.includes('/benchgate@')));
      return [...steps.map((s) => s.with ?? {}), ...(doc.with ? [doc.with] : [])] as Record<string, unknown>[];
    });
    expect(withs.length).toBe(2);
    for (const given of withs) {
      expect(Object.keys(given).filter((key) => !inputs.includes(key))).toEqual([]);
      expect(badSettings(given)).toEqual([]);
    }
  });

  it("the GitLab includes: inputs the component's spec declares, with values they accept", () => {
    const spec = parseYaml(read('templates/benchgate.yml').split(/^---$/m)[0]!) as { spec: { inputs: Record<string, unknown> } };
    const includes = blocks('README.md', 'yaml').flatMap((text) =>
      ((parseYaml(text) as { include?: { inputs: Record<string, unknown> }[] }).include ?? []).map((i) => i.inputs),
    );
    expect(includes.length).toBe(2);
    for (const given of includes) {
      expect(Object.keys(given).filter((key) => !(key in spec.spec.inputs))).toEqual([]);
      expect(badSettings(given)).toEqual([]);
    }
  });

  it('the .benchgate.yml example: read as benchgate reads the file (keys it takes, values they accept)', () => {
    const files = blocks('README.md', 'yaml').filter((text) => text.startsWith('# .benchgate.yml'));
    expect(files.length).toBeGreaterThan(0);
    for (const text of files) {
      const layer = parseConfigText(text, '.benchgate.yml');
      expect(Object.keys(layer).length).toBeGreaterThan(0);
      expect(() => resolveConfig([sourced({ bench: 'true' }, (key) => `--${key}`), layer], '.')).not.toThrow();
    }
  });

  it('the benchgate JSON example is read as the benchgate format, every value', () => {
    const [example] = blocks('README.md', 'json').filter((text) => text.includes('"benchgate": 1'));
    const { benchmarks } = JSON.parse(example!) as { benchmarks: { name: string; values: number[] }[] };
    const parsed = parseOutput(example!, 'auto');
    expect(parsed.format).toBe('benchgate');
    expect(parsed.measurements.map((m) => [m.benchmark, m.values.length])).toEqual(benchmarks.map((b) => [b.name, b.values.length]));
  });
});

describe("docs/counts.md's numbers", () => {
  const doc = read('docs/counts.md').replace(/\s+/g, ' ');

  it('are the defaults (COUNT_DEFAULTS) and the looks they give', () => {
    const defaults =
      /`minRepetitions` (\d+), `maxRepetitions` \(the cap\) (\d+), so (\d+) looks; `maxAlpha` ([\d.]+); `poolGuard` ([\d.]+); `fallbackSpread` ([\d.]*\d)/.exec(
        doc,
      );
    expect(defaults?.slice(1).map(Number)).toEqual([
      COUNT_DEFAULTS.minRepetitions,
      COUNT_DEFAULTS.maxRepetitions,
      countLooks(),
      COUNT_DEFAULTS.maxAlpha,
      COUNT_DEFAULTS.poolGuard,
      COUNT_DEFAULTS.fallbackSpread,
    ]);
  });

  it('are the level and the k its example gives (alpha 0.05, 100 benchmarks, 4 looks; 400 df pooled, 4 of its own)', () => {
    const example =
      /the level is ([\d.]+)·10⁻([⁰¹²³⁴⁵⁶⁷⁸⁹]+) and k ≈ ([\d.]+) with the pool's (\d+) df \((\d+) with a benchmark's own (\d+) df/.exec(
        doc,
      );
    expect(example).not.toBeNull();
    const superscript = (s: string) => s.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (d) => String('⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(d)));
    const [mantissa, exponent, kPool, poolDf, kOwn, ownDf] = example!.slice(1).map((s) => Number(superscript(s))) as number[];
    const level = countLevel(100, 0.05, countLooks());
    expect(level).toBeCloseTo(mantissa! * 10 ** -exponent!, 15);
    expect(poolDf).toBe(100 * (3 - 1) * 2);
    expect(tQuantile(1 - level / 2, poolDf!)).toBeCloseTo(kPool!, 2);
    expect(Math.round(tQuantile(1 - level / 2, ownDf!))).toBe(kOwn);
  });
});
