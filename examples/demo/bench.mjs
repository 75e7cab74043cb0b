// The demo's benchmark harness: times each workload a few times in this process and prints
// benchgate's JSON format. benchgate runs this once per side per round. With `rounds: auto`,
// BENCHGATE_FILTER holds a JSON array of the benchmarks still open (empty or unset: all).
import { workloads } from './workloads.mjs';

const ITERATIONS = 5;

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
