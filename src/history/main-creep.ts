/**
 * Main's creep for a pull request's comment, from the JSON `benchgate history --json` printed
 * (published by the recording workflow). A PR job reads this file, never the store: it holds
 * no database URL. Names in it are quoted inert by the comment like every other name.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.js';
import type { MainCreep } from '../model.js';

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The creep finding that moved furthest, or undefined when main has not crept. */
export function readMainCreep(file: string): MainCreep | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${file}: not the JSON benchgate history --json prints (${(err as Error).message})`);
  }
  const creep = (data as { creep?: unknown } | null)?.creep;
  if (!Array.isArray(creep)) throw new ConfigError(`${file}: no "creep" list: not the JSON benchgate history --json prints`);
  const findings = creep.map((c: unknown, i): MainCreep => {
    const f = c as { id?: { suite?: unknown; benchmark?: unknown }; changePct?: unknown; interval?: unknown; links?: unknown };
    const interval = f.interval as unknown[];
    if (
      typeof f.id?.benchmark !== 'string' ||
      typeof f.id.suite !== 'string' ||
      !num(f.changePct) ||
      !Array.isArray(interval) ||
      interval.length !== 2 ||
      !interval.every(num) ||
      !num(f.links)
    )
      throw new ConfigError(`${file}: creep[${i}] is not a creep finding (id, changePct, interval, links)`);
    return {
      benchmark: `${f.id.suite}: ${f.id.benchmark}`,
      changePct: f.changePct,
      interval: [interval[0]!, interval[1]!],
      links: f.links,
    };
  });
  return findings.sort((a, b) => Math.abs(b.changePct) - Math.abs(a.changePct))[0];
}
