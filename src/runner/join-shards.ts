/**
 * Joining shards (docs/architecture.md, decision 4; docs/shards.md): the logs of one sharded
 * comparison, each shard's header carrying `shard`, become one log of disjoint benchmarks. Runs
 * keep their rounds and are tagged with their shard (their profile lines are carried as they are:
 * shards never share a benchmark); each shard's machine is kept in the header's
 * `shards`. Every shard 1..N must be there exactly once, each completed: a missing, failed or
 * doubled shard is an error naming it, never a silent partial pass. The joined log is analysed
 * part by part (analysis/shards.ts) with the caller's trusted gate settings, never a log's.
 */
import { SCHEMA_VERSION, type AnalysisGate, type CountWork, type JoinedShard, type LogHeader, type LogLine } from '../model.js';
import { shardOfBenchmark, shardUnit } from '../harness/shard-split.js';
import { checkSameComparison } from './log-identity.js';
import { RunFailure } from './errors.js';
import { LogError, type ParsedLog } from './log.js';

/** One shard's log and the file it was read from. */
interface ShardLog {
  file: string;
  log: ParsedLog;
}

export function joinShards(logs: { file: string; log: ParsedLog }[], gate: AnalysisGate): string {
  const { first, total, byIndex } = shardsByIndex(logs);
  checkEveryShardCompleted(byIndex, total);
  const ordered = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, e]) => e);
  const owned = ownedLists(ordered, total, first.log.header.config.format);
  const listed = owned.reduce((sum, names) => sum + names.length, 0);
  const shards: JoinedShard[] = ordered.map(({ log }, i) => ({
    ...log.header.shard!,
    benchmarks: owned[i]!,
    listed,
    seed: log.header.seed,
    startedAt: log.header.startedAt,
    environment: log.header.environment,
  }));
  const { schema: _v1, shard: _one, ...header } = first.log.header;
  const countPlan = joinedCountPlan(ordered, owned);
  const lines: LogLine[] = [
    { ...header, schemaVersion: SCHEMA_VERSION, config: { ...header.config, ...gate }, ...(countPlan && { countPlan }), shards },
  ];
  for (const { log } of ordered) {
    const index = log.header.shard!.index;
    for (const run of log.runs) lines.push({ type: 'run', run: { ...run, shard: index } });
    for (const profile of log.profiles) lines.push({ type: 'profile', profile });
  }
  lines.push({ type: 'end', endedAt: new Date().toISOString(), status: 'completed', message: `joined from ${total} shards` });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** What the rounds were: the same in every shard of one run. */
const roundsDesign = (h: LogHeader) => JSON.stringify([h.config.rounds, h.config.adaptive ?? null]);

/**
 * The logs by shard index, each checked against the first: a shard of the same run (shard count,
 * comparison identity, rounds), given once.
 */
function shardsByIndex(logs: ShardLog[]): { first: ShardLog; total: number; byIndex: Map<number, ShardLog> } {
  const first = logs[0];
  if (!first?.log.header.shard) throw new LogError('joining shards needs the logs of every shard');
  const total = first.log.header.shard.total;
  const byIndex = new Map<number, ShardLog>();
  for (const entry of logs) {
    const { file, log } = entry;
    const shard = log.header.shard!;
    if (shard.total !== total)
      throw new LogError(
        `${file}: is shard ${shard.index}/${shard.total}, but ${first.file} is one of ${total} shards: join the logs of one sharded run`,
      );
    const twin = byIndex.get(shard.index);
    if (twin !== undefined)
      throw new LogError(`${file}: shard ${shard.index}/${total} is given twice (also ${twin.file}): give each shard's log once`);
    checkSameComparison({ file: first.file, header: first.log.header }, { file, header: log.header });
    if (roundsDesign(log.header) !== roundsDesign(first.log.header))
      throw new LogError(
        `${file}: shard ${shard.index}/${total} ran other rounds than ${first.file} (rounds, or rounds auto's budget): shards of one run share them`,
      );
    byIndex.set(shard.index, entry);
  }
  return { first, total, byIndex };
}

/** Every shard 1..total is there and its log ended completed; the first missing or unfinished one is named. */
function checkEveryShardCompleted(byIndex: Map<number, ShardLog>, total: number): void {
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new LogError(
      `shard ${missing.map((i) => `${i}/${total}`).join(', shard ')} ${missing.length === 1 ? 'is' : 'are'} missing: ` +
        `join the logs of all ${total} shards (a shard whose job did not upload its log did not finish)`,
    );
  }
  for (const [index, { file, log }] of byIndex) {
    if (log.end?.status === 'completed') continue;
    const why =
      log.end === null
        ? 'its log ends early, with no end line (killed?)'
        : `its log ended ${log.end.status}${log.end.message ? `: ${log.end.message.split('\n')[0]}` : ''}`;
    throw new RunFailure(`${file}: shard ${index}/${total} did not complete: ${why}; re-run that shard`);
  }
}

/**
 * The benchmarks each shard owns, in shard order. Each shard's list holds only the benchmarks the
 * hash gives it (a log is untrusted: lists that overlapped would hold more than all of alpha);
 * every listed benchmark holds a share (analysis/shards.ts).
 */
function ownedLists(ordered: ShardLog[], total: number, format: string): string[][] {
  const planned = ordered.some(({ log }) => log.header.shard!.plan !== undefined);
  return planned
    ? plannedLists(ordered, total, format)
    : ordered.map(({ log }) => {
        const { index } = log.header.shard!;
        return [...new Set(log.header.shard!.benchmarks)].filter((name) => shardOfBenchmark(format, name, total) === index);
      });
}

/** Per-benchmark counts: each shard calibrated its own benchmarks on its own machine; undefined when no shard counted. */
function joinedCountPlan(ordered: ShardLog[], owned: string[][]): Record<string, CountWork> | undefined {
  return ordered.some(({ log }) => log.header.countPlan)
    ? Object.fromEntries(
        ordered.flatMap(({ log }, i) =>
          owned[i]!.flatMap((name) => {
            const work = log.header.countPlan?.[name];
            return work ? [[name, work] as const] : [];
          }),
        ),
      )
    : undefined;
}

/**
 * The shards' lists when a shard plan chose them: every shard must have used the same plan, and no
 * unit may be listed by two shards (so the shares add up to at most all of alpha).
 */
function plannedLists(ordered: ShardLog[], total: number, format: string): string[][] {
  const first = ordered[0]!;
  const claimed = new Map<string, number>();
  return ordered.map(({ file, log }) => {
    const shard = log.header.shard!;
    if (shard.plan !== first.log.header.shard!.plan)
      throw new LogError(
        `${file}: shard ${shard.index}/${total} ${shard.plan === undefined ? 'used no shard plan, unlike' : 'used another shard plan than'} ${first.file}: every shard of one run takes the same shard-plan`,
      );
    const names = [...new Set(shard.benchmarks)];
    for (const name of names) {
      const unit = shardUnit(format, name);
      const other = claimed.get(unit);
      if (other !== undefined && other !== shard.index)
        throw new LogError(
          `${file}: shard ${shard.index}/${total} lists ${JSON.stringify(name)}, which shard ${other}/${total} lists too: shards never share a benchmark`,
        );
      claimed.set(unit, shard.index);
    }
    return names;
  });
}
