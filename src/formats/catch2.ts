/**
 * Catch2 benchmarks: the XML reporter (`-r xml`, v2 and v3) and the console reporter. Catch2 prints
 * no samples, only its estimate of the mean, which becomes the run's one value. Benchmarks are named
 * `<test case> / <section> / ... / <benchmark>`, since benchmark names repeat across test cases.
 * A benchmark that threw (`<failed>` in XML, "Benchmark failed (...)" on the console) is failed.
 */
import { XMLParser } from 'fast-xml-parser';
import { type JsonObject, isObject } from './json.js';
import { head, lines } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { isTimeUnit, parseDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';
import { attribute, parseXml as parseXmlDocument } from './xml.js';

const NAME = 'catch2';
const PATH_SEPARATOR = ' / ';
/** Deeper XML than Catch2 ever writes (test case, a few sections) is rejected before recursing. */
const MAX_DEPTH = 64;

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name) => name === 'TestCase' || name === 'Section' || name === 'BenchmarkResults' || name === 'Group',
});

function children(node: JsonObject, key: string): JsonObject[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function walkXml(set: MeasurementSet, node: JsonObject, path: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new FormatError(NAME, 'XML nested too deeply for a Catch2 report');
  for (const result of children(node, 'BenchmarkResults')) {
    const name = [...path, attribute(result, 'name') ?? ''].join(PATH_SEPARATOR);
    if (isObject(result.failed) || result.failed === '') {
      set.fail(name, isObject(result.failed) ? (attribute(result.failed, 'message') ?? 'benchmark failed') : 'benchmark failed');
      continue;
    }
    const mean = isObject(result.mean) && typeof result.mean.value === 'string' ? parseDecimal(result.mean.value) : undefined;
    if (mean === undefined) throw new FormatError(NAME, `expected <mean value="..."> (nanoseconds) in benchmark "${name}"`);
    set.add(name, 'time', 's', 'lower', toSeconds(mean, 'ns'));
  }
  for (const key of ['TestCase', 'Section']) {
    for (const child of children(node, key)) walkXml(set, child, [...path, attribute(child, 'name') ?? ''], depth + 1);
  }
  for (const key of ['Catch', 'Catch2TestRun', 'Group']) {
    const value = node[key];
    for (const child of Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [])
      walkXml(set, child, path, depth + 1);
  }
}

function parseXml(set: MeasurementSet, text: string): void {
  const root = parseXmlDocument(NAME, xmlParser, text);
  if (!isObject(root) || (root.Catch === undefined && root.Catch2TestRun === undefined)) {
    throw new FormatError(NAME, 'expected a <Catch> or <Catch2TestRun> root element');
  }
  walkXml(set, root, [], 0);
}

/** Splits `text` into what precedes its last `count` whitespace-separated tokens, and those tokens. */
function trailingTokens(text: string, count: number): [string, string[]] | undefined {
  const tokens: string[] = [];
  let end = text.trimEnd().length;
  while (tokens.length < count) {
    const start = Math.max(text.lastIndexOf(' ', end - 1), text.lastIndexOf('\t', end - 1)) + 1;
    if (start >= end) return undefined;
    tokens.unshift(text.slice(start, end));
    end = text.slice(0, start).trimEnd().length;
  }
  return [text.slice(0, end).trim(), tokens];
}

function isCount(token: string): boolean {
  return /^\d+$/.test(token);
}

/** `<value> <unit>` as seconds, or undefined. */
function duration(value: string, unit: string): number | undefined {
  const number = parseDecimal(value);
  return number !== undefined && isTimeUnit(unit) ? toSeconds(number, unit) : undefined;
}

const RULE = /^-{20,}$/;
const TABLE_HEADER = /^benchmark name\s+samples\s+iterations/;

/** Where the console reader is: which part of the report, and within a table, the row being read. */
interface ConsoleState {
  phase: 'outside' | 'caseName' | 'tableHeader' | 'rows';
  path: string[];
  analysis: boolean;
  // Within a table: lines of a wrapped name, and the benchmark whose mean line comes next.
  nameParts: string[];
  awaitingMean: string | undefined;
}

function forgetRow(state: ConsoleState): void {
  state.nameParts = [];
  state.awaitingMean = undefined;
}

/** A rule opens a test case's name, closes it, or (after a table header) opens the table's rows. */
function atRule(state: ConsoleState): void {
  if (state.phase === 'tableHeader') state.phase = 'rows';
  else if (state.phase === 'caseName') state.phase = 'outside';
  else {
    state.phase = 'caseName';
    state.path = [];
  }
  forgetRow(state);
}

/** A "Benchmark failed (...)" line: fails the benchmark it names or follows. */
function failedRow(set: MeasurementSet, state: ConsoleState, failure: RegExpExecArray): void {
  const name = state.awaitingMean ?? [...state.nameParts, failure[1]!.trim()].filter((part) => part !== '').join(' ');
  if (name !== '') set.fail([...state.path, name].join(PATH_SEPARATOR), failure[2]!);
  forgetRow(state);
}

function meanLine(set: MeasurementSet, state: ConsoleState, awaitingMean: string, content: string, lineNumber: number): void {
  // "mean low-mean high-mean" with units; a wrapped name may continue in front of it.
  const split = trailingTokens(content, 6);
  const mean = split && duration(split[1][0]!, split[1][1]!);
  if (!split || mean === undefined) throw new FormatError(NAME, 'expected "<mean> <unit> <low> <unit> <high> <unit>"', lineNumber);
  const name = split[0] === '' ? awaitingMean : `${awaitingMean} ${split[0]}`;
  set.add([...state.path, name].join(PATH_SEPARATOR), 'time', 's', 'lower', mean, lineNumber);
  state.awaitingMean = undefined;
}

function resultLine(set: MeasurementSet, state: ConsoleState, content: string, lineNumber: number): void {
  // "<name> <samples> <iterations> <estimated or mean> <unit>"; anything else is a wrapped name part.
  const split = trailingTokens(content, 4);
  const value = split && isCount(split[1][0]!) && isCount(split[1][1]!) ? duration(split[1][2]!, split[1][3]!) : undefined;
  if (!split || value === undefined) {
    if (state.nameParts.length > 16) throw new FormatError(NAME, 'expected "<name> <samples> <iterations> <time> <unit>"', lineNumber);
    state.nameParts.push(content.trim());
    return;
  }
  const name = [...state.nameParts, split[0]].filter((part) => part !== '').join(' ');
  state.nameParts = [];
  if (state.analysis) state.awaitingMean = name;
  else set.add([...state.path, name].join(PATH_SEPARATOR), 'time', 's', 'lower', value, lineNumber);
}

/** A line within a table's rows. */
function tableLine(set: MeasurementSet, state: ConsoleState, content: string, lineNumber: number): void {
  if (content.startsWith('=====')) {
    state.phase = 'outside';
    return;
  }
  if (content.trim() === '') {
    forgetRow(state);
    return;
  }
  // On its own line when the benchmark threw while sampling; after the (last part of the) name
  // when it threw while Catch2 was still estimating iterations, before printing any number.
  const failure = /^(.*?)\s*Benchmark failed \((.*)\)\s*$/.exec(content);
  if (failure) failedRow(set, state, failure);
  else if (state.awaitingMean !== undefined) meanLine(set, state, state.awaitingMean, content, lineNumber);
  else resultLine(set, state, content, lineNumber);
}

function parseConsole(set: MeasurementSet, text: string): void {
  const state: ConsoleState = { phase: 'outside', path: [], analysis: true, nameParts: [], awaitingMean: undefined };
  for (const line of lines(text)) {
    const content = line.text.trimEnd();
    if (RULE.test(content)) atRule(state);
    else if (state.phase === 'caseName') state.path.push(content.trim());
    else if (TABLE_HEADER.test(content)) {
      state.phase = 'tableHeader';
      state.analysis = !/\bmean\s*$/.test(content); // --benchmark-no-analysis: "samples iterations mean"
    } else if (state.phase === 'rows') tableLine(set, state, content, line.number);
  }
}

function isXml(text: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<(Catch|Catch2TestRun)[\s>]/.test(head(text, 1024));
}

export const catch2: FormatParser = {
  name: NAME,
  description: 'Catch2 benchmarks: XML reporter (-r xml) or console output',

  detect(text) {
    if (isXml(text)) return head(text).includes('<BenchmarkResults');
    const start = head(text);
    return /is a Catch2? v\d/.test(start) && /^benchmark name\s+samples\s+iterations/m.test(start);
  },

  parse(text) {
    const set = new MeasurementSet(NAME);
    if (isXml(text)) parseXml(set, text);
    else parseConsole(set, text);
    return set.toArray();
  },
};
