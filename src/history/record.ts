/**
 * One history record: what one recording run measured on one link of a branch (the last
 * recorded commit against the new one), for one suite. Built from results.json alone (its
 * comparisons and the machine facts it carries); read back from a store that may hold records
 * written by another version, so reading checks the shape and refuses a newer schema.
 */
import type { Attribution, Better, Comparison, ComparisonResult, Verdict } from '../model.js';

/** The record's schema; a reader accepts every version up to its own (docs/history.md). 2 added `commit`, 3 a benchmark's `attribution`. */
export const RECORD_SCHEMA_VERSION = 3;

/** At most this many functions of a change's attribution are recorded (the comment shows as many). */
const RECORDED_FUNCTIONS = 3;

/** A function of a recorded attribution, per op on each side. */
export interface RecordedFunction {
  file: string;
  name: string;
  base: number;
  head: number;
}

/**
 * Where a recorded change came from (version 3): the owner of its call path, when there is one, then
 * its top functions, at most RECORDED_FUNCTIONS in all. The trend site shows it at a change point.
 */
export interface RecordedAttribution {
  level: Attribution['level'];
  source: Attribution['source'];
  functions: RecordedFunction[];
}

/** The recorded commit as git describes it: its subject line and committer date (ISO 8601). */
export interface CommitSummary {
  subject: string;
  committedAt: string;
}

/** Change points are looked for only among records of one machine class (counts excepted). */
export interface MachineClass {
  cpuModel: string | null;
  cpuCount: number | null;
}

export interface BenchmarkRecord {
  /** The name as the harness description normalises it (Go drops "-N"): the identity across commits. */
  benchmark: string;
  metric: string;
  unit: string;
  better: Better;
  /** Deterministic counts (instructions): comparable across machines. */
  deterministic: boolean;
  complexityN?: number;
  /** This link's change, head against base, in percent, with its interval at `intervalLevel`. */
  changePct: number | null;
  interval: [number, number] | null;
  verdict: Verdict;
  thresholdPct: number;
  /** Absolute medians in `unit`: the series change points are found in. */
  baseMedian: number | null;
  headMedian: number | null;
  /** Where this link's change came from, when the comparison had an attribution (version 3). */
  attribution?: RecordedAttribution;
}

export interface HistoryRecord {
  schemaVersion: number;
  /** The branch the link belongs to (main). */
  branch: string;
  suite: string;
  /** The link: the previous recorded commit and the recorded one. */
  base: string;
  head: string;
  /** ISO 8601, when the record was made: orders a branch's records. */
  recordedAt: string;
  /** The head commit's subject and date, where `benchgate record` could ask git for them (version 2). */
  commit?: CommitSummary;
  measure: 'time' | 'instructions';
  machine: MachineClass;
  /** The confidence level of every `interval` (benchgate's Hodges-Lehmann interval: 0.95). */
  intervalLevel: number;
  benchmarks: BenchmarkRecord[];
}

export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordError';
  }
}

export interface RecordContext {
  branch: string;
  recordedAt: Date;
  /** The harness description's normalisation (src/harness/); identity where the harness has none. */
  normaliseName: (raw: string) => string;
  /** The head commit's subject and date; null where git could not say (no clone of it where recording ran). */
  commit: CommitSummary | null;
}

/** The records of one results.json: one per suite, benchmarks in the order of the comparisons. */
export function recordsFromResult(result: ComparisonResult, context: RecordContext): HistoryRecord[] {
  const suites = [...new Set(result.comparisons.map((c) => c.suite))];
  return suites.map((suite) => ({
    schemaVersion: RECORD_SCHEMA_VERSION,
    branch: context.branch,
    suite,
    base: result.base.sha,
    head: result.head.sha,
    recordedAt: context.recordedAt.toISOString(),
    ...(context.commit !== null && { commit: context.commit }),
    measure: result.settings.measure ?? 'time',
    machine: { cpuModel: result.environment.cpuModel ?? null, cpuCount: result.environment.cpuCount ?? null },
    intervalLevel: 0.95,
    benchmarks: result.comparisons
      .filter((c) => c.suite === suite)
      .map((c) => ({
        benchmark: context.normaliseName(c.benchmark),
        metric: c.metric,
        unit: c.unit,
        better: c.better,
        deterministic: c.deterministic ?? false,
        ...(c.diagnostics?.complexityN !== undefined && { complexityN: c.diagnostics.complexityN }),
        changePct: c.changePct,
        interval: c.changeCi,
        verdict: c.verdict,
        thresholdPct: c.thresholdPct,
        baseMedian: c.base?.median ?? null,
        headMedian: c.head?.median ?? null,
        ...(c.attribution && { attribution: recordedAttribution(c.attribution) }),
      })),
  }));
}

