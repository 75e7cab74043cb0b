/**
 * pytest-benchmark `--benchmark-json` (and saved `.benchmarks/*.json`). Samples are `stats.data`
 * (seconds per call, one per round) when present, else the run's `stats.median`. Benchmarks are
 * named by `fullname` (`file.py::test[param]`): `name` alone repeats across files.
 */
import { JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import type { FormatParser } from './types.js';

const NAME = 'pytest-benchmark';
const shape = new JsonShape(NAME);

export const pytestBenchmark: FormatParser = {
  name: NAME,
  description: 'pytest-benchmark --benchmark-json',

  detect(text) {
    const start = head(text, 64 * 1024);
    return /^\s*\{/.test(start) && start.includes('"benchmarks"') && start.includes('"machine_info"') && start.includes('"stats"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const set = new MeasurementSet(NAME);
    shape.array(root.benchmarks, 'benchmarks').forEach((item, i) => {
      const path = `benchmarks[${i}]`;
      const benchmark = shape.object(item, path);
      const name = shape.optionalString(benchmark.fullname, `${path}.fullname`) ?? shape.string(benchmark.name, `${path}.name`);
      const stats = shape.object(benchmark.stats, `${path}.stats`);
      // Trimmed files end `data` with a placeholder string: only numbers are samples.
      const data =
        stats.data === undefined ? [] : shape.array(stats.data, `${path}.stats.data`).filter((v): v is number => typeof v === 'number');
      const values = data.length > 0 ? data : [shape.number(stats.median, `${path}.stats.median`)];
      for (const value of values) set.add(name, 'time', 's', 'lower', value);
    });
    return set.toArray();
  },
};
