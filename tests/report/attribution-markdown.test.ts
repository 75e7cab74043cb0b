/** summary.md's "Where the changes came from" (src/report/attribution-markdown.ts, through renderMarkdown). */
import { describe, expect, it } from '@jest/globals';
import { renderMarkdown } from '../../src/report/markdown.js';
import { comparison, result, uuidAttribution, xxhashAttribution } from '../builders.js';

const section = (md: string) => md.slice(md.indexOf('### Where the changes came from'));

describe('the job summary says where each flagged change came from', () => {
  const r = result([
    comparison({ benchmark: 'Sum64String/4B', verdict: 'improvement', changePct: -29, attribution: xxhashAttribution() }),
    comparison({ benchmark: 'ParseLen32Truncated', verdict: 'improvement', changePct: -64.7, attribution: uuidAttribution() }),
    comparison({ benchmark: 'Unflagged', verdict: 'inconclusive', changePct: 1, attribution: xxhashAttribution() }),
  ]);
  const md = section(renderMarkdown(r));

  it('a table per flagged benchmark: function, file, base and head per op, Δ with its interval, share', () => {
    expect(md).toContain(
      '#### 🟢 `Sum64String/4B` (`suite`): where it changed (instructions per op)\n\n' +
        '| function | file | base/op | head/op | Δ/op (interval) | share |\n|:--|:--|--:|--:|--:|--:|\n' +
        '| `github.com/cespare/xxhash/v2.Sum64String` | `xxhash_unsafe.go` | 26 | 0 | −26 (exact) | 116% |\n' +
        '| `github.com/cespare/xxhash/v2.BenchmarkSum64String.func1` | `bench_test.go` | 11 | 15 | +4 (exact) | −17.9% |\n',
    );
    expect(md).toContain(
      '| `runtime.mallocgcSmallScanNoHeader` | `/usr/local/go/src/runtime/malloc.go` | 132 | 0 | −132 [−133, −131] | 51.6% |',
    );
    expect(md).not.toContain('Unflagged');
  });

  it('then the inlining, the call path with its owner and what changed under it, and the share explained', () => {
    expect(md).toContain(
      '- Inlined: `xxhash/v2.Sum64String` (26 /op on base, gone on head) now counts in `xxhash/v2.BenchmarkSum64String.func1` (11 → 15 /op)\n' +
        '- These explain 98% of the change (76.8 → 54.4 /op).\n',
    );
    expect(md).toContain(
      '- Call path (inclusive): `uuid.BenchmarkParseLen32Truncated` 396 → 140 /op → `uuid.Parse` 395 → 140 /op (called 1 → 1 times per op)\n',
    );
    expect(md).toContain(': `uuid.Parse` 395 → 140 /op\n- Under it: `runtime.newobject` 241 → 0 /op (called 1 → 0 times per op)\n');
  });

  it('heads passes after a timed verdict "where the instructions changed", and says so when the functions explain under 90%', () => {
    const weak = result([
      comparison({
        benchmark: 'a',
        verdict: 'regression',
        changePct: 20,
        attribution: xxhashAttribution({ source: 'passes', explainedPct: 71.4, notes: ['counts-can-miss: the time changed far more'] }),
      }),
    ]);
    const text = section(renderMarkdown(weak));
    expect(text).toContain('#### 🔴 `a` (`suite`): where the instructions changed, per op\n');
    expect(text).toContain('- counts\\-can\\-miss: the time changed far more\n- These explain only 71% of the change');
  });

  it('gives up its blocks before any row when the summary is short of room', () => {
    const many = result(
      Array.from({ length: 12 }, (_, i) =>
        comparison({ benchmark: `b${i}`, verdict: 'regression', changePct: 10 + i, attribution: uuidAttribution() }),
      ),
    );
    const full = renderMarkdown(many);
    const maxBytes = full.length - 2000;
    const short = renderMarkdown(many, { maxBytes });
    expect(Buffer.byteLength(short)).toBeLessThanOrEqual(maxBytes);
    expect(short).not.toContain('more rows not shown');
    const blocks = (md: string) => (md.match(/^#### 🔴/gm) ?? []).length;
    expect(blocks(full)).toBe(12);
    expect(blocks(short)).toBeGreaterThan(0);
    expect(blocks(short)).toBeLessThan(12);
    expect(short).toContain(`${12 - blocks(short)} more in results.json (\`attribution\`).`);
  });
});
