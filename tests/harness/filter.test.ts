import { describe, expect, it } from '@jest/globals';
import { formats } from '../../src/formats/index.js';
import { buildFilter, expandFilterPlaceholder, FILTER_FORMATS, wholeSuiteFilter, type FilterOutcome } from '../../src/harness/index.js';

/** Names a pull request could print: regex metacharacters, quotes, spaces, a newline, unicode. */
const HOSTILE = [
  'a.b',
  'a*b',
  '(x|y)',
  '[z]',
  'n{1,2}',
  '^start$',
  'back\\slash',
  `q"uote'`,
  'sp ace',
  'new\nline',
  'plus+?',
  'dash-1',
  '#hash &amp ~tilde',
  'ünïcode',
  'sl/ash',
  'a',
];

const valueOf = (out: FilterOutcome): string => {
  if (out.kind !== 'filter' || !('value' in out.filter)) throw new Error(`expected a one-argument filter, got ${JSON.stringify(out)}`);
  return out.filter.value;
};

describe.each([
  // The JavaScript engine reads each syntax's escapes the same way for these patterns.
  ['google-benchmark', 'search'],
  ['bench-bitcoin-csv', 'full'],
  ['jmh', 'search'],
  ['criterion', 'search'],
] as const)('%s regular expression', (format, matching) => {
  const selected = (value: string) => {
    const re = new RegExp(matching === 'full' ? `^(?:${value})$` : value);
    return HOSTILE.filter((n) => re.test(n));
  };

  it.each(HOSTILE.map((n) => [n]))('selects exactly %j', (name) => {
    expect(selected(valueOf(buildFilter(format, [name], HOSTILE)))).toEqual([name]);
  });

  it('selects exactly a set of hostile names', () => {
    const open = HOSTILE.filter((_, i) => i % 3 === 0);
    expect(selected(valueOf(buildFilter(format, open, HOSTILE)))).toEqual(open);
  });
});

describe('jmh', () => {
  it('matches the benchmark method, without the params benchgate appends', () => {
    const value = valueOf(buildFilter('jmh', ['org.ex.Bench.run(size=10, mode=a b)'], []));
    expect(new RegExp(value).test('org.ex.Bench.run')).toBe(true);
    expect(new RegExp(value).test('org.ex.Bench.runs')).toBe(false);
  });
});

/**
 * Go's matcher (testing/match.go): the pattern splits on unbracketed, unescaped `/` (levels)
 * and `|` (alternatives); a benchmark runs when every level of its name matches its level's
 * regexp, unanchored. Ported here as the test's oracle.
 */
function goSelects(pattern: string, name: string): boolean {
  const alternatives: string[][] = [];
  let levels: string[] = [];
  let s = pattern;
  let brackets = 0;
  let parens = 0;
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if (c === '[') brackets++;
    else if (c === ']') brackets = Math.max(0, brackets - 1);
    else if (c === '(' && brackets === 0) parens++;
    else if (c === ')' && brackets === 0) parens--;
    else if (c === '\\') i++;
    else if ((c === '/' || c === '|') && brackets === 0 && parens === 0) {
      levels.push(s.slice(0, i));
      s = s.slice(i + 1);
      i = 0;
      if (c === '|') {
        alternatives.push(levels);
        levels = [];
      }
      continue;
    }
    i++;
  }
  levels.push(s);
  alternatives.push(levels);
  const elements = name.split('/');
  return alternatives.some((alt) => elements.every((e, i) => i >= alt.length || new RegExp(alt[i]!).test(e)));
}

