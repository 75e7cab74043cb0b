import { describe, expect, it } from '@jest/globals';
import { nanobench } from '../../src/formats/nanobench.js';
import { pyperf } from '../../src/formats/pyperf.js';
import { FormatError } from '../../src/formats/types.js';
import { benchmarks, find, fixture, thrown } from './fixture.js';

const parse = (file: string) => pyperf.parse(fixture(`pyperf/${file}`));

describe('pyperf', () => {
  it('reads every benchmark of a Runner file: the values of each worker run, warmups left out', () => {
    const ms = parse('generated_pyperf2.10.0_runner_two_benchmarks.json');
    expect(benchmarks(ms)).toEqual(['sort 1000 ints', 'sum range(1000)']);
    const sort = find(ms, 'sort 1000 ints');
    expect(sort).toMatchObject({ unit: 's', better: 'lower' });
    expect(sort.values).toHaveLength(9); // --processes 3 --values 3
    expect(sort.values.slice(0, 3)).toEqual([0.0008227631250008471, 9.111312500920121e-6, 9.444593750629338e-6]);
    expect(sort.values).not.toContain(9.062937500914359e-6); // the warmup of run 1
  });

  it('reads --track-memory files in bytes', () => {
    const ms = parse('generated_pyperf2.10.0_track_memory_bytes.json');
    expect(find(ms, 'sum range(1000)', 'memory')).toMatchObject({ unit: 'B', better: 'lower' });
    expect(find(ms, 'sum range(1000)', 'memory').values).toEqual([12042240, 12034048]); // one per worker
  });

  it('names a pyperf timeit file by the name in its common metadata', () => {
    const ms = parse('generated_pyperf2.10.0_timeit_cli_single.json');
    expect(benchmarks(ms)).toEqual(['join']);
    expect(find(ms, 'join').values).toHaveLength(4);
  });

  it('reads nanobench templates::pyperf() the same, under either format name', () => {
    const text = fixture('nanobench/generated_v4.3.11_run1_templates_pyperf.json');
    const strip = ({ benchmark, metric, unit, values }: { benchmark: string; metric: string; unit: string; values: number[] }) => ({
      benchmark,
      metric,
      unit,
      values,
    });
    expect(pyperf.parse(text).map(strip)).toEqual(nanobench.parse(text).map(strip));
    expect(pyperf.parse(text)[0]!.values).toHaveLength(20);
  });

  it('rejects a unit pyperf does not write, naming the path', () => {
    const json = JSON.parse(fixture('pyperf/generated_pyperf2.10.0_timeit_cli_single.json'));
    json.metadata.unit = 'parsec';
    const error = thrown(() => pyperf.parse(JSON.stringify(json)));
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toBe('pyperf: expected unit second, byte or integer at benchmarks[0].metadata.unit, got "parsec"');
  });
});
