/**
 * libtest's `cargo bench` output: `test <name> ... bench: <median> ns/iter (+/- <range>)`, one value
 * per benchmark and run. `test <name> ... FAILED` is a failed benchmark; `ignored`/`ok` lines are skipped.
 */
import { head, type Line, lines } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { isTimeUnit, parseGroupedDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'cargo-bench';
const SEPARATOR = ' ... ';

/**
 * Reads one `test x ... y` line into `set`; returns false when the line is not one.
 * Shared with the criterion parser, since `cargo bench` interleaves both harnesses' output.
 */
export function addLibtestLine(set: MeasurementSet, line: Line, format: string): boolean {
  if (!line.text.startsWith('test ')) return false;
  const separator = line.text.indexOf(SEPARATOR);
  if (separator === -1) return false;
  const name = line.text.slice(5, separator).trimEnd();
  const outcome = line.text.slice(separator + SEPARATOR.length).trim();
  if (outcome === 'FAILED') {
    set.fail(name, 'libtest reported FAILED');
    return true;
  }
  if (!outcome.startsWith('bench:')) return true;
  // "<value> <unit>[/iter] (+/- <range>)"; the range (max - min) is not a sample.
  const [value, unit] = outcome.slice('bench:'.length).trim().split(/\s+/, 2);
  const number = parseGroupedDecimal(value ?? '', format, line.number);
  if (number === undefined || unit === undefined) {
    throw new FormatError(format, 'expected "bench: <number> <unit>/iter (+/- <number>)"', line.number);
  }
  const perIter = unit.endsWith('/iter') ? unit.slice(0, -'/iter'.length) : undefined;
  if (perIter !== undefined && isTimeUnit(perIter)) set.add(name, 'time', 's', 'lower', toSeconds(number, perIter), line.number);
  else set.add(name, unit, unit, unit.endsWith('/s') ? 'higher' : 'lower', number, line.number);
  return true;
}

export const cargoBench: FormatParser = {
  name: NAME,
  description: 'cargo bench / libtest (test x ... bench: N ns/iter (+/- M))',

  detect(text) {
    for (const line of lines(head(text))) {
      if (line.text.startsWith('test ') && line.text.includes(' ... bench:')) return true;
    }
    return false;
  },

  parse(text) {
    const set = new MeasurementSet(NAME);
    for (const line of lines(text)) addLibtestLine(set, line, NAME);
    return set.toArray();
  },
};