describe('go test -bench', () => {
  // As benchgate names them: package-qualified, with the GOMAXPROCS suffix Go prints after matching.
  const printed = [
    'example.com/m/pkg.BenchmarkA-8',
    'example.com/m/pkg.BenchmarkA2-8',
    'example.com/m/pkg.BenchmarkB/case_(1)|x-8',
    'example.com/m/pkg.BenchmarkB/case_[2]*-8',
    'example.com/m/pkg.BenchmarkB/n=10-8',
    'example.com/m/other.BenchmarkC/a.b/deep^$-8',
    'BenchmarkBare',
  ];
  /** What Go matches: the name without package, each level as Go built it (no suffix). */
  const goName = (n: string) => n.replace(/^.*?\.(?=Benchmark)/, '').replace(/-8$/, '');
  const selected = (value: string) => printed.filter((n) => goSelects(value, goName(n)));

  it.each(printed.map((n) => [n]))('selects exactly %j', (name) => {
    expect(selected(valueOf(buildFilter('go', [name], printed)))).toEqual([name]);
  });

  it('selects exactly a set across packages and levels', () => {
    const open = [printed[0]!, printed[3]!, printed[5]!];
    expect(selected(valueOf(buildFilter('go', open, printed)))).toEqual(open);
  });

  it('accepts a last level with or without the -N suffix (a sub-benchmark may be named "n-10")', () => {
    const value = valueOf(buildFilter('go', ['pkg.BenchmarkX/n-10'], []));
    expect(goSelects(value, 'BenchmarkX/n-10')).toBe(true);
    expect(goSelects(value, 'BenchmarkX/n')).toBe(true);
    expect(goSelects(value, 'BenchmarkX/n-1')).toBe(false);
  });

  it('runs everything in whole-suite rounds with ".", never the empty pattern (no benchmark at all)', () => {
    expect(wholeSuiteFilter('go')).toEqual({ value: '.' });
  });
});

describe('cargo bench (libtest, substring match)', () => {
  it('uses the one name, or the longest substring common to the open names', () => {
    expect(valueOf(buildFilter('cargo-bench', ['parse::small'], ['parse::small', 'parse::large', 'emit']))).toBe('parse::small');
    expect(valueOf(buildFilter('cargo-bench', ['parse::small', 'parse::large'], ['parse::small', 'parse::large', 'emit']))).toBe('parse::');
  });

  it('runs the whole suite when no substring is narrower than everything', () => {
    expect(buildFilter('cargo-bench', ['ab', 'ba'], ['ab', 'ba', 'aba'])).toEqual({ kind: 'whole-suite', reason: 'no-narrower' });
    expect(buildFilter('cargo-bench', ['x', 'y'], ['x', 'y'])).toEqual({ kind: 'whole-suite', reason: 'no-narrower' });
  });
});

describe('BenchmarkDotNet --filter glob', () => {
  const all = ['Ns.Parse.Small(N: 10) [Job-A]', 'Ns.Parse.Large(N: 10)', 'Ns.Emit.Run'];

  it('is the name itself for one benchmark (without the job benchgate appends)', () => {
    expect(valueOf(buildFilter('benchmarkdotnet', [all[0]!], all))).toBe('Ns.Parse.Small(N: 10)');
  });

  it('is the common prefix and suffix around * for several', () => {
    expect(valueOf(buildFilter('benchmarkdotnet', [all[0]!, all[1]!], all))).toBe('Ns.Parse.*(N: 10)');
  });

  it('falls back to the whole suite when the glob would select everything', () => {
    expect(buildFilter('benchmarkdotnet', ['Ns.A', 'Other.B'], ['Ns.A', 'Other.B'])).toEqual({
      kind: 'whole-suite',
      reason: 'no-narrower',
    });
  });
});

describe('Catch2 test spec', () => {
  it('quotes each test case, escapes backslash, quote and comma, and also matches test cases named with " / "', () => {
    const value = valueOf(buildFilter('catch2', ['parse, "fast" \\ x / section / bench', 'emit / bench'], []));
    expect(value).toBe(String.raw`"parse\, \"fast\" \\ x","parse\, \"fast\" \\ x / *","emit","emit / *"`);
  });

  it('runs the default selection in whole-suite rounds (an empty spec)', () => {
    expect(wholeSuiteFilter('catch2')).toEqual({ value: '' });
  });
});

