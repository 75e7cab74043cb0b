// The demo's benchmark harness: times each workload a few times in this process and prints
// benchgate's JSON format. benchgate runs this once per side per round. BENCHGATE_FILTER holds a
// JSON array of the benchmarks to run (empty or unset: all); BENCHGATE_ITERATIONS, when set, is
// exactly how many times each runs (measure: instructions fixes the work with it; docs/formats.md).
import { workloads } from './workloads.mjs';

function iterations() {
  const given = process.env.BENCHGATE_ITERATIONS;
  if (given === undefined || given === '') return 5;
  if (!/^[1-9]\d*$/.test(given)) throw new Error(`BENCHGATE_ITERATIONS must be a positive integer, got ${JSON.stringify(given)}`);
  return Number(given);
}

const ITERATIONS = iterations();
const wanted = JSON.parse(process.env.BENCHGATE_FILTER || '[]');
const selected = Object.entries(workloads).filter(([name]) => wanted.length === 0 || wanted.includes(name));

const benchmarks = [];
for (const [name, workload] of selected) {
  const values = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = process.hrtime.bigint();
    workload();
    values.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  benchmarks.push({ name, unit: 'ms', values });
}
console.log(JSON.stringify({ benchgate: 1, benchmarks }));
