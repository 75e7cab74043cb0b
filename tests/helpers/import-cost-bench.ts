/**
 * A stand-in Node harness whose one benchmark, "work", prints values that depend only on the
 * round (so base and head are the same), while `import './load.mjs'` makes it hold `MB`
 * megabytes for 400 ms, long enough for the peak-memory sampling to see it: a change in the
 * process's own cost and nothing else.
 */
export const IMPORT_COST_BENCH = `import { MB } from './load.mjs';
const held = Buffer.alloc(MB * 1024 * 1024, 1);
await new Promise((r) => setTimeout(r, 400));
const round = Number(process.env.BENCHGATE_ROUND ?? 1);
const values = [1, 2, 3].map((i) => 10 + ((round * 7 + i * 3) % 5) / 10);
if (held[0] !== 1) throw new Error('the buffer is held until the results are out');
process.stdout.write(JSON.stringify({ benchgate: 1, benchmarks: [{ name: 'work', unit: 'ms', values }] }));
`;

/** load.mjs holding `mb` megabytes. */
export const loadModule = (mb: number) => `export const MB = ${mb};\n`;
