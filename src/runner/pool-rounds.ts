/**
 * Pooling rounds (docs/architecture.md, decision 4): logs of the same comparison and the same
 * benchmarks (say, the PR gate's run and a later deep run) become one log whose rounds are
 * analysed together. Rounds of later logs are renumbered after those of earlier ones, and so are
 * their profile lines' (decision 8); an attribution pass (round 0) of the same comparison counts
 * the same binaries again, so the first log's is kept and a later one of the same key dropped. Logs of
 * another comparison are refused naming the field (log-identity.ts), and so is a log given twice
 * (or a merged log with one of its sources), whose runs would count twice. The merged log's gate
 * settings are the caller's trusted ones, never a source log's, and it is analysed with fixed
 * rounds whatever design its sources followed. (Joining shards of disjoint benchmarks is the
 * other kind of merge, and another module.)
 */
import { SCHEMA_VERSION, type AnalysisGate, type LogLine } from '../model.js';
import { checkSameComparison } from './log-identity.js';
import { LogError, type ParsedLog } from './log.js';

export function poolRounds(logs: { file: string; log: ParsedLog }[], gate: AnalysisGate): string {
  if (logs.length === 0) throw new LogError('merge needs at least one results log');
  const first = logs[0]!;
  // The merged rounds follow no one design: rounds auto's looks do not carry over, the analysis is fixed-rounds.
  const { adaptive: _looks, ...config } = first.log.header.config;
  // The merged log is written at this benchgate's version, whatever its sources' were.
  const { schema: _v1, ...header } = first.log.header;
  const lines: LogLine[] = [{ ...header, schemaVersion: SCHEMA_VERSION, config: { ...config, ...gate, rounds: null } }];
  let offset = 0;
  /** A run's header is its identity: it started once, with one seed. */
  const started = new Map<string, string>();
  /** Attribution passes (round-0 profiles) already taken, by benchmark, side and tool. */
  const passes = new Set<string>();
  for (const { file, log } of logs) {
    if (log.header.shards) throw new LogError(`${file}: is joined from shards, and joined logs cannot be pooled (yet): analyse it alone`);
    const identity = JSON.stringify([log.header.startedAt, log.header.seed]);
    const twin = started.get(identity);
    if (twin !== undefined) {
      throw new LogError(
        `${file}: holds the same run as ${twin} (started ${log.header.startedAt}, seed ${log.header.seed}); merging it would count its rounds twice`,
      );
    }
    started.set(identity, file);
    checkSameComparison({ file: first.file, header: first.log.header }, { file, header: log.header });
    const rounds = log.runs.reduce((most, r) => Math.max(most, r.round), 0);
    for (const run of log.runs) lines.push({ type: 'run', run: { ...run, round: run.round + offset } });
    for (const profile of log.profiles) {
      const round = profile.round === 0 ? 0 : profile.round + offset;
      const key = JSON.stringify([profile.benchmark, profile.side, profile.tool]);
      if (round === 0 && passes.has(key)) continue;
      if (round === 0) passes.add(key);
      lines.push({ type: 'profile', profile: { ...profile, round } });
    }
    offset += rounds;
  }
  lines.push({ type: 'end', endedAt: new Date().toISOString(), status: 'completed', message: `merged from ${logs.length} logs` });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
