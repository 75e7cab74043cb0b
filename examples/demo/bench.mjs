// The demo's benchmark harness: times each workload a few times in this process and prints
// benchgate's JSON format. benchgate runs this once per side per round.
import { workloads } from './workloads.mjs';

const ITERATIONS = 5;

const benchmarks = [];
for (const [name, workload] of Object.entries(workloads)) {
  const values = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = process.hrtime.bigint();
    workload();
    values.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  benchmarks.push({ name, unit: 'ms', values });
}
console.log(JSON.stringify({ benchgate: 1, benchmarks }));
