/**
 * divan (Rust) console output: one tree per bench target, `<target>  fastest │ slowest │ median │
 * mean │ samples │ iters`. Each leaf's median is the run's value (`time`, primary); the rows
 * under it carry its counters (`Gitem/s`, `GB/s`: throughput, derived from the time) and, with
 * `AllocProfiler`, allocation counts and sizes (`alloc count`, `alloc bytes`, ...: secondary).
 * Benchmarks are named by their path in the tree, `::`-joined from the target: `fib::fibonacci::15`.
 */
import type { Line } from './lines.js';
import { lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { isTimeUnit, parseDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'divan';
const HEADER = /^(\S.*?)\s+fastest\s+│ slowest\s+│ median\s+│ mean\s+│ samples │ iters\s*$/;
const TREE_ROW = /^((?:[│ ] {2})*)[├╰]─ (.*)$/;
const PREFIX: Record<string, number> = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };

function kindOf(metric: string): MetricKind {
  if (metric === 'time') return { role: 'primary' };
  return { role: metric === 'throughput' ? 'derived' : 'secondary' };
}

interface Table {
  /** Where the `fastest` column starts: names and tree drawing are left of it. */
  valuesAt: number;
  /** The tree path of the row being read, the target first. */
  path: string[];
  /** The leaf whose extra rows (counters, allocations) follow. */
  leaf?: string;
  /** An allocation label (`alloc:`) waiting for its count and size rows. */
  alloc?: { label: string; rows: number };
}

/** `<value> <prefix><unit>` with a decimal or binary prefix, as [value, unit without prefix]. */
function scaled(cell: string, line: Line): [number, string] {
  const match = /^(\S+)(?: ([KMGT](?:i(?=B))?)?(\S*))?$/.exec(cell); // Ki only before B: Gitem/s is G + item/s
  const value = match ? parseDecimal(match[1]!) : undefined;
  if (!match || value === undefined) throw new FormatError(NAME, `expected a number, got "${cell}"`, line.number);
  if (match[3] !== undefined && isTimeUnit(`${match[2] ?? ''}${match[3]}`)) return [value, `${match[2] ?? ''}${match[3]}`];
  return [value * PREFIX[match[2] ?? '']!, match[3] ?? ''];
}

/** The median column of a row. */
function median(text: string, table: Table): string {
  return (text.slice(table.valuesAt).split('│')[2] ?? '').trim();
}

function addLeafValue(set: MeasurementSet, table: Table, text: string, line: Line): void {
  const cell = median(text, table);
  const [value, unit] = scaled(cell, line);
  if (!isTimeUnit(unit)) throw new FormatError(NAME, `expected a time in the median column, got "${cell}"`, line.number);
  set.add(table.leaf!, 'time', 's', 'lower', toSeconds(value, unit), line.number);
}

/** A row under a leaf: a counter's rate, an allocation label, or the count and size below it. */
function addExtraRow(set: MeasurementSet, table: Table, text: string, line: Line): void {
  const label = /^([a-z ]+):$/.exec(text.slice(table.valuesAt).split('│')[0]!.trim());
  if (label) {
    table.alloc = { label: label[1]!, rows: 0 };
    return;
  }
  const cell = median(text, table);
  if (cell === '') return;
  const [value, unit] = scaled(cell, line);
  if (table.alloc !== undefined) {
    const bytes = table.alloc.rows++ === 1;
    set.add(table.leaf!, `${table.alloc.label} ${bytes ? 'bytes' : 'count'}`, bytes ? 'B' : 'count', 'lower', value, line.number);
    if (bytes) table.alloc = undefined;
    return;
  }
  set.add(table.leaf!, 'throughput', unit, 'higher', value, line.number);
}

function readRow(set: MeasurementSet, table: Table, text: string, line: Line): void {
  const row = TREE_ROW.exec(text.slice(0, table.valuesAt));
  if (row) {
    const depth = row[1]!.length / 3 + 1;
    table.path = [...table.path.slice(0, depth), row[2]!.trim()];
    table.alloc = undefined;
    const hasValue = median(text, table) !== '';
    table.leaf = hasValue ? table.path.join('::') : undefined;
    if (hasValue) addLeafValue(set, table, text, line);
    return;
  }
  if (table.leaf !== undefined && /^[│ ]*$/.test(text.slice(0, table.valuesAt))) addExtraRow(set, table, text, line);
}

export const divan: FormatParser = {
  name: NAME,
  description: 'divan console output (cargo bench)',

  detect(text) {
    for (const line of lines(text.slice(0, 256 * 1024))) if (HEADER.test(line.text)) return true;
    return false;
  },

  parse(text) {
    const set = new MeasurementSet(NAME, kindOf);
    let table: Table | undefined;
    for (const line of lines(text)) {
      const header = HEADER.exec(line.text);
      if (header) {
        table = { valuesAt: line.text.indexOf('fastest'), path: [header[1]!] };
        continue;
      }
      if (!table) continue;
      if (line.text.trim() === '') {
        table = undefined;
        continue;
      }
      readRow(set, table, line.text, line);
    }
    return set.toArray();
  },
};
