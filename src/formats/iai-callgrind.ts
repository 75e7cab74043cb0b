/**
 * iai-callgrind and gungraun (its successor's name) terminal output: a headline
 * `<module path> <id>:<args>` per benchmark, then indented `<Metric>: <new>|<old> (<change>)` lines,
 * one value per run (`old` is the tool's own previous run, not read). Instructions are the primary,
 * deterministic metric; the cache simulation's hits and totals are secondary; "Estimated Cycles" is
 * computed from them (derived). Metrics of other valgrind tools (a `======= DHAT =======` section)
 * get the tool's name in front. Output a benchmark printed with --nocapture between its headline and
 * its metrics is skipped.
 */
import type { Line } from './lines.js';
import { head, lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { parseDecimal } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'iai-callgrind';
const HEADLINE = /^([A-Za-z_]\w*(?:::\w+)+)(?: (\S.*))?$/;
const METRIC = /^ {2}([A-Za-z][\w +./-]*?):\s+(\S+)\|(\S+)\s+\(/;
const TOOL_SECTION = /^ {2}=+ ([A-Z][\w-]*) =+$/;

function metricName(label: string, tool: string | undefined): string {
  if (tool !== undefined && tool !== 'CALLGRIND') return `${tool} ${label}`;
  return label === 'Instructions' || label === 'Ir' ? 'instructions' : label;
}

function kindOf(metric: string): MetricKind {
  if (metric === 'instructions') return { role: 'primary', deterministic: true };
  return { role: metric === 'Estimated Cycles' ? 'derived' : 'secondary' };
}

function addMetric(set: MeasurementSet, benchmark: string, label: string, value: string, tool: string | undefined, line: Line): void {
  const number = parseDecimal(value.replace(/%$/, ''));
  if (number === undefined) throw new FormatError(NAME, `expected a number for ${label}, got "${value}"`, line.number);
  const metric = metricName(label, tool);
  set.add(
    benchmark,
    metric,
    metric === 'instructions' ? 'instructions' : value.endsWith('%') ? '%' : 'count',
    'lower',
    number,
    line.number,
  );
}

export const iaiCallgrind: FormatParser = {
  name: NAME,
  description: 'iai-callgrind / gungraun terminal output (cargo bench)',

  detect(text) {
    let headline = false;
    for (const line of lines(head(text))) {
      if (HEADLINE.test(line.text)) headline = true;
      else if (headline && /^ {2}(Instructions|Ir):\s+\S+\|\S+\s+\(/.test(line.text)) return true;
    }
    return false;
  },

  parse(text) {
    const set = new MeasurementSet(NAME, kindOf);
    let benchmark: string | undefined;
    let tool: string | undefined;
    let inMetrics = false;
    for (const line of lines(text)) {
      const metric = benchmark === undefined ? null : METRIC.exec(line.text);
      if (metric) {
        addMetric(set, benchmark!, metric[1]!, metric[2]!, tool, line);
        inMetrics = true;
        continue;
      }
      const section = TOOL_SECTION.exec(line.text);
      if (section) {
        tool = section[1];
        continue;
      }
      // A headline starts the next benchmark; lines after the metrics end this one.
      if (HEADLINE.test(line.text)) {
        benchmark = line.text.trim();
        tool = undefined;
        inMetrics = false;
      } else if (inMetrics) {
        benchmark = undefined;
        inMetrics = false;
      }
    }
    return set.toArray();
  },
};
