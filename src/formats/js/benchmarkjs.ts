/** benchmark.js: `<name> x <hz> ops/sec ±<rme>% (<n> runs sampled)`; the name may itself contain " x ". */
import type { Line } from '../lines.js';
import type { MeasurementSet } from '../measurements.js';
import { parseGroupedDecimal } from '../numbers.js';

const OPS = ' ops/sec';

/**
 * The name and hz of a result line, or undefined when the line is not one. With its line number
 * (parsing, not detecting), an hz whose commas are not a three-digit grouping is a FormatError.
 */
export function benchmarkjsResult(text: string, lineNumber?: number): { name: string; hz: number } | undefined {
  const opsAt = text.indexOf(OPS);
  if (
    opsAt === -1 ||
    !text
      .slice(opsAt + OPS.length)
      .trimStart()
      .startsWith('\u00b1')
  )
    return undefined;
  const before = text.slice(0, opsAt);
  const xAt = before.lastIndexOf(' x ');
  if (xAt <= 0) return undefined;
  const hzText = before.slice(xAt + 3);
  const hz = lineNumber === undefined ? parseGroupedOrUndefined(hzText) : parseGroupedDecimal(hzText, 'js', lineNumber);
  return hz === undefined ? undefined : { name: before.slice(0, xAt), hz };
}

export function addBenchmarkjsLine(set: MeasurementSet, line: Line): void {
  const result = benchmarkjsResult(line.text, line.number);
  if (result) set.add(result.name, 'throughput', 'ops/s', 'higher', result.hz, line.number);
}

/** Detection only looks: an ambiguous number is not a result line. */
function parseGroupedOrUndefined(text: string): number | undefined {
  try {
    return parseGroupedDecimal(text, 'js', 0);
  } catch {
    return undefined;
  }
}
