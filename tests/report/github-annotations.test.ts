/**
 * The GitHub annotations view (src/report/github-annotations.ts): 10 per kind, largest first, the
 * rest counted, one line of plain text each, pointing at the file a benchmark's name names or at
 * the config's source (located by the GitHub publisher, src/platforms/github-publisher.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configuredLocation } from '../../src/platforms/github-publisher.js';
import { ANNOTATIONS_PER_KIND, omittedNotes, planAnnotations, sourceLocation } from '../../src/report/github-annotations.js';
import { ROOT } from '../e2e/helpers.js';
import { compared, result } from '../builders.js';

const CORPUS = JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/github/corpus.json'), 'utf8')) as string[];
const HARDER = [...CORPUS, 'a\\|b', '`tick` and ``two``', '#12 www.example.com <script>x</script>', 'line\nbreak'];

describe('annotation plan', () => {
  const regressions = Array.from({ length: 14 }, (_, i) => compared(`r${i}`, 'regression', 10 + i));
  const improvements = Array.from({ length: 3 }, (_, i) => compared(`i${i}`, 'improvement', -10 - i));
  const none = () => undefined;

  it('annotates at most 10 regressions as errors, the largest first, and counts the rest', () => {
    const plan = planAnnotations(result([...regressions, ...improvements]), { locate: none });
    const errors = plan.annotations.filter((a) => a.kind === 'error');
    expect(errors).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(errors[0]!.message).toMatch(/^r13: \+23\.0%/);
    expect(errors.map((a) => a.message.split(':')[0])).not.toContain('r3');
    expect(plan.annotations.filter((a) => a.kind === 'notice')).toHaveLength(3);
    expect(plan.omitted).toEqual({ error: 4, warning: 0, notice: 0 });
    expect(omittedNotes(plan.omitted)).toEqual([expect.stringMatching(/^4 more regressions \(errors\) are not annotated/)]);
  });

  it('makes regressions warnings when the gate is off', () => {
    const plan = planAnnotations(result(regressions.slice(0, 2), { gateFailed: false }), { locate: none });
    expect(plan.annotations.map((a) => a.kind)).toEqual(['warning', 'warning']);
  });

  it('escapes the corpus into one line of plain text per annotation', () => {
    const plan = planAnnotations(result(HARDER.map((n) => compared(n, 'regression', 30))), { locate: none });
    for (const a of plan.annotations) {
      expect(a.message).not.toMatch(/[\r\n]|@everyone|http:\/\//);
      expect(a.title).toBe('benchgate: Regression in suite');
    }
    expect(plan.annotations.map((a) => a.message.replaceAll('\u2060', ''))).toContainEqual(
      expect.stringMatching(/^\[click\]\(http:\/\/x\): /),
    );
  });

  it('points at the source file a benchmark name names, and nowhere else', () => {
    const files = new Set(['tests/test_io.py', 'bench/sort.js']);
    const locate = (f: string) => (files.has(f) ? f : undefined);
    expect(sourceLocation('tests/test_io.py::test_read[big]', locate)).toEqual({ file: 'tests/test_io.py' });
    expect(sourceLocation('bench/sort.js:12', locate)).toEqual({ file: 'bench/sort.js', line: 12 });
    expect(sourceLocation('bench/../sort.js', locate)).toBeUndefined();
    expect(sourceLocation('BenchmarkSort/1024', locate)).toBeUndefined();
    expect(sourceLocation('missing.py::x', locate)).toBeUndefined();
  });

  it("points the other benchmarks at the config's source file, when it exists", () => {
    const locate = (f: string) => (f === 'bench/sort.js' ? f : undefined);
    expect(configuredLocation('bench/sort.js:40', locate)).toEqual({ file: 'bench/sort.js', line: 40 });
    expect(configuredLocation('bench/sort.js', locate)).toEqual({ file: 'bench/sort.js' });
    expect(configuredLocation('bench/gone.js', locate)).toBeUndefined();
    const both = result([compared('BenchmarkSort', 'regression', 30), compared('bench/sort.js:12', 'regression', 20)]);
    const plan = planAnnotations(both, { locate, fallback: { file: 'bench/main.go', line: 3 } });
    expect(plan.annotations.map((a) => [a.file, a.line])).toEqual([
      ['bench/main.go', 3],
      ['bench/sort.js', 12],
    ]);
  });
});
