/**
 * Criterion.rs console output (`<name> time: [<low> <estimate> <high>]`, optional `thrpt:`), one
 * value per benchmark and run: the middle estimate. libtest `bench:` lines that `cargo bench`
 * prints in the same log are read too. Per-sample data lives in target/criterion: see criterion-dir.ts.
 */
import { head, type Line, lines } from './lines.js';
import { addLibtestLine } from './cargo-bench.js';
import { MeasurementSet } from './measurements.js';
import { isTimeUnit, normalise, parseDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'criterion';
const ESTIMATES = /^\[(\S+) (\S+) (\S+) (\S+) (\S+) (\S+)\]/;
const ELEMENT_PREFIX: Record<string, number> = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** The middle of `[low est high]` as [value, unit]. */
function estimate(rest: string, line: Line): [number, string] {
  const match = ESTIMATES.exec(rest.trim());
  const value = match ? parseDecimal(match[3]!) : undefined;
  if (!match || value === undefined) throw new FormatError(NAME, 'expected "[<low> <unit> <estimate> <unit> <high> <unit>]"', line.number);
  return [value, match[4]!];
}

function addThroughput(set: MeasurementSet, name: string, value: number, unit: string, line: Line): void {
  const elements = /^([KMGT]?)elem\/s$/.exec(unit);
  if (elements) {
    set.add(name, 'throughput', 'elem/s', 'higher', value * ELEMENT_PREFIX[elements[1]!]!, line.number);
    return;
  }
  const normalised = normalise(value, unit);
  set.add(name, 'throughput', normalised.unit, 'higher', normalised.value, line.number);
}

export const criterion: FormatParser = {
  name: NAME,
  description: 'Criterion.rs console output (cargo bench)',

  detect(text) {
    for (const line of lines(head(text))) {
      const at = line.text.indexOf('time:');
      if (at !== -1 && ESTIMATES.test(line.text.slice(at + 5).trim())) return true;
    }
    return false;
  },

  parse(text) {
    // Criterion computes thrpt: from the time estimate and the declared Throughput.
    const set = new MeasurementSet(NAME, (metric) => ({ role: metric === 'throughput' ? 'derived' : 'primary' }));
    // A name printed alone on its line (too long for the column) waits for the `time:` line below it.
    let pendingName: string | undefined;
    // The benchmark whose `thrpt:` line may follow its `time:` line.
    let current: string | undefined;
    for (const line of lines(text)) {
      if (addLibtestLine(set, line, NAME)) continue;
      const content = line.text.trim();
      const indented = content !== '' && line.text[0] !== content[0];
      const at = content.indexOf('time:');
      if (at !== -1 && (at > 0 ? !indented : pendingName !== undefined)) {
        const name = at > 0 ? content.slice(0, at).trimEnd() : pendingName!;
        const [value, unit] = estimate(content.slice(at + 5), line);
        if (!isTimeUnit(unit)) throw new FormatError(NAME, `expected a time unit, got "${unit}"`, line.number);
        set.add(name, 'time', 's', 'lower', toSeconds(value, unit), line.number);
        current = name;
        pendingName = undefined;
        continue;
      }
      if (content.startsWith('thrpt:') && current !== undefined) {
        const [value, unit] = estimate(content.slice(6), line);
        addThroughput(set, current, value, unit, line);
      }
      current = undefined;
      const isNameLine =
        content !== '' && !indented && !/^(Benchmarking |Found \d|Warning: |Running |running \d|test result:|Gnuplot)/.test(content);
      pendingName = isNameLine ? content : undefined;
    }
    return set.toArray();
  },
};
