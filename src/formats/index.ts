/**
 * The registry of format parsers, and auto-detection. A new harness is a new module plus one line
 * in `detectable`. Order matters for detection: the most specific sniff comes first.
 */
import type { Measurement } from '../model.js';
import { asv } from './asv.js';
import { autocannon } from './autocannon.js';
import { benchBitcoinCsv } from './bench-bitcoin-csv.js';
import { benchmarkIps } from './benchmark-ips.js';
import { benchgate } from './benchgate.js';
import { benchmarkdotnet } from './benchmarkdotnet.js';
import { cargoBench } from './cargo-bench.js';
import { catch2 } from './catch2.js';
import { criterion } from './criterion.js';
import { customBiggerIsBetter, customSmallerIsBetter, looksLikeCustomJson } from './custom-json.js';
import { deno } from './deno.js';
import { divan } from './divan.js';
import { go } from './go.js';
import { googleBenchmark } from './google-benchmark.js';
import { hyperfine } from './hyperfine.js';
import { iaiCallgrind } from './iai-callgrind.js';
import { jmh } from './jmh.js';
import { juliaBenchmarkTools } from './julia-benchmarktools.js';
import { k6 } from './k6.js';
import { js } from './js.js';
import { firstLines } from './lines.js';
import { nanobench } from './nanobench.js';
import { oha } from './oha.js';
import { pyperf } from './pyperf.js';
import { qtestlib } from './qtestlib.js';
import { pytestBenchmark } from './pytest-benchmark.js';
import { wrk } from './wrk.js';
import { FormatError, type FormatParser } from './types.js';

export { criterionFullId, criterionPrinted, parseCriterionSample, withCriterionSamples } from './criterion-dir.js';
export { FormatError, type FormatParser } from './types.js';

/** In detection order: JSON formats by their own keys first, then text formats by their lines. */
export const detectable: FormatParser[] = [
  benchgate,
  googleBenchmark,
  hyperfine,
  pytestBenchmark,
  jmh,
  benchmarkdotnet,
  pyperf,
  asv,
  juliaBenchmarkTools,
  autocannon,
  oha,
  k6,
  deno,
  catch2,
  qtestlib,
  iaiCallgrind,
  divan,
  benchmarkIps,
  wrk,
  nanobench,
  js,
  benchBitcoinCsv,
  criterion, // before cargo-bench: it also reads the libtest lines of a mixed `cargo bench` log
  cargoBench,
  go,
];

/** Every format --format accepts; the last ones only by name (their data does not say which way is better). */
export const formats: FormatParser[] = [...detectable, customSmallerIsBetter, customBiggerIsBetter];

export function getFormat(name: string): FormatParser {
  const format = formats.find((f) => f.name === name);
  if (!format) {
    throw new Error(`unknown format "${name}"; valid formats: auto, ${formats.map((f) => f.name).join(', ')}`);
  }
  return format;
}

export function detectFormat(text: string): FormatParser {
  const format = detectable.find((f) => f.detect(text));
  if (format) return format;
  const shown = firstLines(text, 5)
    .filter((line) => line.trim() !== '')
    .map((line) => `  | ${line.length > 120 ? `${line.slice(0, 120)}…` : line}`);
  throw new FormatError(
    'auto',
    `could not recognise the benchmark output; tried ${detectable.map((f) => f.name).join(', ')}.\n` +
      (shown.length > 0 ? `First lines seen:\n${shown.join('\n')}` : 'The output was empty.') +
      (looksLikeCustomJson(text)
        ? "\nThis looks like github-action-benchmark's custom JSON, whose direction is not in the data: pass --format custom-smaller-is-better or --format custom-bigger-is-better."
        : '\nPass --format NAME to choose one.'),
  );
}

/**
 * Parses one run's output with the named format, or the detected one when `format` is "auto".
 * Output without a single result is an error: a gate must not pass because nothing was read.
 */
export function parseOutput(text: string, format: string): { format: string; measurements: Measurement[] } {
  const parser = format === 'auto' ? detectFormat(text) : getFormat(format);
  const measurements = parser.parse(text);
  if (measurements.length === 0) {
    throw new FormatError(parser.name, `no benchmark results in the output; expected ${parser.description}`);
  }
  return { format: parser.name, measurements };
}
