import { describe, expect, it } from '@jest/globals';
import { nanobench } from '../../src/formats/nanobench.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => nanobench.parse(fixture(`nanobench/${file}`));
const GENERATED = ['std::mt19937_64', 'std::mt19937_64 minEpochIterations', 'vector<char> push_back 1000', 'sleep 2ms'];

describe('nanobench', () => {
  it('reads every table of the markdown output, time per unit in seconds', () => {
    const ms = parse('generated_v4.3.11_run1_markdown.txt');
    expect(benchmarks(ms)).toEqual(GENERATED);
    expect(find(ms, 'sleep 2ms')).toEqual({
      benchmark: 'sleep 2ms',
      metric: 'time',
      unit: 's',
      better: 'lower',
      values: [2069220e-9],
      role: 'primary',
    });
    expect(find(ms, 'vector<char> push_back 1000').values[0]).toBeCloseTo(0.67e-9, 20);
    expect(ms.every((m) => m.metric === 'time')).toBe(true);
  });

  it('skips the perf note and reads perf-counter columns', () => {
    expect(benchmarks(parse('generated_v4.6.0_run1_markdown_with_perf_note.txt'))).toEqual(GENERATED);
    const ms = parse('comparisons_out_markdown_with_unstable_row.txt');
    expect(benchmarks(ms)).toEqual(['x += x', 'sleep 10ms', 'random fluctuations']);
    expect(find(ms, 'random fluctuations', 'ins/op')).toMatchObject({
      values: [2815.05],
      better: 'lower',
      role: 'secondary',
      deterministic: true,
    });
    expect(find(ms, 'random fluctuations', 'cyc/op')).toMatchObject({ role: 'secondary' });
    expect(find(ms, 'random fluctuations', 'cyc/op').deterministic).toBeUndefined();
    expect(find(ms, 'random fluctuations', 'IPC')).toMatchObject({ values: [1.185], better: 'higher', role: 'derived' });
    expect(find(ms, 'random fluctuations').values).toEqual([744.5e-9]);
  });

  it('reads tables with relative and 95% CI columns and a custom unit', () => {
    expect(benchmarks(parse('tutorial_markdown_compare_ci_table.txt'))).toEqual(['murmurhash3', 'cheap']);
    const ms = parse('tutorial_markdown_relative_rng_table.txt');
    expect(benchmarks(ms)).toHaveLength(14);
    expect(find(ms, 'WyRng').values[0]).toBeCloseTo(0.69e-9, 20);
    expect(find(ms, 'WyRng', 'ins/uint64_t').values).toEqual([6]);
  });

  it('reads one sample per epoch from templates::json(), per unit of the batch', () => {
    const ms = parse('generated_v4.3.11_run1_templates_json.json');
    expect(benchmarks(ms)).toEqual(GENERATED);
    expect(find(ms, 'std::mt19937_64').values).toHaveLength(11);
    expect(find(ms, 'sleep 2ms').values).toHaveLength(5);
    // batch(1000): elapsed is per iteration of 1000 bytes, the table's ns/byte is elapsed / 1000.
    expect(find(ms, 'vector<char> push_back 1000').values[0]).toBeCloseTo(8.74711e-7 / 1000, 20);
    expect(find(ms, 'std::mt19937_64').values[0]).toBeCloseTo(7.89861e-9, 20);
    expect(benchmarks(parse('docs_mustache_render_json_template.json'))).toEqual(['std::mt19937_64', 'std::knuth_b']);
  });

  it('reads templates::pyperf() and templates::csv()', () => {
    const pyperf = parse('generated_v4.3.11_run1_templates_pyperf.json');
    expect(pyperf).toHaveLength(1);
    expect(pyperf[0]).toMatchObject({ benchmark: 'std::mt19937_64 pyperf', unit: 's' });
    expect(pyperf[0]!.values).toHaveLength(20);
    expect(parse('docs_mustache_render_csv_template.csv').map((m) => [m.benchmark, m.values])).toEqual([
      ['std::mt19937_64', [2.54441805225653e-8]],
      ['std::knuth_b', [3.19013867488444e-8]],
    ]);
  });

  it('turns :boom: into a failed measurement and reads complexityN, skipping the Big-O table', () => {
    const text = [
      '|   complexityN |               ns/op |                op/s |    err% |     total | benchmark',
      '|--------------:|--------------------:|--------------------:|--------:|----------:|:----------',
      '|            10 |               12.00 |       83,333,333.33 |    0.1% |      0.01 | `set find`',
      '|           100 |               25.00 |       40,000,000.00 |    0.1% |      0.01 | `set find`',
      '|             - |                   - |                   - |       - |         - | :boom: `crashes`',
      '',
      '|   coefficient |   err% | complexity',
      '|--------------:|-------:|------------',
      '|   6.66562e-09 |  29.1% | O(n log n)',
    ].join('\n');
    const ms = nanobench.parse(text);
    expect(ms.map((m) => [m.benchmark, m.complexityN, m.values, m.failed])).toEqual([
      ['set find', 10, [12e-9], undefined],
      ['set find', 100, [25e-9], undefined],
      ['crashes', undefined, [], 'nanobench reported :boom:'],
    ]);
  });

  it('names the line of a row that is not a number', () => {
    const error = thrown(() => nanobench.parse('| ns/op | err% | total | benchmark\n|---:|---:|---:|:--\n| abc | 1% | 0.1 | `x`\n'));
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ line: 3 });
  });
});
