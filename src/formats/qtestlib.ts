/**
 * Qt Test (QTestLib) benchmark results, from the plain text (`-o -,txt`, the default) and XML
 * (`-o -,xml`) loggers. Each QBENCHMARK gives one value per run: its result per iteration, in the
 * unit the backend measures (default walltime "msecs", -tickcounter "CPU ticks", -eventcounter
 * "events", -callgrind "instruction reads", -perf "CPU cycles", "instructions"...). Benchmarks are
 * named as Qt names test functions in its PASS and FAIL lines: `Class::function()`, or
 * `Class::function(data tag)` for a data row. A failed test function (FAIL!, XPASS) is failed.
 * Instruction counts are deterministic.
 */
import { XMLParser } from 'fast-xml-parser';
import type { Better } from '../model.js';
import { type JsonObject, isObject } from './json.js';
import { head, lines } from './lines.js';
import { type MetricKind, MeasurementSet } from './measurements.js';
import { parseDecimal, parseGroupedDecimal } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';
import { attribute, parseXml } from './xml.js';

const NAME = 'qtestlib';
const MAX_DEPTH = 8;

interface Target {
  metric: string;
  unit: string;
  better: Better;
  convert: (value: number) => number;
}

/** XML metric names and the text logger's units of the time and instruction metrics. */
const TARGETS: Record<string, Target> = {
  WalltimeMilliseconds: { metric: 'time', unit: 's', better: 'lower', convert: (value) => value / 1e3 },
  msecs: { metric: 'time', unit: 's', better: 'lower', convert: (value) => value / 1e3 },
  WalltimeNanoseconds: { metric: 'time', unit: 's', better: 'lower', convert: (value) => value / 1e9 },
  nsecs: { metric: 'time', unit: 's', better: 'lower', convert: (value) => value / 1e9 },
  InstructionReads: { metric: 'instructions', unit: 'instructions', better: 'lower', convert: (value) => value },
  'instruction reads': { metric: 'instructions', unit: 'instructions', better: 'lower', convert: (value) => value },
  Instructions: { metric: 'instructions', unit: 'instructions', better: 'lower', convert: (value) => value },
  instructions: { metric: 'instructions', unit: 'instructions', better: 'lower', convert: (value) => value },
};

/** Any other metric keeps Qt's name for it; rates (fps, bytes/s) are higher-is-better. */
function targetFor(metric: string): Target {
  if (Object.hasOwn(TARGETS, metric)) return TARGETS[metric]!;
  const better = metric.endsWith('/s') || metric === 'fps' || metric.endsWith('PerSecond') ? 'higher' : 'lower';
  return { metric, unit: metric, better, convert: (value) => value };
}

/** Time is primary, instruction counts are primary and deterministic; other counters secondary. */
function kindOf(metric: string): MetricKind {
  if (metric === 'time') return { role: 'primary' };
  if (metric === 'instructions') return { role: 'primary', deterministic: true };
  return { role: 'secondary' };
}

function benchmarkName(testCase: string, fn: string, tag: string): string {
  return `${testCase}::${fn}(${tag})`;
}

const RESULT = /^RESULT : (.+?)::([^:]+)\(\):(?:"(.*)":)?$/;
const VALUE = /^\s+([\d,.]+(?:e[+-]?\d+)?) (.+) per iteration \(total: [^,]+(?:,\d+)*, iterations: (\d+)\)$/;
const FAILED = /^(FAIL!|XPASS) {2}: (.+?::.+?\(.*?\))(?: |$)/;

function parseText(set: MeasurementSet, text: string): void {
  let current: string | undefined;
  for (const line of lines(text)) {
    const result = RESULT.exec(line.text);
    if (result) {
      current = benchmarkName(result[1]!, result[2]!, result[3] ?? '');
      continue;
    }
    const failed = FAILED.exec(line.text);
    if (failed) {
      set.fail(failed[2]!, `QTestLib reported ${failed[1]}`);
      current = undefined;
      continue;
    }
    const value = current === undefined ? null : VALUE.exec(line.text);
    if (!value) {
      current = undefined;
      continue;
    }
    const number = parseGroupedDecimal(value[1]!, NAME, line.number);
    if (number === undefined) throw new FormatError(NAME, `expected a number before "${value[2]} per iteration"`, line.number);
    const target = targetFor(value[2]!);
    set.add(current!, target.metric, target.unit, target.better, target.convert(number), line.number);
  }
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => name === 'TestFunction' || name === 'Incident' || name === 'BenchmarkResult' || name === 'TestCase',
});

function list(node: JsonObject, key: string): JsonObject[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value['#text'] === 'string') return value['#text'];
  return '';
}

function addXml(set: MeasurementSet, xml: string): void {
  const root = parseXml(NAME, xmlParser, xml);
  if (!isObject(root)) throw new FormatError(NAME, 'expected a <TestCase> root element');
  for (const testCase of list(root, 'TestCase')) addTestCase(set, testCase, 0);
}

/** Under -callgrind the test runs again inside valgrind, and its <TestCase> lands inside the first. */
function addTestCase(set: MeasurementSet, testCase: JsonObject, depth: number): void {
  if (depth > MAX_DEPTH) throw new FormatError(NAME, 'XML nested too deeply for a QTestLib report');
  const caseName = attribute(testCase, 'name') ?? '';
  for (const fn of list(testCase, 'TestFunction')) {
    const fnName = attribute(fn, 'name') ?? '';
    for (const incident of list(fn, 'Incident')) {
      if (incident.type === 'fail' || incident.type === 'xpass') {
        set.fail(benchmarkName(caseName, fnName, text(incident.DataTag)), `QTestLib reported ${String(incident.type)}`);
      }
    }
    for (const result of list(fn, 'BenchmarkResult')) {
      const value = parseDecimal(attribute(result, 'value') ?? '');
      if (value === undefined) throw new FormatError(NAME, `expected a number in value="..." of ${caseName}::${fnName}`);
      const target = targetFor(attribute(result, 'metric') ?? '');
      set.add(
        benchmarkName(caseName, fnName, attribute(result, 'tag') ?? ''),
        target.metric,
        target.unit,
        target.better,
        target.convert(value),
      );
    }
  }
  for (const inner of list(testCase, 'TestCase')) addTestCase(set, inner, depth + 1);
}

function isXml(start: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<TestCase[\s>]/.test(start);
}

export const qtestlib: FormatParser = {
  name: NAME,
  description: 'Qt Test (QTestLib) benchmark results: -o -,txt or -o -,xml',

  detect(text) {
    const start = head(text);
    if (isXml(start)) return start.includes('<BenchmarkResult');
    return start.includes('********* Start testing of ') && /^RESULT : /m.test(start);
  },

  parse(text) {
    const set = new MeasurementSet(NAME, kindOf);
    if (isXml(head(text, 1024))) addXml(set, text);
    else parseText(set, text);
    return set.toArray();
  },
};
