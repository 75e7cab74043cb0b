/** Display names (src/report/names.ts): shorter than the raw name, the same in every report. */
import { describe, expect, it } from '@jest/globals';
import { renderCodeQuality } from '../../src/report/codequality.js';
import { renderHtml } from '../../src/report/html/render.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { namesOf, splitName } from '../../src/report/names.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { planAnnotations } from '../../src/report/github-annotations.js';
import { compared, result } from '../builders.js';

describe('splitName', () => {
  it.each([
    ['example.com/pkg.BenchmarkFoo-2', { pkg: 'example.com/pkg', name: 'Foo-2' }],
    ['example.com/pkg.BenchmarkFoo/size=1.5-8', { pkg: 'example.com/pkg', name: 'Foo/size=1.5-8' }],
    ['BenchmarkFoo-8', { name: 'Foo-8' }],
    // A function named Benchmark alone keeps its name; `Benchmarking` is no Go benchmark.
    ['pkg.Benchmark-8', { name: 'pkg.Benchmark-8' }],
    ['Benchmarking', { name: 'Benchmarking' }],
    ['tests/test_parse.py::test_json[large]', { pkg: 'tests/test_parse.py', name: 'test_json[large]' }],
    ['tests/test_x.py::TestY::test_z', { pkg: 'tests/test_x.py', name: 'TestY::test_z' }],
    ['org.example.bench.ParseBench.json(size=1.5)', { pkg: 'org.example.bench', name: 'ParseBench.json(size=1.5)' }],
    // Shown as written: criterion groups, Google Benchmark, BenchmarkDotNet, JS names with dots.
    ['parse/json/1024', { name: 'parse/json/1024' }],
    ['BM_sort/800', { name: 'BM_sort/800' }],
    ['MyApp.Benchmarks.Parser.Json(N: 10)', { name: 'MyApp.Benchmarks.Parser.Json(N: 10)' }],
    ['Array.prototype.map', { name: 'Array.prototype.map' }],
  ])('%s', (raw, expected) => {
    expect(splitName(raw)).toEqual(expected);
  });
});

describe('display names in every report', () => {
  const onePackage = result([
    compared('example.com/pkg.BenchmarkEncode-2', 'regression', 20, 'go'),
    compared('example.com/pkg.BenchmarkDecode-2', 'unchanged', 0.1, 'go'),
  ]);
  const twoPackages = result([
    compared('example.com/a.BenchmarkEncode-2', 'regression', 20, 'go'),
    compared('example.com/b.BenchmarkEncode-2', 'improvement', -20, 'go'),
  ]);

  it('adds the package as a suffix only when the suite has several', () => {
    expect(onePackage.comparisons.map(namesOf(onePackage).full)).toEqual(['Encode-2', 'Decode-2']);
    expect(twoPackages.comparisons.map(namesOf(twoPackages).full)).toEqual(['Encode-2 (example.com/a)', 'Encode-2 (example.com/b)']);
  });

  it('heads the markdown and terminal tables with the package', () => {
    const md = renderMarkdown(twoPackages);
    expect(md).toContain('#### `go` · pkg: `example.com/a`');
    expect(md).toContain('#### `go` · pkg: `example.com/b`');
    expect(md).toMatch(/^\| `Encode-2` \|/m);
    expect(md).not.toContain('BenchmarkEncode');
    const text = renderTerminal(twoPackages);
    expect(text).toContain('suite go · pkg: example.com/a');
    expect(text).toMatch(/^Encode-2 /m);
    expect(text).not.toContain('BenchmarkEncode');
  });

  it('names the benchmark the same way in JUnit, Code Quality, HTML and annotations', () => {
    const name = 'Encode-2 (example.com/a)';
    expect(renderJunit(twoPackages)).toContain(`name="${name}"`);
    expect(renderCodeQuality(twoPackages)).toContain(`Benchmark regression ${name} `);
    expect(renderHtml(twoPackages)).toContain(name);
    const plan = planAnnotations(twoPackages, { locate: () => undefined });
    expect(plan.annotations.map((a) => a.message.split(':')[0])).toEqual([name, 'Encode-2 (example.com/b)']);
  });
});
