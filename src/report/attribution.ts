/**
 * Where a flagged benchmark's change came from (`Comparison.attribution`, decision 8), in the
 * words every renderer shares: per-op numbers, the short function name, and the one line the
 * comment and the terminal put under the benchmark's row. Renderers pass their own escaping
 * for names (`code`), since names come from the pull request's binaries.
 */
import { isChange, type Attribution, type AttributedFunction, type CallPathStep, type Comparison } from '../model.js';

/** Functions one line names at most, whatever else the attribution holds. */
export const LINE_FUNCTIONS = 3;

/** The attribution of a benchmark the reports explain: a regression or an improvement that has one. */
export function attributionOf(c: Comparison): Attribution | undefined {
  return isChange(c) ? c.attribution : undefined;
}

/** A per-op count: whole numbers from 100 up, else three significant digits ("26", "0.5", "139.8" as "140"). */
export function formatPerOp(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3));
  return rounded.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A signed per-op change: "+4", "−26". */
export function formatDelta(value: number): string {
  const text = formatPerOp(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : '±0';
}

/** A function's Δ per op with its interval, or "(exact)" with one repetition a side (no spread to judge). */
export function formatDeltaInterval(f: AttributedFunction): string {
  return `${formatDelta(f.delta)}${f.interval ? ` [${formatDelta(f.interval[0])}, ${formatDelta(f.interval[1])}]` : ' (exact)'}`;
}

/** A function's share of the benchmark's Δ: beyond 100% or below 0 when others offset it. */
export function formatShare(pct: number | null): string {
  if (pct === null) return '–';
  return `${pct < 0 ? '−' : ''}${Math.abs(pct).toFixed(Math.abs(pct) >= 100 ? 0 : 1)}%`;
}

/** What one per-op number counts: self instructions (shown as "/op") or Python calls. */
export function perOpUnit(level: Attribution['level']): string {
  return level === 'calls' ? 'calls/op' : '/op';
}

/** What the level counts, in words, for headings. */
export function levelWords(level: Attribution['level']): string {
  return level === 'calls' ? 'Python calls per op' : 'instructions per op';
}

/** The words that open an attribution: passes after a timed verdict saw only instructions. */
export function attributionLead(a: Attribution): string {
  return a.source === 'passes' ? 'where the instructions changed' : 'where';
}

/**
 * A Go function without its import path ("github.com/google/uuid.Parse" → "uuid.Parse",
 * "github.com/cespare/xxhash/v2.Sum64String" → "xxhash/v2.Sum64String"), which the line has no
 * room for; the job summary and report.html show the whole name. Only slashes before any
 * bracket, space or parenthesis count, so a C++ or Python name stays whole.
 */
export function shortFunctionName(name: string): string {
  const path = /^[^\s(<[]*\//.exec(name)?.[0];
  if (path === undefined) return name;
  // A major version is not a package name: keep the segment it belongs to. (lastIndexOf, not a
  // regular expression: /[^/]*\/$/ is quadratic, 20 s on a 100 KB name a pull request can choose.)
  const keep = /^v\d+\./.test(name.slice(path.length)) ? path.slice(path.lastIndexOf('/', path.length - 2) + 1) : '';
  return keep + name.slice(path.length);
}

const sameFunction = (a: { file: string; name: string }, b: { file: string; name: string }) => a.file === b.file && a.name === b.name;

function functionPart(a: Attribution, f: AttributedFunction, code: (name: string) => string): string {
  const moved = a.inlined.find((i) => sameFunction(i, f));
  const into = moved ? ` (inlined into ${code(moved.into.name)})` : '';
  return `${code(f.name)} ${formatPerOp(f.base)} → ${formatPerOp(f.head)} ${perOpUnit(a.level)}${into}`;
}

/** A step's numbers: "2,518 → 3,597 /op", with "(called 12 → 12 times per op)" when callgrind counted its calls. */
export function stepNumbers(a: Attribution, s: { base: number; head: number; calls?: { base: number; head: number } }): string {
  const calls = s.calls ? ` (called ${formatPerOp(s.calls.base)} → ${formatPerOp(s.calls.head)} times per op)` : '';
  return `${formatPerOp(s.base)} → ${formatPerOp(s.head)} ${perOpUnit(a.level)}${calls}`;
}

/** A function below the owner: its calls per op when callgrind counted them, else its cost. */
function underPart(a: Attribution, step: CallPathStep, code: (name: string) => string): string {
  const [base, head, unit] = step.calls ? [step.calls.base, step.calls.head, 'calls/op'] : [step.base, step.head, perOpUnit(a.level)];
  return `${code(step.name)} ${formatPerOp(base)} → ${formatPerOp(head)} ${unit}`;
}

/**
 * The pieces of the line after its lead, each with its own punctuation: with a call path, the
 * owner first ("`uuid.Parse` 395 → 140 /op:") then what changed under it, when anything outside
 * the benchmarked code did; else the functions, largest change first. At most LINE_FUNCTIONS names.
 */
function attributionParts(a: Attribution, named: (name: string) => string): string[] {
  const path = a.callPath;
  if (path && path.under.length > 0) {
    const owner = `${named(path.owner.name)} ${formatPerOp(path.owner.base)} → ${formatPerOp(path.owner.head)} ${perOpUnit(a.level)}:`;
    return [
      owner,
      ...path.under.slice(0, LINE_FUNCTIONS - 1).map((s, i, all) => `${underPart(a, s, named)}${i < all.length - 1 ? ',' : ''}`),
    ];
  }
  if (a.functions.length === 0) return ['no function changed beyond its spread'];
  const shown = a.functions.slice(0, LINE_FUNCTIONS);
  return shown.map((f, i) => `${functionPart(a, f, named)}${i < shown.length - 1 ? ',' : ''}`);
}

/**
 * The one line under a flagged row, without its prefix: "where: `Sum64String` 26 → 0 /op
 * (inlined into `BenchmarkSum64String.func1`), …", or, with a call path, the owner first:
 * "where: `uuid.Parse` 395 → 140 /op: `runtime.newobject` 1 → 0 calls/op". `code` escapes each
 * name (given the short one); `separator` goes between the pieces (a space, or the comment's
 * line break, which keeps its table's first column narrow).
 */
export function attributionLine(a: Attribution, code: (name: string) => string, separator = ' '): string {
  const named = (name: string) => code(shortFunctionName(name));
  return [`${attributionLead(a)}:`, ...attributionParts(a, named)].join(separator);
}

/** "These explain 98% of the change (76.8 → 54.4 /op)", or says how little they explain. */
export function explainedSentence(a: Attribution): string {
  const total = `${formatPerOp(a.total.base)} → ${formatPerOp(a.total.head)} ${perOpUnit(a.level)}`;
  if (a.explainedPct === null) return `The total did not change per op (${total}).`;
  const pct = `${Math.round(a.explainedPct)}%`;
  if (a.explainedPct >= 90) return `These explain ${pct} of the change (${total}).`;
  return `These explain only ${pct} of the change (${total}): the rest is many small changes, none beyond its own spread.`;
}
