/**
 * wrk's report with `--latency`: per `Running <duration> test @ <url>` block, the `Latency
 * Distribution` percentiles (50, 75, 90, 99), the maximum from the Thread Stats `Latency` row and
 * `Requests/sec`. `Non-2xx or 3xx responses` and `Socket errors` fail the run. Without --latency
 * wrk prints no percentiles: that is an error naming the flag.
 */
import type { Measurement } from '../model.js';
import { countReason, type HttpResult, httpMeasurements, TargetNames } from './http.js';
import { head, type Line, lines } from './lines.js';
import { parseDecimal, parseGroupedDecimal, toSeconds } from './numbers.js';
import { FormatError, type FormatParser } from './types.js';

const NAME = 'wrk';
const RUNNING = /^Running \S+ test @ (.+)$/;
const PERCENTILE = /^\s+(\d+(?:\.\d+)?)%\s+(\S+)$/;
const LATENCY_STATS = /^\s+Latency\s+(\S+)\s+(\S+)\s+(\S+)\s+\S+%$/;
const NON_2XX = /^\s+Non-2xx or 3xx responses: (\d+)$/;
const SOCKET_ERRORS = /^\s+Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)$/;
const WRK_UNITS: Record<string, string> = { us: 'us', ms: 'ms', s: 's', m: 'min', h: 'h' };

/** wrk's durations: `635.91us`, `12.92ms`, `1.02s`, `1.50m`. */
function duration(text: string, line: number): number {
  const match = /^(\d+(?:\.\d+)?)(us|ms|s|m|h)$/.exec(text);
  const value = match ? parseDecimal(match[1]!) : undefined;
  if (!match || value === undefined) throw new FormatError(NAME, `expected a duration such as 9.50ms, got "${text}"`, line);
  return toSeconds(value, WRK_UNITS[match[2]!]!);
}

interface Block {
  result: HttpResult;
  line: number;
  inDistribution: boolean;
}

function finish(block: Block): Measurement[] {
  if (block.result.percentiles.length === 0) {
    throw new FormatError(NAME, `no latency percentiles for ${block.result.benchmark}: run wrk with --latency`, block.line);
  }
  if (block.result.requestsPerSecond === undefined)
    throw new FormatError(NAME, `no Requests/sec line for ${block.result.benchmark}`, block.line);
  return httpMeasurements(block.result);
}

/** A line after the distribution: the Latency row's maximum, the failures, or Requests/sec. */
function summaryLine(result: HttpResult, line: Line): void {
  const stats = LATENCY_STATS.exec(line.text);
  const non2xx = NON_2XX.exec(line.text);
  const socket = SOCKET_ERRORS.exec(line.text);
  if (stats) result.maxSeconds = duration(stats[3]!, line.number);
  else if (non2xx) result.failures.push(...countReason(Number(non2xx[1]), 'non-2xx or 3xx responses'));
  else if (socket) {
    const [connect, read, write, timeout] = socket.slice(1).map(Number) as [number, number, number, number];
    const errors = connect + read + write + timeout;
    result.failures.push(...countReason(errors, `socket errors (connect ${connect}, read ${read}, write ${write}, timeout ${timeout})`));
  } else if (line.text.startsWith('Requests/sec:')) {
    const rate = parseGroupedDecimal(line.text.slice('Requests/sec:'.length).trim(), NAME, line.number);
    if (rate === undefined) throw new FormatError(NAME, 'expected "Requests/sec: <number>"', line.number);
    result.requestsPerSecond = rate;
  }
}

/** A line within a `Running ...` block: the distribution's heading, a percentile, or a summary line. */
function blockLine(block: Block, line: Line): void {
  if (line.text.trim() === 'Latency Distribution') {
    block.inDistribution = true;
    return;
  }
  const percentile = block.inDistribution ? PERCENTILE.exec(line.text) : null;
  if (percentile) {
    block.result.percentiles.push([Number(percentile[1]), duration(percentile[2]!, line.number)]);
    return;
  }
  block.inDistribution = false;
  summaryLine(block.result, line);
}

export const wrk: FormatParser = {
  name: NAME,
  description: 'wrk --latency report',

  detect(text) {
    let running = false;
    for (const line of lines(head(text))) {
      if (RUNNING.test(line.text)) running = true;
      else if (running && line.text.startsWith('Requests/sec:')) return true;
    }
    return false;
  },

  parse(text) {
    const measurements: Measurement[] = [];
    const names = new TargetNames();
    let block: Block | undefined;
    for (const line of lines(text)) {
      const running = RUNNING.exec(line.text);
      if (running) {
        if (block) measurements.push(...finish(block));
        block = {
          result: { benchmark: names.next(running[1]!.trim()), percentiles: [], failures: [] },
          line: line.number,
          inDistribution: false,
        };
        continue;
      }
      if (block) blockLine(block, line);
    }
    if (block) measurements.push(...finish(block));
    return measurements;
  },
};
