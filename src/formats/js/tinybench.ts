/**
 * tinybench: the `console.table(bench.table())` output (one summary per task) and a JSON dump of
 * `bench.tasks.map(({ name, result }) => ({ name, result }))` whose latency samples are in ms.
 */
import { JsonShape } from '../json.js';
import { type Line, lines } from '../lines.js';
import type { MeasurementSet } from '../measurements.js';
import { isTimeUnit, parseGroupedDecimal, toSeconds } from '../numbers.js';
import { FormatError } from '../types.js';

const shape = new JsonShape('js');

export function isTinybenchTable(text: string): boolean {
  return text.includes('\u2502') && text.includes('Task name') && /Latency (med|avg) \(|Average Time \(/.test(text);
}

/** The time column to read: median latency when printed (v3+), else average; with its unit. */
function timeColumn(header: string[]): { index: number; unit: string } | undefined {
  for (const wanted of ['Latency med', 'Latency avg', 'Average Time']) {
    const index = header.findIndex((cell) => cell.startsWith(`${wanted} (`));
    const unit = index === -1 ? undefined : header[index]!.slice(wanted.length + 2, -1);
    if (unit !== undefined && isTimeUnit(unit)) return { index, unit };
  }
  return undefined;
}

function cells(line: Line): string[] {
  return line.text
    .split('\u2502')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

export function parseTinybenchTable(set: MeasurementSet, text: string): void {
  let nameIndex = -1;
  let time: { index: number; unit: string } | undefined;
  for (const line of lines(text)) {
    if (!line.text.startsWith('\u2502')) continue;
    const row = cells(line);
    if (row.includes('Task name')) {
      nameIndex = row.indexOf('Task name');
      time = timeColumn(row);
      if (!time) throw new FormatError('js', 'expected a "Latency med (ns)" or "Average Time (ns)" column', line.number);
      continue;
    }
    if (!time || row.length <= Math.max(nameIndex, time.index)) continue;
    // Cells look like `'fib(10)'` and `'722.00 ± 31.00'`.
    const name = row[nameIndex]!.replace(/^'(.*)'$/, '$1');
    const value = parseGroupedDecimal(row[time.index]!.replace(/^'/, '').split(' ')[0]!, 'js', line.number);
    if (value === undefined) throw new FormatError('js', `expected a number in the time column, got ${row[time.index]}`, line.number);
    set.add(name, 'time', 's', 'lower', toSeconds(value, time.unit), line.number);
  }
}

/** `[{ name, result }]`: latency samples (ms) of v3+ (`result.latency`) or older (`result.samples`). */
export function parseTinybenchJson(set: MeasurementSet, root: unknown[]): void {
  root.forEach((item, i) => {
    const path = `[${i}]`;
    const task = shape.object(item, path);
    const name = shape.string(task.name, `${path}.name`);
    const result = shape.object(task.result, `${path}.result`);
    if (result.error !== undefined || result.state === 'errored') {
      set.fail(name, `tinybench task errored${typeof result.error === 'string' ? `: ${result.error}` : ''}`);
      return;
    }
    const latency = result.latency === undefined ? result : shape.object(result.latency, `${path}.result.latency`);
    const samples = latency.samples === undefined ? [] : shape.numbers(latency.samples, `${path}.result.latency.samples`);
    const values = samples.length > 0 ? samples : [shape.number(latency.p50, `${path}.result.latency.p50`)];
    for (const ms of values) set.add(name, 'time', 's', 'lower', toSeconds(ms, 'ms'));
  });
}
