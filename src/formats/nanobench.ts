/**
 * nanobench (ankerl::nanobench): the markdown table it prints, `templates::json()` (one sample per
 * epoch), `templates::pyperf()` (read as pyperf.ts reads it) and `templates::csv()`. Time is per
 * `unit()` (ns/op, ns/byte) in seconds; a row marked `:boom:` is a failed benchmark; `:wavy_dash:`
 * (unstable) rows keep their value.
 */
import { type JsonObject, JsonShape, parseJson } from './json.js';
import { head, type Line, lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { parseDecimal, parseGroupedDecimal, toSeconds } from './numbers.js';
import { addPyperf } from './pyperf.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'nanobench';
const shape = new JsonShape(NAME);
const CSV_HEADER = '"title";"name";"unit";"batch";"elapsed"';

/**
 * What a markdown column holds. Not metrics: err%, total, relative, 95% CI, and op/s (the inverse
 * of ns/op: comparing it too would count every change twice).
 */
interface Column {
  metric: string;
  unit: string;
  better: 'lower' | 'higher';
  convert: (value: number) => number;
}

const same = (value: number) => value;

function columnFor(header: string): Column | 'complexityN' | undefined {
  if (header === 'complexityN') return 'complexityN';
  if (header.startsWith('ns/')) return { metric: 'time', unit: 's', better: 'lower', convert: (value) => toSeconds(value, 'ns') };
  if (/^(ins|cyc|bra)\//.test(header)) return { metric: header, unit: header, better: 'lower', convert: same };
  if (header === 'IPC') return { metric: 'IPC', unit: 'ins/cyc', better: 'higher', convert: same };
  if (header === 'miss%') return { metric: 'miss%', unit: '%', better: 'lower', convert: same };
  return undefined;
}

/** Time is nanobench's measure; perf counters are secondary (instructions deterministic), IPC is ins/cyc. */
function kindOf(metric: string): MetricKind {
  if (metric === 'time') return { role: 'primary' };
  if (metric === 'IPC') return { role: 'derived' };
  return metric.startsWith('ins/') ? { role: 'secondary', deterministic: true } : { role: 'secondary' };
}

/** Splits `| a | b | name` into exactly `count` cells; the last (the name) may itself contain `|`. */
function splitRow(text: string, count: number): string[] {
  const cells: string[] = [];
  let start = text.indexOf('|') + 1;
  while (cells.length < count - 1) {
    const end = text.indexOf('|', start);
    if (end === -1) break;
    cells.push(text.slice(start, end).trim());
    start = end + 1;
  }
  cells.push(text.slice(start).trim());
  return cells;
}

/** The benchmark name inside the last cell: after the markers, between backticks, before a `(hint)`. */
function rowName(cell: string): { name: string; failed: boolean } | undefined {
  const failed = cell.includes(':boom:');
  const open = cell.indexOf('`');
  if (open === -1) return undefined;
  const hint = cell.indexOf('` (', open + 1);
  const close = hint !== -1 ? hint : cell.lastIndexOf('`');
  if (close <= open) return undefined;
  return { name: cell.slice(open + 1, close), failed };
}

function cellNumber(cell: string, line: number): number | undefined {
  return parseGroupedDecimal(cell.replace(/%$/, ''), NAME, line);
}

function parseMarkdown(set: MeasurementSet, text: string): void {
  let columns: (Column | 'complexityN' | undefined)[] | undefined;
  let candidate: string[] | undefined;
  for (const line of lines(text)) {
    const row = line.text.trimEnd();
    if (!row.startsWith('|')) {
      columns = candidate = undefined;
      continue;
    }
    if (/^\|[-:]/.test(row)) {
      // A separator turns the line above into the header; tables without a ns/ column (Big-O) are skipped.
      const mapped = candidate?.slice(0, -1).map(columnFor); // the last column is the title
      columns = mapped?.some((c) => typeof c === 'object' && c.metric === 'time') ? mapped : undefined;
      candidate = undefined;
      continue;
    }
    if (!columns) {
      candidate = splitRow(row, Number.MAX_SAFE_INTEGER);
      continue;
    }
    addRow(set, line, splitRow(row, columns.length + 1), columns);
  }
}

function addRow(set: MeasurementSet, line: Line, cells: string[], columns: (Column | 'complexityN' | undefined)[]): void {
  const parsed = rowName(cells[cells.length - 1]!);
  if (!parsed || cells.length !== columns.length + 1) {
    throw new FormatError(NAME, 'expected a table row ending with the benchmark name in backticks', line.number);
  }
  if (parsed.failed) {
    set.fail(parsed.name, 'nanobench reported :boom:');
    return;
  }
  const complexityCell = columns.indexOf('complexityN');
  const complexityN = complexityCell === -1 ? undefined : cellNumber(cells[complexityCell]!, line.number);
  columns.forEach((column, i) => {
    if (typeof column !== 'object' || cells[i] === '' || cells[i] === '-') return;
    const value = cellNumber(cells[i]!, line.number);
    if (value === undefined) throw new FormatError(NAME, `expected a number in column ${i + 1}, got "${cells[i]}"`, line.number);
    set.add(parsed.name, column.metric, column.unit, column.better, column.convert(value), line.number, complexityN);
  });
}

/** templates::json(): `results[].measurements[]` is one epoch each; `elapsed` is seconds per batch of `unit`s. */
function parseJsonTemplate(set: MeasurementSet, root: JsonObject): void {
  shape.array(root.results, 'results').forEach((item, i) => {
    const path = `results[${i}]`;
    const result = shape.object(item, path);
    const name = shape.string(result.name, `${path}.name`);
    const batch = shape.optionalNumber(result.batch, `${path}.batch`) ?? 1;
    if (batch <= 0) throw shape.error(`expected a positive batch at ${path}.batch`);
    const n = shape.optionalNumber(result.complexityN, `${path}.complexityN`);
    const complexityN = n !== undefined && n >= 0 ? n : undefined;
    shape.array(result.measurements, `${path}.measurements`).forEach((epoch, j) => {
      const elapsed = shape.number(shape.object(epoch, `${path}.measurements[${j}]`).elapsed, `${path}.measurements[${j}].elapsed`);
      set.add(name, 'time', 's', 'lower', elapsed / batch, undefined, complexityN);
    });
  });
}

/** templates::csv(): `;`-separated, quoted; `elapsed` is the median in seconds per batch. */
function parseCsv(set: MeasurementSet, text: string): void {
  for (const line of lines(text)) {
    if (line.number === 1 || line.text.trim() === '') continue;
    const cells = line.text.split(';').map((cell) => cell.replace(/^"(.*)"$/, '$1'));
    const batch = parseDecimal(cells[3] ?? '');
    const elapsed = parseDecimal(cells[4] ?? '');
    if (cells.length < 5 || batch === undefined || batch <= 0 || elapsed === undefined) {
      throw new FormatError(NAME, 'expected "title";"name";"unit";batch;elapsed;...', line.number);
    }
    set.add(cells[1]!, 'time', 's', 'lower', elapsed / batch, line.number);
  }
}

function isMarkdownHeader(text: string): boolean {
  return text.startsWith('|') && text.includes('err%') && text.includes('total') && text.includes('ns/');
}

export const nanobench: FormatParser = {
  name: NAME,
  description: 'nanobench markdown table, templates::json(), templates::pyperf() or templates::csv()',

  detect(text) {
    const start = head(text, 64 * 1024);
    // templates::pyperf() output is pyperf's own format: --format auto picks pyperf for it.
    if (/^\s*\{/.test(start)) return start.includes('"results"') && start.includes('"minEpochIterations"');
    if (start.startsWith(CSV_HEADER)) return true;
    for (const line of lines(start)) if (isMarkdownHeader(line.text)) return true;
    return false;
  },

  parse(text) {
    const set = new MeasurementSet(NAME, kindOf);
    if (/^\s*[{[]/.test(head(text, 1024))) {
      const root = shape.object(parseJson(NAME, text), 'the top level');
      if (root.results !== undefined) parseJsonTemplate(set, root);
      else addPyperf(set, root, NAME);
    } else if (text.startsWith(CSV_HEADER)) {
      parseCsv(set, text);
    } else {
      parseMarkdown(set, text);
      if (set.size === 0) throw new FormatError(NAME, 'expected a markdown table with a ns/... column and a `name` column');
    }
    return set.toArray();
  },
};
