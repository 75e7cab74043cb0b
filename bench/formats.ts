/**
 * Parses ~100 MB of `go test -bench -count=N -benchmem` output and prints time, throughput and
 * peak memory. Run alone with `node --import tsx bench/formats.ts [megabytes]`; `npm run bench` calls
 * runFormatsBench() in its overhead section.
 */
import { pathToFileURL } from 'node:url';
import { parseOutput } from '../src/formats/index.js';

const BENCHMARKS_PER_PACKAGE = 500;

/** Go output of about `megabytes` MB: packages of sub-benchmarks, each repeated like -count. */
function goOutput(megabytes: number): string {
  const target = megabytes * 1024 * 1024;
  const chunks: string[] = [];
  let size = 0;
  for (let pkg = 0; size < target; pkg++) {
    const header = `goos: linux\ngoarch: amd64\npkg: example.com/bench/pkg${pkg}\ncpu: AMD EPYC 7763 64-Core Processor\n`;
    chunks.push(header);
    size += header.length;
    for (let round = 0; round < 10 && size < target; round++) {
      for (let b = 0; b < BENCHMARKS_PER_PACKAGE; b++) {
        const ns = (100 + b + round * 0.37).toFixed(2);
        const line = `BenchmarkEncode/size=${b}/format=json-8 \t 1000000\t ${ns} ns/op\t ${(1e3 / Number(ns)).toFixed(2)} MB/s\t ${b * 8} B/op\t ${b % 7} allocs/op\n`;
        chunks.push(line);
        size += line.length;
      }
    }
    chunks.push(`PASS\nok  \texample.com/bench/pkg${pkg}\t12.345s\n`);
  }
  return chunks.join('');
}

export interface FormatsBenchResult {
  format: string;
  megabytes: number;
  seconds: number;
  values: number;
  measurements: number;
  heapGrowthMb: number;
  peakRssMb: number;
}

export function runFormatsBench(megabytes = 100): FormatsBenchResult {
  const text = goOutput(megabytes);
  globalThis.gc?.();
  const before = process.memoryUsage();
  const started = process.hrtime.bigint();
  const { format, measurements } = parseOutput(text, 'auto');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const after = process.memoryUsage();
  return {
    format,
    megabytes: text.length / 1024 / 1024,
    seconds,
    values: measurements.reduce((sum, m) => sum + m.values.length, 0),
    measurements: measurements.length,
    heapGrowthMb: (after.heapUsed - before.heapUsed) / 1024 / 1024,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function printFormatsBench(r: FormatsBenchResult): void {
  console.log(
    `formats: ${r.format} parser, ${r.megabytes.toFixed(1)} MB of output (${r.values.toLocaleString('en')} values, ${r.measurements.toLocaleString('en')} measurements)`,
  );
  console.log(`  time          ${r.seconds.toFixed(2)} s (${(r.megabytes / r.seconds).toFixed(0)} MB/s)`);
  console.log(`  heap growth   ${r.heapGrowthMb.toFixed(0)} MB (the parsed values themselves)`);
  console.log(`  peak RSS      ${r.peakRssMb.toFixed(0)} MB`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printFormatsBench(runFormatsBench(Number(process.argv[2] ?? 100)));
