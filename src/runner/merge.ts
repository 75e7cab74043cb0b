/**
 * Combines results logs of the same base and head (say, the PR gate's run and a later deep
 * run) into one log, so their rounds are analysed together. Rounds of later logs are
 * renumbered after those of earlier ones; logs of other commits are refused, and so is a log
 * given twice (or a merged log with one of its sources), whose runs would count twice. A
 * merged log is analysed with fixed rounds, whatever design its sources followed.
 */
import { SCHEMA_VERSION, type LogHeader, type LogLine } from '../model.js';
import { LogError, type ParsedLog } from './log.js';

export function mergeLogs(logs: { file: string; log: ParsedLog }[]): string {
  if (logs.length === 0) throw new LogError('merge needs at least one results log');
  const first = logs[0]!;
  // The merged rounds follow no one design: rounds auto's looks do not carry over, the analysis is fixed-rounds.
  const { adaptive: _looks, ...config } = first.log.header.config;
  // The merged log is written at this benchgate's version, whatever its sources' were.
  const { schema: _v1, ...header } = first.log.header;
  const lines: LogLine[] = [{ ...header, schemaVersion: SCHEMA_VERSION, config: { ...config, rounds: null } } as LogHeader];
  let offset = 0;
  /** A run's header is its identity: it started once, with one seed. */
  const started = new Map<string, string>();
  for (const { file, log } of logs) {
    const identity = JSON.stringify([log.header.startedAt, log.header.seed]);
    const twin = started.get(identity);
    if (twin !== undefined) {
      throw new LogError(
        `${file}: holds the same run as ${twin} (started ${log.header.startedAt}, seed ${log.header.seed}); merging it would count its rounds twice`,
      );
    }
    started.set(identity, file);
    if (log.header.base.sha !== first.log.header.base.sha || log.header.head.sha !== first.log.header.head.sha) {
      throw new LogError(
        `${file}: compares other commits than ${first.file} (base/head SHAs differ); only logs of the same comparison can be merged`,
      );
    }
    const rounds = log.runs.reduce((most, r) => Math.max(most, r.round), 0);
    for (const run of log.runs) lines.push({ type: 'run', run: { ...run, round: run.round + offset } });
    offset += rounds;
  }
  lines.push({ type: 'end', endedAt: new Date().toISOString(), status: 'completed', message: `merged from ${logs.length} logs` });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
