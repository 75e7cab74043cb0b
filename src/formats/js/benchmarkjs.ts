/** benchmark.js: `<name> x <hz> ops/sec ±<rme>% (<n> runs sampled)`; the name may itself contain " x ". */
import type { Line } from '../lines.js';
import type { MeasurementSet } from '../measurements.js';
import { parseDecimal } from '../numbers.js';

const OPS = ' ops/sec';

/** The name and hz of a result line, or undefined when the line is not one. */
export function benchmarkjsResult(text: string): { name: string; hz: number } | undefined {
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
  const hz = parseDecimal(before.slice(xAt + 3).replaceAll(',', ''));
  return hz === undefined ? undefined : { name: before.slice(0, xAt), hz };
}

export function addBenchmarkjsLine(set: MeasurementSet, line: Line): void {
  const result = benchmarkjsResult(line.text);
  if (result) set.add(result.name, 'throughput', 'ops/s', 'higher', result.hz, line.number);
}
