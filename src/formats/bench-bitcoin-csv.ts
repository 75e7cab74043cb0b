/**
 * bench_bitcoin's CSV: "# Benchmark, evals, iterations, total, min, max, median", one row per benchmark.
 * min/max/median are seconds per iteration over the evals; `average` is derived as total / (evals x iterations).
 */
import { lines } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { parseDecimal } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'bench-bitcoin-csv';
const HEADER = /^# Benchmark, evals, iterations, total, min, max, median\s*$/;

export const benchBitcoinCsv: FormatParser = {
  name: NAME,
  description: 'bench_bitcoin CSV (# Benchmark, evals, iterations, total, min, max, median)',

  detect(text) {
    for (const line of lines(text.slice(0, 16 * 1024))) {
      if (HEADER.test(line.text)) return true;
      if (line.number >= 20) break;
    }
    return false;
  },

  parse(text) {
    // The median is bench_bitcoin's headline; min, max and the average summarise the same evals.
    const set = new MeasurementSet(NAME, (metric) => ({ role: metric === 'time' ? 'primary' : 'secondary' }));
    let inTable = false;
    for (const line of lines(text)) {
      if (!inTable) {
        inTable = HEADER.test(line.text);
        continue;
      }
      // The main table ends at a blank line, a "---" banner or another table's header.
      if (line.text.trim() === '' || line.text.startsWith('---') || line.text.startsWith('#')) break;
      // Names may contain ", " (nanobench-era names); the six numeric columns are always the last six.
      const cells = line.text.split(', ');
      if (cells.length < 7) {
        // bench_bitcoin -list prints the same header over "name, evals, iters" rows: no timings to read.
        const hint = cells.length === 3 ? ' (bench_bitcoin -list output has no timings: run the benchmarks)' : '';
        throw new FormatError(
          NAME,
          `expected "name, evals, iterations, total, min, max, median", got ${cells.length} columns${hint}`,
          line.number,
        );
      }
      const numbers = cells.slice(-6).map((cell) => parseDecimal(cell.trim()));
      if (numbers.some((n) => n === undefined)) {
        throw new FormatError(NAME, 'expected numbers in evals, iterations, total, min, max and median', line.number);
      }
      const [evals, iterations, total, min, max, median] = numbers as number[];
      const name = cells.slice(0, -6).join(', ');
      set.add(name, 'time', 's', 'lower', median!, line.number);
      set.add(name, 'min', 's', 'lower', min!, line.number);
      set.add(name, 'max', 's', 'lower', max!, line.number);
      if (evals! > 0 && iterations! > 0) set.add(name, 'average', 's', 'lower', total! / (evals! * iterations!), line.number);
    }
    if (!inTable) throw new FormatError(NAME, 'expected the header "# Benchmark, evals, iterations, total, min, max, median"');
    return set.toArray();
  },
};
