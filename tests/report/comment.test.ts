/**
 * The PR comment / MR note (src/report/comment.ts): the headline says what the gate did, the
 * table of what changed comes next, notes one line each after it, and the whole stays within
 * 5 KB on a large suite. Its layout is the goldens' (comment*.md); these test its rules.
 */
import { describe, expect, it } from '@jest/globals';
import type { Comparison, Verdict } from '../../src/model.js';
import { checkHistoryUrl } from '../../src/config.js';
import { COMMENT_MAX_BYTES, MAX_ROWS, NOTE_PROVIDERS, commentSlots, renderComment } from '../../src/report/comment.js';
import { gateHeadline } from '../../src/report/gate-headline.js';
import { comparison, compared, result, summary, uuidAttribution, xxhashAttribution } from '../builders.js';
import { goSuiteResult } from './go-suite.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const tableRows = (md: string) => md.split('\n').filter((l) => l.startsWith('| `'));

describe('the comment on a 15-benchmark Go suite (3 metrics each, rounds auto)', () => {
  const md = renderComment(goSuiteResult(), { fullReport: 'the job summary' });

  it('says the gate passed with its improvements, and counts the benchmark it could not decide', () => {
    expect(md.split('\n')[0]).toBe('### ✅ benchgate passed: 2 improvements, 12 unchanged · 🟡 1 could not be decided');
  });

  it('puts the table right under the headline, and the diagnostics after it, one line each', () => {
    const lines = md.split('\n');
    expect(lines[2]).toMatch(/^\| benchmark \| base → head \|.*\| per round: base → head \|$/);
    expect(tableRows(md).map((l) => l.split(' | ')[0])).toEqual(['| `New-2`', '| `NewV7-2`', '| `ParseLen36Corrupted-2`']);
    const noisy = lines.findIndex((l) => l.includes('Too noisy for the threshold'));
    expect(noisy).toBeGreaterThan(lines.findIndex((l) => l.startsWith('| `ParseLen36Corrupted-2`')));
    expect(lines[noisy]).toMatch(/^- ⚠️/);
  });

  it('folds the unchanged rows into one line: gating ones by name, secondary ones counted', () => {
    expect(md).not.toMatch(/allocs\/op|B\/op/);
    expect(md).toContain('⚪ 12 unchanged: `Parse-2` −0.14%');
    expect(md).toContain('33 rows that do not gate unchanged too (the job summary has them all)');
  });

  it('stays within 5 KB', () => {
    expect(bytes(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
  });
});

describe('the comment on a large suite', () => {
  // 3000 benchmarks with long names, every fifth a regression of a different size, and long warnings.
  const comparisons: Comparison[] = Array.from({ length: 3000 }, (_, i) =>
    compared(`pkg/${'long_name_'.repeat(12)}${i}`, i % 5 === 0 ? 'regression' : 'unchanged', i % 5 === 0 ? 5 + (i % 97) : 0.1),
  );
  const warnings = Array.from({ length: 40 }, (_, i) => ({ code: 'high-load' as const, message: `warning ${i} ${'x'.repeat(400)}` }));
  const r = result(comparisons, { warnings });
  const md = renderComment(r, { fullReport: 'the job summary' });

  it('stays within 5 KB', () => {
    expect(bytes(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
  });

  it('shows the largest regressions first, capped, and says how many more the job summary has', () => {
    const rows = tableRows(md);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
    const changes = rows.map((l) => Number(/\| \+([\d.]+)% \[/.exec(l)![1]));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(changes[0]).toBe(101);
    expect(md).toContain(`…and ${600 - rows.length} more in the job summary.`);
  });

  it('lists at most three warnings, then says where the rest are', () => {
    expect(md.match(/^- ⚠️ warning/gm)).toHaveLength(3);
    expect(md).toContain('…and 37 more warnings in the job summary');
  });
});

describe("the table of an A/A run: the gate's rows before those that do not gate", () => {
  /** A benchmark's derived throughput: not gating, in B/s (Go's MB/s from SetBytes). */
  const throughput = (benchmark: string, verdict: Verdict): Comparison =>
    comparison({
      benchmark,
      metric: 'throughput',
      unit: 'B/s',
      better: 'higher',
      verdict,
      changePct: 12,
      gating: false,
      notGating: 'derived',
      base: summary(2_817_565_000),
      head: summary(3_155_672_800),
    });
  const name = (i: number) => `pkg.BenchmarkDecodeAndValidateRecords/size=${i}`;

  it('shows rows that do not gate only in the rows and bytes the gating ones leave', () => {
    // 3 undecided gating rows, 5 that do not gate, 2 unchanged gating: room for everything.
    const r = result([
      ...[0, 1, 2].map((i) => compared(name(i), 'inconclusive', 3 - i)),
      ...[3, 4].map((i) => compared(name(i), 'unchanged', 0.1)),
      ...[0, 1, 2, 3, 4].map((i) => throughput(name(i), 'improvement')),
    ]);
    const rows = tableRows(renderComment(r));
    expect(rows.map((l) => /\(not gating/.test(l))).toEqual([false, false, false, true, true, true, true, true]);
  });

  it("gives the unchanged gating benchmarks' names the room before any row that does not gate", () => {
    // 2 undecided gating rows, 150 unchanged gating ones and 20 throughput rows that moved: the
    // folded names take the room first, so no throughput row pushes a gating name out.
    const r = result([
      ...[0, 1].map((i) => compared(name(i), 'inconclusive', 3 - i)),
      ...Array.from({ length: 150 }, (_, i) => compared(name(100 + i), 'unchanged', 0.1)),
      ...Array.from({ length: 20 }, (_, i) => throughput(name(i), 'improvement')),
    ]);
    const md = renderComment(r, { fullReport: 'the job summary' });
    const rows = tableRows(md);
    const folded = md.split('\n').find((l) => l.startsWith('⚪ 150 unchanged'))!;
    expect(rows.filter((l) => !/\(not gating/.test(l))).toHaveLength(2);
    expect(folded).toMatch(/ and \d+ more \(the job summary has them all\)/);
    expect(rows).toHaveLength(2);
    expect(md).toContain(`…and ${22 - rows.length} more in the job summary.`);
    expect(bytes(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
  });

  it('prints throughput in readable units', () => {
    const md = renderComment(result([compared(name(0), 'inconclusive', 3), throughput(name(0), 'improvement')]));
    expect(md).toContain('2.82 GB/s → 3.16 GB/s');
    expect(md).not.toMatch(/\d{7,} B\/s/);
  });
});

describe('the headline', () => {
  const names = (verdicts: [string, Comparison['verdict']][]) => verdicts.map(([n, v]) => compared(n, v, v === 'regression' ? 10 : 0));

  it('fails with the regressions first', () => {
    const r = result(
      names([
        ['a', 'regression'],
        ['b', 'improvement'],
        ['c', 'unchanged'],
      ]),
    );
    expect(gateHeadline(r)).toBe('❌ benchgate failed: 1 regression, 1 improvement, 1 unchanged');
  });

  it('passes on improvements alone, and never hides an undecided gating benchmark', () => {
    const r = result(
      names([
        ['a', 'improvement'],
        ['b', 'inconclusive'],
        ['c', 'unchanged'],
      ]),
      { verdict: 'inconclusive' },
    );
    expect(gateHeadline(r)).toBe('✅ benchgate passed: 1 improvement, 1 unchanged · 🟡 1 could not be decided');
  });

  it('names the removed gating benchmarks, three and a count', () => {
    const r = result(
      names([
        ['old1', 'removed'],
        ['old2', 'removed'],
        ['old3', 'removed'],
        ['old4', 'removed'],
        ['a', 'unchanged'],
      ]),
    );
    expect(gateHeadline(r)).toBe('✅ benchgate passed: 1 unchanged · ➖ removed: `old1`, `old2`, `old3` and 1 more');
  });

  it('could not decide when a run failed or nothing was compared', () => {
    const failures = {
      runs: [{ suite: 's', side: 'head' as const, round: 1, error: 'boom' }],
      benchmarks: [],
      stopped: null,
      noResults: false,
    };
    expect(gateHeadline(result(names([['a', 'unchanged']]), { verdict: 'error', failures }))).toBe(
      '💥 benchgate could not decide: a run failed: 1 unchanged',
    );
    expect(gateHeadline(result([], { verdict: 'error' }))).toMatch(/^💥 benchgate could not decide: no benchmark results/);
  });

  it('says when a label or a gate that is off let a regression pass', () => {
    const regression = names([['a', 'regression']]);
    expect(gateHeadline(result(regression, { gateFailed: false }))).toBe(
      '⚠️ benchgate passed (gate off: fail-on none): 1 regression, 0 unchanged',
    );
    const overridden = result(regression, { gateFailed: false, override: { label: 'perf-ok', by: 'alice' } });
    expect(gateHeadline(overridden)).toBe(
      '⚠️ benchgate passed by the label “perf\\-ok”, applied by @\u2060alice: 1 regression, 0 unchanged',
    );
  });
});

describe('the slots', () => {
  it('takes a line from a note provider another issue adds, after the table', () => {
    NOTE_PROVIDERS.push(() => ['a line from another issue']);
    try {
      const r = result([comparison({ benchmark: 'a', verdict: 'regression', changePct: 10 })]);
      const slots = commentSlots(r);
      expect(slots.notes.at(-1)).toBe('a line from another issue');
      const md = renderComment(r);
      expect(md.indexOf('- a line from another issue')).toBeGreaterThan(md.indexOf('| `a`'));
    } finally {
      NOTE_PROVIDERS.pop();
    }
  });

  it('shows the platform links and where the full report is', () => {
    const r = result([compared('a', 'regression', 10), compared('b', 'unchanged', 0)]);
    const md = renderComment(r, {
      links: [{ text: 'job log', url: 'https://ci.example/job/1' }],
      fullReport: 'summary.md in the job artifacts',
    });
    expect(md).toContain('[job log](https://ci.example/job/1)');
    expect(md).toContain('(summary\\.md in the job artifacts has them all)');
  });

  it("links each flagged benchmark to its trend on main's site, by the name history records, largest first", () => {
    const go = (name: string, verdict: Verdict, pct: number) => ({ ...compared(name, verdict, pct, 'go'), benchmark: name });
    const r = result([go('BenchmarkA-8', 'regression', 10), go('BenchmarkB-8', 'improvement', -30), go('BenchmarkC-8', 'unchanged', 0)], {
      settings: { ...result([]).settings, format: 'go' },
    });
    const md = renderComment(r, { historyUrl: 'https://acme.github.io/widgets/' });
    const trends = md.split('\n').find((l) => l.includes('📈'))!;
    expect(trends).toBe(
      '📈 `B-8` on main: [trend](https://acme.github.io/widgets/#suite=go&benchmark=BenchmarkB&metric=time) · ' +
        '📈 `A-8` on main: [trend](https://acme.github.io/widgets/#suite=go&benchmark=BenchmarkA&metric=time)',
    );
    expect(renderComment(r)).not.toContain('📈');
  });

  it('keeps trend links inert and within 5 KB whatever the names: hostile and long ones go to the overview', () => {
    const hostile = '](javascript:alert(1)) <img src=x onerror=alert(1)> @everyone ' + 'x'.repeat(600);
    const names = [hostile, 'a)](https://evil.example)', ...Array.from({ length: 60 }, (_, i) => `Benchmark${i}${'y'.repeat(80)}`)];
    const r = result(names.map((n, i) => compared(n, 'regression', 10 + i)));
    const md = renderComment(r, { historyUrl: 'https://acme.github.io/widgets/' });
    expect(bytes(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
    const trends = md.split('\n').find((l) => l.includes('📈'))!;
    expect(trends).toMatch(/📈 \d+ more flagged: \[main's trends\]\(https:\/\/acme\.github\.io\/widgets\/\)$/);
    expect(trends).not.toContain('javascript:');
    expect(trends).not.toContain('](https://evil.example)');
  });

  it('refuses a history-url that is not an http(s) URL or carries a fragment', () => {
    expect(() => checkHistoryUrl('javascript:alert(1)', '--history-url')).toThrow('--history-url: the trend site');
    expect(() => checkHistoryUrl('https://a.example/#x', '--history-url')).toThrow('no #fragment');
    expect(() => checkHistoryUrl('not a url', '--history-url')).toThrow('is not a URL');
    expect(checkHistoryUrl('https://acme.github.io/widgets', 'x')).toBe('https://acme.github.io/widgets');
  });
});

describe("where a flagged benchmark's change came from", () => {
  const lines = (md: string) => md.split('\n');
  const lineAfter = (md: string, row: string) => lines(md)[lines(md).findIndex((l) => l.startsWith(row)) + 1];

  it('puts one line under the row: at most three functions, base → head per op, and what was inlined where', () => {
    const r = result([
      comparison({ benchmark: 'Sum64String/4B', verdict: 'improvement', changePct: -29, attribution: xxhashAttribution() }),
    ]);
    expect(lineAfter(renderComment(r), '| `Sum64String/4B`')).toBe(
      '| <sub>↳ where:<br>`xxhash/v2.Sum64String` 26 → 0 /op (inlined into `xxhash/v2.BenchmarkSum64String.func1`),<br>' +
        '`xxhash/v2.BenchmarkSum64String.func1` 11 → 15 /op</sub> | | | | |',
    );
  });

  it('leads with the owner of a call path, and what changed under it in calls per op', () => {
    const r = result([
      comparison({ benchmark: 'ParseLen32Truncated', verdict: 'improvement', changePct: -64.7, attribution: uuidAttribution() }),
    ]);
    expect(lineAfter(renderComment(r), '| `ParseLen32Truncated`')).toBe(
      '| <sub>↳ where:<br>`uuid.Parse` 395 → 140 /op:<br>`runtime.newobject` 1 → 0 calls/op</sub> | | | | |',
    );
  });

  it('says "where the instructions changed" for passes after a timed verdict, and nothing under rows not flagged', () => {
    const passes = xxhashAttribution({ source: 'passes' });
    const r = result([
      comparison({ benchmark: 'a', verdict: 'regression', changePct: 30, attribution: passes }),
      comparison({ benchmark: 'b', verdict: 'inconclusive', changePct: 3, attribution: passes }),
    ]);
    const md = renderComment(r);
    expect(lineAfter(md, '| `a`')).toMatch(/^\| <sub>↳ where the instructions changed:<br>`xxhash\/v2\.Sum64String` 26 → 0/);
    expect(lineAfter(md, '| `b`')).not.toContain('↳');
    expect(md.match(/↳/g)).toHaveLength(1);
  });

  it('drops these lines before any row: many flagged rows with long attributed names stay within 5 KB', () => {
    const long = (i: number, what: string) => `github.com/acme/${'deeply/nested/'.repeat(4)}pkg.${what}${i}${'Z'.repeat(150)}`;
    const attributed = (i: number) =>
      xxhashAttribution({
        functions: [0, 1, 2].map((k) => ({
          file: 'x.go',
          name: long(i, `F${k}_`),
          base: 100 * (k + 1),
          head: 50 * (k + 1),
          delta: -50 * (k + 1),
          interval: null,
          sharePct: 33,
        })),
        inlined: [],
      });
    const flagged = Array.from({ length: 40 }, (_, i) =>
      comparison({
        benchmark: `row${i}_${'y'.repeat(150)}`,
        verdict: i % 2 ? 'regression' : 'improvement',
        changePct: 50 - i,
        attribution: attributed(i),
      }),
    );
    const md = renderComment(result(flagged), { fullReport: 'the job summary' });
    const without = renderComment(result(flagged.map(({ attribution: _, ...c }) => c)), { fullReport: 'the job summary' });
    expect(bytes(md)).toBeLessThanOrEqual(COMMENT_MAX_BYTES);
    expect(tableRows(md)).toEqual(tableRows(without));
    expect(tableRows(md)).toHaveLength(MAX_ROWS);
    const where = lines(md).filter((l) => l.startsWith('| <sub>↳'));
    expect(where.length).toBeGreaterThan(0);
    expect(where.length).toBeLessThan(MAX_ROWS);
    // The first rows keep theirs: each line is right under its row.
    expect(lineAfter(md, tableRows(md)[0]!)).toBe(where[0]);
  });
});
