/**
 * What a round's bench command gets in BENCHGATE_FILTER (src/harness/ describes each harness's
 * syntax): the harness's "everything" for a whole-suite round, else the open benchmarks, or the
 * whole suite with the reason when no filter can select them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { buildFilter, wholeSuiteFilter, type HarnessFilter } from '../harness/index.js';

/** BENCHGATE_FILTER for one round, and the open names a run records (absent: the whole suite ran). */
export interface FilterEnv {
  env: NodeJS.ProcessEnv;
  open?: string[];
  /** Why a round meant for some benchmarks ran the whole suite. */
  why?: string;
}

const FALLBACK_WHY = {
  unsupported: 'the harness takes no filter',
  'too-long': 'the filter would be too long',
  'no-narrower': 'no narrower filter exists',
  unrepresentable: 'a name the filter syntax cannot express',
};

export function wholeSuiteEnv(config: Config): FilterEnv {
  const whole = wholeSuiteFilter(config.format);
  return { env: whole === null ? {} : filterVariable(config, whole) };
}

export function openFilterEnv(config: Config, open: string[], all: string[]): FilterEnv {
  const built = buildFilter(config.format, open, all);
  if (built.kind === 'whole-suite') return { ...wholeSuiteEnv(config), why: FALLBACK_WHY[built.reason] };
  return { env: filterVariable(config, built.filter), open };
}

/** The variable's value: the filter itself, or (pytest) `@file` naming a file of arguments, written to the output directory. */
function filterVariable(config: Config, filter: HarnessFilter): NodeJS.ProcessEnv {
  if ('value' in filter) return { BENCHGATE_FILTER: filter.value };
  const file = path.join(config.outDir, 'benchgate-filter.args');
  writeFileSync(file, filter.argsFile.map((line) => `${line}\n`).join(''));
  return { BENCHGATE_FILTER: `@${file}` };
}
