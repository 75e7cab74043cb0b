/**
 * Count calibration (docs/counts.md, "Calibration"): the work each benchmark is counted at, from
 * whole-run counts at a probe size p and 2p: per-op count c = (C(2p) − C(p)) / p, fixed cost
 * F = C(p) − p·c. The probes are re-taken 16× larger while their difference is within the
 * probes' noise, or while c disagrees with the native run's time per op; the work is then sized
 * so the benchmark's own instructions dominate F, and capped so one counted run stays bounded.
 * No I/O: the caller counts each probe (runner/counts.ts).
 */
import type { CountWork } from '../model.js';

/** The first probe runs about this long natively (from the native run's time per op). */
const PROBE_NATIVE_NS = 2e6;
/** No probe runs more iterations than this. */
const MAX_PROBE_ITERATIONS = 1e9;
/**
 * The smallest probe and work. Go runs b.N = 1 once before the fixed count unless the count is 1:
 * C(2) − C(1) is then 2 ops, not 1, and a benchmark's calibration doubles its per-op count.
 */
const MIN_ITERATIONS = 2;
/** The small work executes at least this many instructions in the benchmark itself... */
const MIN_WORK_INSTRUCTIONS = 20e6;
/** ...and at least this many times the run's fixed cost (start-up, the harness's first run). */
const FIXED_COST_FACTOR = 10;
/** The large work is this many times the small one. */
export const LARGE_OVER_SMALL = 2;
/**
 * The probes resolve c when C(2p) − C(p) is at least this share of C(p). Counts under cachegrind
 * repeat to about 2·10⁻⁵ of a run at one iteration (pytest: a few thousand of 0.85 G; Go with
 * GOGC=off, GOMAXPROCS=1: less), and pytest's to 3·10⁻⁴ at 100 rounds (five runs within 0.27 M,
 * docs/steady.md), so 1% is at least 30× the noise: a difference below it may be mostly noise, and
 * c read from it far off.
 */
const RESOLVE_SHARE = 0.01;
/** How much larger each new probe is, and how many times at most the probes are re-taken. */
const REPROBE_FACTOR = 16;
const MAX_REPROBES = 3;
/** A re-probe whose large run would count more than this, or run longer than this natively, is not taken. */
const PROBE_MAX_INSTRUCTIONS = 2e9;
const PROBE_MAX_NATIVE_NS = 1e9;
/**
 * One counted run (the large work) executes at most this many instructions: 20 G is 3–7 minutes
 * under cachegrind on the 2-core runner (50–100 M instructions a second), the slowest a count
 * repetition should be. A benchmark whose wanted work passes it is counted at the cap instead.
 */
export const RUN_MAX_INSTRUCTIONS = 20e9;
/**
 * What one iteration's instructions per nanosecond of its native time can be. A core retires at
 * most 4–8 instructions a cycle at up to 6 GHz (≤ 50 per ns), and the native time comes from one
 * cold iteration (Go's -benchtime=1x), which only overstates it: over 100 per ns, the count is not
 * the benchmark's own. Under 0.1 (an IPC of 0.05 at 2 GHz) is rare for computing code, though a
 * benchmark that sleeps or waits can go lower: such a count is re-probed larger, never overruled.
 */
const INSTRUCTIONS_PER_NS = { min: 0.1, max: 100 };

/** Counts at p and 2p iterations. */
export interface Probes {
  p: number;
  c1: number;
  c2: number;
}

/** resolved: c is read from the probes; noise: their difference is within the probes' noise; implausible: c disagrees with the native time. */
export type ProbeVerdict = 'resolved' | 'noise' | 'implausible';

/** The first probe size: about PROBE_NATIVE_NS of native work, from the native run's time per iteration. */
export function probeSize(nsPerOp: number | null): number {
  return Math.max(MIN_ITERATIONS, Math.min(MAX_PROBE_ITERATIONS, Math.ceil(PROBE_NATIVE_NS / Math.max(nsPerOp ?? PROBE_NATIVE_NS, 1e-3))));
}

export function judgeProbes({ p, c1, c2 }: Probes, nsPerOp: number | null): ProbeVerdict {
  const difference = c2 - c1;
  if (!(difference >= RESOLVE_SHARE * c1) || difference <= 0) return 'noise';
  if (nsPerOp === null || !(nsPerOp > 0)) return 'resolved';
  const perNs = difference / p / nsPerOp;
  return perNs < INSTRUCTIONS_PER_NS.min || perNs > INSTRUCTIONS_PER_NS.max ? 'implausible' : 'resolved';
}

/** c, or (noise) the most it can be: the probes would have resolved anything larger. */
const perOpOf = ({ p, c1, c2 }: Probes, verdict: ProbeVerdict) =>
  verdict === 'noise' ? Math.max(c2 - c1, RESOLVE_SHARE * c1, 1) / p : (c2 - c1) / p;

/** The next probe size, or null when the probes stand: resolved, re-taken enough, or the next would be too large. */
export function nextProbe(probes: Probes, verdict: ProbeVerdict, nsPerOp: number | null, reprobes: number): number | null {
  if (verdict === 'resolved' || reprobes >= MAX_REPROBES) return null;
  const next = probes.p * REPROBE_FACTOR;
  const largeCount = probes.c1 + (2 * next - probes.p) * perOpOf(probes, verdict);
  if (next > MAX_PROBE_ITERATIONS || largeCount > PROBE_MAX_INSTRUCTIONS || 2 * next * (nsPerOp ?? 0) > PROBE_MAX_NATIVE_NS) return null;
  return next;
}

export interface Calibrated {
  work: CountWork;
  verdict: ProbeVerdict;
  /** The work was held to RUN_MAX_INSTRUCTIONS below what the benchmark wanted. */
  capped: boolean;
}

/**
 * The work sizes from the last probes. small = max(MIN_WORK_INSTRUCTIONS, factor·F) / c, at least
 * the probe size, at most what keeps the large run under RUN_MAX_INSTRUCTIONS; large =
 * LARGE_OVER_SMALL · small. With noise, c is its upper bound, so the cap holds for the real one too.
 */
export function workFromProbes(probes: Probes, verdict: ProbeVerdict, fixedCostFactor = FIXED_COST_FACTOR): Calibrated {
  const perOp = perOpOf(probes, verdict);
  const fixed = Math.max(probes.c1 - probes.p * perOp, 0);
  const wanted = Math.max(probes.p, Math.ceil(Math.max(MIN_WORK_INSTRUCTIONS, fixedCostFactor * fixed) / perOp));
  const cap = Math.max(MIN_ITERATIONS, Math.floor((RUN_MAX_INSTRUCTIONS - fixed) / (LARGE_OVER_SMALL * perOp)));
  const small = Math.min(wanted, cap);
  return { work: { small, large: LARGE_OVER_SMALL * small }, verdict, capped: wanted > cap };
}

/**
 * Probes at p and 2p, re-taken larger while they do not resolve c (nextProbe), then the work.
 * `count(work)` counts one probe run.
 */
export async function calibrateWork(
  count: (work: number) => Promise<number>,
  nsPerOp: number | null,
  fixedCostFactor?: number,
): Promise<Calibrated & { probes: Probes; reprobes: number }> {
  let p: number | null = probeSize(nsPerOp);
  for (let reprobes = 0; ; reprobes++) {
    const probes: Probes = { p, c1: await count(p), c2: await count(2 * p) };
    const verdict = judgeProbes(probes, nsPerOp);
    p = nextProbe(probes, verdict, nsPerOp, reprobes);
    if (p === null) return { ...workFromProbes(probes, verdict, fixedCostFactor), probes, reprobes };
  }
}
