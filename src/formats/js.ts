/**
 * JavaScript harnesses, told apart by their output: benchmark.js text, tinybench table or JSON dump,
 * mitata text or JSON, vitest bench JSON. Each dialect lives in ./js/.
 */
import { JsonShape, parseJson } from './json.js';
import { addBenchmarkjsLine, benchmarkjsResult } from './js/benchmarkjs.js';
import { isMitataText, parseMitataJson, parseMitataText } from './js/mitata.js';
import { isTinybenchTable, parseTinybenchJson, parseTinybenchTable } from './js/tinybench.js';
import { parseVitestJson } from './js/vitest.js';
import { head, lines } from './lines.js';
import { MeasurementSet } from './measurements.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'js';
const shape = new JsonShape(NAME);

type JsonDialect = 'tinybench' | 'mitata' | 'vitest';

function jsonDialect(start: string): JsonDialect | undefined {
  if (/^\s*\[/.test(start)) return start.includes('"result"') && /"(latency|samples|period|state)"/.test(start) ? 'tinybench' : undefined;
  if (!/^\s*\{/.test(start)) return undefined;
  if (start.includes('"layout"') && start.includes('"benchmarks"') && start.includes('"runs"')) return 'mitata';
  if (/^\s*\{\s*"files"\s*:/.test(start) && start.includes('"groups"') && start.includes('"benchmarks"')) return 'vitest';
  return undefined;
}

function hasBenchmarkjsLine(text: string): boolean {
  for (const line of lines(text)) if (benchmarkjsResult(line.text)) return true;
  return false;
}

export const js: FormatParser = {
  name: NAME,
  description: 'JavaScript: benchmark.js text, tinybench table/JSON, mitata text/JSON, vitest bench JSON',

  detect(text) {
    const start = head(text, 64 * 1024);
    return jsonDialect(start) !== undefined || isTinybenchTable(start) || isMitataText(start) || hasBenchmarkjsLine(start);
  },

  parse(text) {
    const set = new MeasurementSet(NAME);
    const start = head(text, 64 * 1024);
    const dialect = jsonDialect(start);
    if (dialect === 'tinybench') parseTinybenchJson(set, shape.array(parseJson(NAME, text), 'the top level'));
    else if (dialect === 'mitata') parseMitataJson(set, shape.object(parseJson(NAME, text), 'the top level'));
    else if (dialect === 'vitest') parseVitestJson(set, shape.object(parseJson(NAME, text), 'the top level'));
    else if (isTinybenchTable(start)) parseTinybenchTable(set, text);
    else if (isMitataText(start)) parseMitataText(set, text);
    else for (const line of lines(text)) addBenchmarkjsLine(set, line);
    if (set.size === 0) throw new FormatError(NAME, 'expected benchmark.js, tinybench, mitata or vitest output with at least one result');
    return set.toArray();
  },
};