describe('pytest-benchmark node ids', () => {
  it('go to an @file of arguments, one node id per line (pytest -k cannot select parametrised ids)', () => {
    expect(buildFilter('pytest-benchmark', ['t.py::test_a[1-x y]', 't.py::test_b["q"]'], [])).toEqual({
      kind: 'filter',
      filter: { argsFile: ['t.py::test_a[1-x y]', 't.py::test_b["q"]'] },
    });
    expect(wholeSuiteFilter('pytest-benchmark')).toEqual({ argsFile: [] });
  });

  it('cannot express a node id with a newline: whole suite', () => {
    expect(buildFilter('pytest-benchmark', ['t.py::test[a\nb]'], [])).toEqual({ kind: 'whole-suite', reason: 'unrepresentable' });
  });
});

describe('any format', () => {
  it('a custom harness (benchgate format) gets the exact names as a JSON array', () => {
    expect(JSON.parse(valueOf(buildFilter('benchgate', HOSTILE, HOSTILE)))).toEqual(HOSTILE);
  });

  it('whole-suite values never select nothing', () => {
    for (const format of FILTER_FORMATS) expect(wholeSuiteFilter(format)).not.toBeNull();
    expect(wholeSuiteFilter('google-benchmark')).toEqual({ value: '.' });
    expect(wholeSuiteFilter('bench-bitcoin-csv')).toEqual({ value: '.*' });
    expect(wholeSuiteFilter('benchmarkdotnet')).toEqual({ value: '*' });
  });

  it('no filter for harnesses that cannot select: whole-suite rounds', () => {
    const unfiltered = ['command', ...formats.map((f) => f.name).filter((name) => !FILTER_FORMATS.includes(name))];
    expect(unfiltered).toEqual(expect.arrayContaining(['command', 'hyperfine', 'nanobench', 'js']));
    for (const format of unfiltered) {
      expect(buildFilter(format, ['a'], ['a', 'b'])).toEqual({ kind: 'whole-suite', reason: 'unsupported' });
      expect(wholeSuiteFilter(format)).toBeNull();
    }
  });

  it('a filter longer than one argument may be falls back to the whole suite', () => {
    const many = Array.from({ length: 3000 }, (_, i) => `benchmark_with_a_long_name_${i}`);
    expect(buildFilter('google-benchmark', many, [...many, 'x'], 128 * 1024)).toEqual({ kind: 'filter', filter: expect.anything() });
    expect(buildFilter('google-benchmark', many, [...many, 'x'], 10_000)).toEqual({ kind: 'whole-suite', reason: 'too-long' });
  });

  it('refuses an empty set of open benchmarks (it would mean all, or none)', () => {
    expect(() => buildFilter('go', [], ['a'])).toThrow(/no open benchmark/);
  });

  it('{filter} expands to the quoted variable, never to names', () => {
    expect(expandFilterPlaceholder('go test -bench {filter} ./... && echo {filter}')).toBe(
      'go test -bench "$BENCHGATE_FILTER" ./... && echo "$BENCHGATE_FILTER"',
    );
  });
});

/**
 * Hostile names for the syntaxes above that had no such test: Go sub-benchmark names with quotes
 * and regex metacharacters (Go itself turns spaces into `_`), libtest substrings, BenchmarkDotNet
 * globs and Catch2 test specs, each read back by an oracle of the harness's own matching rules.
 */