/** The part of an attribution a record keeps: the call path's owner first, then the top functions. */
function recordedAttribution(a: NonNullable<Comparison['attribution']>): RecordedAttribution {
  const pick = (f: RecordedFunction): RecordedFunction => ({ file: f.file, name: f.name, base: f.base, head: f.head });
  const owner = a.callPath ? [pick(a.callPath.owner)] : [];
  const others = a.functions.filter((f) => !owner.some((o) => o.file === f.file && o.name === f.name)).map(pick);
  return { level: a.level, source: a.source, functions: [...owner, ...others].slice(0, RECORDED_FUNCTIONS) };
}

const VERDICTS: readonly Verdict[] = ['regression', 'improvement', 'unchanged', 'inconclusive', 'added', 'removed', 'failed'];

type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const numOrNull: Check = (v) => v === null || num(v);
const strOrNull: Check = (v) => v === null || str(v);
const pair: Check = (v) => v === null || (Array.isArray(v) && v.length === 2 && v.every(num));

function requireFields(o: Record<string, unknown>, fields: Record<string, Check>, where: string): void {
  for (const [key, ok] of Object.entries(fields)) {
    if (!ok(o[key])) throw new RecordError(`${where}: "${key}" is missing or of the wrong type`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record read back from a store, checked; `where` names the file or row in errors. */
export function parseRecord(data: unknown, where: string): HistoryRecord {
  if (!isObject(data)) throw new RecordError(`${where}: not a benchgate history record (not an object)`);
  if (!num(data.schemaVersion)) throw new RecordError(`${where}: no schemaVersion: not a benchgate history record`);
  if ((data.schemaVersion as number) > RECORD_SCHEMA_VERSION) {
    throw new RecordError(`${where}: written by a newer benchgate (record schemaVersion ${String(data.schemaVersion)}): upgrade benchgate`);
  }
  requireFields(data, { branch: str, suite: str, base: str, head: str, recordedAt: str, intervalLevel: num }, where);
  if (data.measure !== 'time' && data.measure !== 'instructions') throw new RecordError(`${where}: "measure" must be time or instructions`);
  if (data.commit !== undefined) {
    if (!isObject(data.commit)) throw new RecordError(`${where}: "commit" must be an object`);
    requireFields(data.commit, { subject: str, committedAt: str }, `${where} commit`);
  }
  if (!isObject(data.machine)) throw new RecordError(`${where}: "machine" is missing`);
  requireFields(data.machine, { cpuModel: strOrNull, cpuCount: numOrNull }, `${where} machine`);
  if (!Array.isArray(data.benchmarks)) throw new RecordError(`${where}: "benchmarks" must be a list`);
  data.benchmarks.forEach((b: unknown, i) => {
    const at = `${where} benchmarks[${i}]`;
    if (!isObject(b)) throw new RecordError(`${at}: not an object`);
    requireFields(
      b,
      {
        benchmark: str,
        metric: str,
        unit: str,
        better: (v) => v === 'lower' || v === 'higher',
        deterministic: (v) => typeof v === 'boolean',
        changePct: numOrNull,
        interval: pair,
        verdict: (v) => VERDICTS.includes(v as Verdict),
        thresholdPct: num,
        baseMedian: numOrNull,
        headMedian: numOrNull,
      },
      at,
    );
    if (b.attribution !== undefined) checkAttribution(b.attribution, `${at} attribution`);
  });
  return data as unknown as HistoryRecord;
}

function checkAttribution(a: unknown, where: string): void {
  if (!isObject(a)) throw new RecordError(`${where}: not an object`);
  if (a.level !== 'instructions' && a.level !== 'calls') throw new RecordError(`${where}: "level" must be instructions or calls`);
  if (a.source !== 'counts' && a.source !== 'passes') throw new RecordError(`${where}: "source" must be counts or passes`);
  if (!Array.isArray(a.functions)) throw new RecordError(`${where}: "functions" must be a list`);
  a.functions.forEach((f: unknown, i) => {
    if (!isObject(f)) throw new RecordError(`${where} functions[${i}]: not an object`);
    requireFields(f, { file: str, name: str, base: num, head: num }, `${where} functions[${i}]`);
  });
}

/** A branch's records in the order they were made: time, then head commit and suite for equal times. */
export function chronological(records: readonly HistoryRecord[]): HistoryRecord[] {
  const key = (r: HistoryRecord): [string, string, string] => [r.recordedAt, r.head, r.suite];
  return [...records].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    return 0;
  });
}
