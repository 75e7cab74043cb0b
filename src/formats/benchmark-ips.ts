/**
 * Ruby benchmark-ips: the console report (`Calculating` section: `<name> <ips>(±<err>%) i/s - ...`,
 * long names on a line of their own, ips abbreviated with k/M/B/T) and the JSON that `x.json!
 * FILE` writes (`[{name, central_tendency, ips, stddev, ...}]`). One value per benchmark and run:
 * iterations per second, higher is better.
 */
import type { Line } from './lines.js';
import { JsonShape, parseJson } from './json.js';
import { head, lines } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { parseDecimal } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'benchmark-ips';
const shape = new JsonShape(NAME);
const SECTION = /^(Warming up|Calculating) -+$/;
const RESULT = /^\s*(\d[\d.]*)([kMBT]?) \(±\s*[\d.]+%\) i\/s\b/;
const SUFFIX: Record<string, number> = { '': 1, k: 1e3, M: 1e6, B: 1e9, T: 1e12 };

function addRate(set: MeasurementSet, name: string, value: number, line?: Line): void {
  set.add(name, 'throughput', 'i/s', 'higher', value, line?.number);
}

function parseConsole(set: MeasurementSet, text: string): void {
  let calculating = false;
  let pendingName: string | undefined;
  for (const line of lines(text)) {
    const section = SECTION.exec(line.text);
    if (section) {
      calculating = section[1] === 'Calculating';
      pendingName = undefined;
      continue;
    }
    if (!calculating) continue;
    if (line.text.trim() === '' || line.text.startsWith('Comparison:')) {
      calculating = false;
      continue;
    }
    // The name is right-aligned before the rate, or alone on the line above it when too long.
    const at = line.text.search(/\s\d[\d.]*[kMBT]? \(±/);
    const result = RESULT.exec(at === -1 ? '' : line.text.slice(at));
    if (!result) {
      pendingName = line.text.trim();
      continue;
    }
    const name = line.text.slice(0, at).trim() || pendingName;
    const value = parseDecimal(result[1]!);
    if (name === undefined || value === undefined) throw new FormatError(NAME, 'expected "<name> <ips> (±<error>%) i/s"', line.number);
    addRate(set, name, value * SUFFIX[result[2]!]!, line);
    pendingName = undefined;
  }
}

function parseJsonReport(set: MeasurementSet, text: string): void {
  shape.array(parseJson(NAME, text), 'the top level').forEach((item, i) => {
    const entry = shape.object(item, `[${i}]`);
    const name = shape.string(entry.name, `[${i}].name`);
    addRate(set, name, shape.number(entry.central_tendency ?? entry.ips, `[${i}].central_tendency`));
  });
}

export const benchmarkIps: FormatParser = {
  name: NAME,
  description: 'Ruby benchmark-ips console report, or its json! file',

  detect(text) {
    const start = head(text, 64 * 1024);
    if (/^\s*\[/.test(start)) return start.includes('"central_tendency"') && start.includes('"ips"');
    return /^Calculating -+$/m.test(start) && /\(±\s*[\d.]+%\) i\/s/.test(start);
  },

  parse(text) {
    const set = new MeasurementSet(NAME);
    if (/^\s*\[/.test(head(text, 1024))) parseJsonReport(set, text);
    else parseConsole(set, text);
    return set.toArray();
  },
};