describe('hostile names in every syntax', () => {
  it('go: quotes, backslashes and metacharacters in sub-benchmark names select exactly themselves', () => {
    const printed = [
      `example.com/m.BenchmarkQ/"double"-8`,
      `example.com/m.BenchmarkQ/'single'-8`,
      'example.com/m.BenchmarkQ/back\\slash-8',
      'example.com/m.BenchmarkQ/a+b{1,2}?-8',
      'example.com/m.BenchmarkQ/$(touch_x)-8',
      'example.com/m.BenchmarkQ/plain-8',
    ];
    const goName = (n: string) => n.replace(/^.*?\.(?=Benchmark)/, '').replace(/-8$/, '');
    for (const name of printed) {
      const value = valueOf(buildFilter('go', [name], printed));
      expect(printed.filter((n) => goSelects(value, goName(n)))).toEqual([name]);
    }
  });

  it('cargo-bench: the substring selects every open name and is never a pattern', () => {
    for (const name of HOSTILE) {
      const out = buildFilter('cargo-bench', [name], HOSTILE);
      // One name is its own substring: libtest may select more (substring), never fewer.
      expect(valueOf(out)).toBe(name);
    }
    const open = ['(x|y)', '(x|y) [z]'];
    expect(valueOf(buildFilter('cargo-bench', open, [...open, 'other']))).toBe('(x|y)');
  });

  /** BenchmarkDotNet's --filter: `*` and `?` wildcards over the whole name, case-insensitive; other characters literal. */
  const dotnetSelects = (glob: string, name: string) =>
    new RegExp(
      `^${glob
        .split('')
        .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.*+?()[\]{}|/-]/g, (m) => `\\${m}`)))
        .join('')}$`,
      'is',
    ).test(name);

  it('benchmarkdotnet: every hostile name is selected by its glob; only names differing by a wildcard are selected besides', () => {
    for (const name of HOSTILE) {
      const out = buildFilter('benchmarkdotnet', [name], HOSTILE);
      if (out.kind === 'whole-suite') continue;
      const glob = valueOf(out);
      const selected = HOSTILE.filter((n) => dotnetSelects(glob, n));
      expect(selected).toContain(name);
      // Over-selection only where the name itself holds a wildcard character.
      if (!/[*?]/.test(name)) expect(selected).toEqual([name]);
    }
    const open = ['Ns.Q("a b").Run', 'Ns.Q("a c").Run'];
    const glob = valueOf(buildFilter('benchmarkdotnet', open, [...open, 'Ns.Other']));
    expect(open.every((n) => dotnetSelects(glob, n))).toBe(true);
    expect(dotnetSelects(glob, 'Ns.Other')).toBe(false);
  });

  /**
   * Catch2's test spec parser (TestSpecParser): `,` separates patterns unless escaped, `\` escapes
   * the next character, `"..."` quotes a name; a leading or trailing `*` is a wildcard; matching is
   * case-insensitive on the test case name.
   */
  function catch2Patterns(spec: string): string[] {
    const patterns: string[] = [];
    let current = '';
    let quoted = false;
    for (let i = 0; i < spec.length; i++) {
      const c = spec[i]!;
      if (c === '\\') current += spec[++i] ?? '';
      else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        patterns.push(current);
        current = '';
      } else if (c === ',') {
        // An unescaped comma ends the pattern even inside quotes: the filter must never emit one.
        throw new Error(`unescaped comma inside a quoted name in ${JSON.stringify(spec)}`);
      } else current += c;
    }
    patterns.push(current);
    return patterns;
  }
  const catch2Selects = (spec: string, testCase: string) =>
    catch2Patterns(spec).some((p) => {
      const name = testCase.toLowerCase();
      let q = p.toLowerCase();
      const starts = q.startsWith('*');
      const ends = q.endsWith('*') && q.length > 1;
      q = q.slice(starts ? 1 : 0, ends ? -1 : undefined);
      if (starts && ends) return name.includes(q);
      if (starts) return name.endsWith(q);
      if (ends) return name.startsWith(q);
      return name === q;
    });

  it('catch2: every hostile test case (quotes, commas, backslashes, brackets, spaces) is selected by its spec', () => {
    const cases = [...HOSTILE.filter((n) => !n.includes('\n')), 'a, b', 'x\\,y', '"quoted"', 'tag [fast]'];
    for (const testCase of cases) {
      const spec = valueOf(buildFilter('catch2', [`${testCase} / bench`], []));
      expect(catch2Selects(spec, testCase)).toBe(true);
      const others = cases.filter((c) => c !== testCase && catch2Selects(spec, c));
      // Only a name that holds a wildcard itself may select another.
      if (!testCase.includes('*')) expect(others).toEqual([]);
    }
  });

  it('pytest-benchmark: hostile node ids go to the @file as they are, one a line', () => {
    const ids = HOSTILE.filter((n) => !n.includes('\n')).map((n) => `t.py::test[${n}]`);
    expect(buildFilter('pytest-benchmark', ids, [])).toEqual({ kind: 'filter', filter: { argsFile: ids } });
  });
});
