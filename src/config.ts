/**
 * One typed Config from CLI flags, action inputs or `.benchgate.yml`. Everything after this
 * module works on the Config object; nothing deeper reads flags or the environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseShellWords } from 'shell-quote';
import { LineCounter, parseDocument, isMap, isScalar, isSeq, type Node } from 'yaml';
import { formats } from './formats/index.js';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from './adaptive/defaults.js';
import { FILTER_FORMATS, FILTER_PLACEHOLDER, FORMATS_WITH_COUNTS, harnessOf, listCommand, SELF_COUNTING_FORMATS } from './harness/index.js';
import type { CountTarget, ShellWord } from './harness/types.js';
import type {
  AdaptiveSettings,
  AnalysisGate,
  AnalysisSettings,
  BenchFrom,
  FailOnItem,
  GlobThreshold,
  RunSettings,
  ShardOf,
  Warning,
} from './model.js';
import { unshardable } from './harness/shard-split.js';
import { parseShardPlan, ShardPlanError, type ShardPlan } from './harness/shard-plan.js';
import { CONFIG_KEYS, configDefault, optionSpec, type ConfigKey, type OptionSpec } from './options.js';
import { closestName } from './suggest.js';

/** On a pull or merge request event: whose config governed, and what was ignored. */
export interface Governance {
  /** How messages name the event: "pull_request event", "merge request pipeline". */
  event: string;
  /** The commit whose config file governed. */
  baseSha: string;
  /** The config file's path in the repository (forward slashes). */
  configFile: string;
  /** One per value of the pull request's own file that was ignored. */
  warnings: Warning[];
}

export interface Config extends AnalysisSettings {
  /** Repository (or subdirectory of it) the comparison runs in. */
  repoDir: string;
  base?: string;
  /** Unset: the CI event's head when the base also comes from the event, else HEAD. */
  head?: string;
  /** Shell command run once per side in its worktree before any round; optional. */
  build?: string;
  /** Shell command that runs the benchmark suite and prints its results. */
  bench: string;
  /** Where base's benchmark files come from; with head, `benchFiles` chooses them (src/runner/bench-files.ts). */
  benchFrom: BenchFrom;
  benchFiles: string[];
  /** Parser name, "auto", or "command" (time the whole process, no parser). */
  format: string;
  suite: string;
  /** Measured rounds per side; with `adaptive`, the most (max-rounds). */
  rounds: number;
  /** rounds auto: look, and stop each benchmark once decided (src/adaptive/); absent: fixed rounds. */
  adaptive?: AdaptiveSettings;
  warmup: number;
  /** `--shard I/N`: this job measures shard I of N (docs/shards.md); absent: the whole suite (GitLab's parallel jobs default it in measure.ts). */
  shard?: ShardOf;
  /** `shard-plan: FILE`: balance the shards by the measured times it holds instead of by the hash (docs/shards.md). */
  shardPlan?: ShardPlan;
  seed: number;
  /** Per-run time limit in seconds; 0 = none. */
  timeoutSec: number;
  /** The unprivileged user build and bench run as, when benchgate runs as root (src/runner/run-as.ts). */
  runAs?: string;
  outDir: string;
  failOn: FailOnItem[];
  /** Directory inside the repository the commands run in (relative to the repo root). */
  workingDirectory: string;
  /** Source file (FILE or FILE:LINE, from the working directory) annotations point at when a benchmark's name names none. */
  source?: string;
  // Instruction mode and a steadier machine (docs/steady.md); all off by default.
  /** 'instructions': count each run's instructions under cachegrind instead of timing it. */
  measure: 'time' | 'instructions';
  /**
   * measure: instructions with a counted format (src/harness/): what to build and count per
   * benchmark (src/runner/counts.ts). Absent: the whole command is counted per run.
   */
  countTarget?: CountTarget;
  /** Count runs at once (per-benchmark counts). */
  jobs: number;
  /** Pin benchmark runs to this CPU (taskset); 'auto' = the last CPU benchgate may use. */
  pinCpu?: number | 'auto';
  /** Run benchmarks without address-space randomisation (setarch -R). */
  noAslr: boolean;
  /** Run benchmarks without fsync (eatmydata). */
  noFsync: boolean;
  /** Run benchmarks at a raised scheduling priority (nice -n -5) where permitted. */
  priority: boolean;
  /** On a pull or merge request event: whose config governed and what was ignored (src/trust.ts). */
  governance?: Governance;
  gateMetrics: string[];
  gateProcess: boolean;
  ignore: string[];
  /** On a pull or merge request: path globs; when every changed file matches one, nothing is measured (src/runner/skip-paths.ts). */
  skipPaths: string[];
  thresholds: GlobThreshold[];
}

/** A config problem the user must fix: names the key and where it came from. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A raw value as it arrives from a flag, an input or YAML, with where it came from. */
export interface Sourced {
  /** A scalar, or for a YAML list or mapping the items, each with where it came from. */
  value: unknown;
  /** "--rounds", "input rounds" or ".benchgate.yml:3 (rounds)": used in error messages. */
  where: string;
}

/** Raw values before validation. */
export type RawConfig = Partial<Record<ConfigKey, Sourced>>;

/** The defaults, from the option table (src/options.ts), under the Config's names. */
export const DEFAULTS = {
  head: configDefault('head'),
  format: configDefault('format'),
  suite: configDefault('suite'),
  rounds: configDefault('rounds'),
  warmup: configDefault('warmup'),
  thresholdPct: configDefault('threshold'),
  alpha: configDefault('alpha'),
  correction: configDefault('correction'),
  sampling: configDefault('sampling'),
  timeoutSec: configDefault('timeout'),
  outDir: configDefault('out'),
  workingDirectory: configDefault('working-directory'),
  gateProcess: configDefault('gate-process'),
} as const;

export { CONFIG_KEYS, type ConfigKey };

export const CONFIG_FILE = '.benchgate.yml';

/**
 * Reads `.benchgate.yml` (or the given file). Returns {} when the default file is absent.
 * Errors name the file (as `name`), the line and the key.
 */
export function readConfigFile(file: string, required: boolean, name = file): RawConfig {
  if (!existsSync(file)) {
    if (required) throw new ConfigError(`${name}: config file not found`);
    return {};
  }
  return parseConfigText(readFileSync(file, 'utf8'), name);
}

/** Parses the text of a config file; `file` names it in errors and in each value's `where`. */
export function parseConfigText(text: string, file: string): RawConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  /** `file:line` of the first of `nodes` present: a node, then what is near it (a key with no value: `? bench`). */
  const at = (...nodes: (Node | null | undefined)[]) => {
    const located = nodes.find((node) => node?.range);
    return located?.range ? `${file}:${lines.linePos(located.range[0]).line}` : file;
  };
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    throw new ConfigError(`${file}:${lines.linePos(err.pos[0]).line}: invalid YAML: ${err.message.split('\n')[0]}`);
  }
  /** One item of a list or mapping: a scalar, with its line. */
  const scalarItem = (node: Node | null, key: string, near: Node | null): Sourced => {
    if (!isScalar(node)) throw new ConfigError(`${at(node, near)}: each item of "${key}" must be a single value, not a list or mapping`);
    return { value: node.value, where: `${at(node)} (${key})` };
  };
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) throw new ConfigError(`${at(doc.contents)}: expected a mapping of keys (rounds: 10, bench: ...)`);
  const raw: RawConfig = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!CONFIG_KEYS.includes(key as ConfigKey)) {
      throw new ConfigError(
        `${at(pair.key as Node, pair.value as Node, doc.contents)}: unknown key "${key}"; ${didYouMean(key)}valid keys: ${CONFIG_KEYS.join(', ')}`,
      );
    }
    const value = pair.value as Node | null;
    const structured = optionSpec(key).type;
    if (structured === 'list' && isSeq(value)) {
      raw[key as ConfigKey] = { value: value.items.map((item) => scalarItem(item as Node, key, value)), where: `${at(value)} (${key})` };
    } else if (structured === 'glob-thresholds' && isMap(value)) {
      const entries = value.items.map((p): Sourced => {
        const glob = scalarItem(p.key as Node, key, value);
        return { value: [glob.value, scalarItem(p.value as Node, key, p.key as Node).value], where: glob.where };
      });
      raw[key as ConfigKey] = { value: entries, where: `${at(value)} (${key})` };
    } else if (!isScalar(value)) {
      const shape =
        structured === 'list'
          ? 'a list or a single value'
          : structured === 'glob-thresholds'
            ? 'a mapping of glob: percent'
            : 'a single value, not a list or mapping';
      throw new ConfigError(`${at(value, pair.key as Node)}: "${key}" must be ${shape}`);
    } else {
      raw[key as ConfigKey] = { value: value.value, where: `${at(value)} (${key})` };
    }
  }
  return raw;
}

/** `did you mean "threshold"? ` for a near miss of a key, else nothing. */
function didYouMean(key: string): string {
  const near = closestName(key, CONFIG_KEYS);
  return near === undefined ? '' : `did you mean "${near}"? `;
}

/** Marks every value of a raw config as coming from `source` (e.g. "--rounds" or "input rounds"). */
export function sourced(raw: Record<string, unknown>, where: (key: string) => string): RawConfig {
  const out: RawConfig = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    if (!CONFIG_KEYS.includes(key as ConfigKey)) throw new ConfigError(`${where(key)}: unknown setting`);
    out[key as ConfigKey] = { value, where: where(key) };
  }
  return out;
}

/** Items of a text list: one per line or comma; a comma inside {} belongs to a glob ("{a,b}*"). */
function splitList(text: string): string[] {
  return text
    .split(/\n|,(?![^{]*\})/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A list option: a YAML list (its items Sourced) or text with one item per line or comma. */
function parseList(s: Sourced): string[] {
  const items = Array.isArray(s.value) ? (s.value as Sourced[]) : splitList(String(s.value)).map((value) => ({ value, where: s.where }));
  return items.map((item) => {
    if (typeof item.value !== 'string' && typeof item.value !== 'number')
      throw new ConfigError(`${item.where}: expected text, got ${JSON.stringify(item.value)}`);
    return String(item.value);
  });
}

const PCT = optionSpec('threshold');

/** Per-glob thresholds: a YAML mapping (entries Sourced as [glob, pct]) or text lines of glob=pct. */
function parseThresholds(s: Sourced): GlobThreshold[] {
  const entries: Sourced[] = Array.isArray(s.value)
    ? (s.value as Sourced[])
    : splitList(String(s.value)).map((line) => {
        const eq = line.lastIndexOf('=');
        if (eq <= 0) throw new ConfigError(`${s.where}: expected glob=pct (e.g. BenchmarkParse*=5), got ${JSON.stringify(line)}`);
        return { value: [line.slice(0, eq).trim(), line.slice(eq + 1).trim()], where: s.where };
      });
  return entries.map(({ value, where }) => {
    const [glob, pct] = value as [unknown, unknown];
    return { glob: String(glob), pct: parseValue(PCT, { value: pct, where: `${where} for ${JSON.stringify(String(glob))}` }) as number };
  });
}

/** A raw value checked against its option's type (src/options.ts); null is "not set". */
export function parseValue(spec: OptionSpec, s: Sourced): string | number | boolean | string[] | GlobThreshold[] | undefined {
  if (s.value === null) return undefined;
  if (spec.type === 'list') return parseList(s);
  if (spec.type === 'glob-thresholds') return parseThresholds(s);
  if (spec.type === 'flag') {
    const v = String(s.value).trim().toLowerCase();
    if (['true', 'on', 'yes'].includes(v)) return true;
    if (['false', 'off', 'no'].includes(v)) return false;
    throw new ConfigError(`${s.where}: expected true or false, got ${JSON.stringify(s.value)}`);
  }
  if (spec.type === 'int' || spec.type === 'number') {
    const word = String(s.value).trim();
    if (spec.keywords?.includes(word)) return word;
    // A percentage may carry its sign: `threshold: 5%`, `--threshold 5%`.
    const digits = spec.arg === 'PCT' ? word.replace(/\s*%$/, '') : word;
    const n = typeof s.value === 'number' ? s.value : Number(digits);
    if (digits === '' || !Number.isFinite(n) || !spec.valid!(n)) {
      throw new ConfigError(`${s.where}: expected ${spec.expected}, got ${JSON.stringify(s.value)}`);
    }
    return n;
  }
  if (typeof s.value !== 'string' && typeof s.value !== 'number') {
    throw new ConfigError(`${s.where}: expected text, got ${JSON.stringify(s.value)}`);
  }
  const text = String(s.value);
  if (spec.choices && !spec.choices.includes(text)) {
    throw new ConfigError(`${s.where}: expected one of ${spec.choices.join(', ')}, got "${text}"`);
  }
  return text;
}

/**
 * Merges layers (later wins), validates every value and fills defaults.
 * `repoDir` is where relative paths (out) are resolved.
 */
export function resolveConfig(layers: RawConfig[], repoDir: string): Config {
  const merged: RawConfig = Object.assign({}, ...layers);
  const value = (key: ConfigKey) => (merged[key] === undefined ? undefined : parseValue(optionSpec(key), merged[key]));
  const text = (key: ConfigKey) => value(key) as string | undefined;
  const number = (key: ConfigKey) => value(key) as number | undefined;
  const list = (key: ConfigKey) => (value(key) as string[] | undefined) ?? [];

  // --bench-command is command mode: no parser, benchgate times the whole process.
  const commandMode = text('bench-command');
  if (commandMode !== undefined && merged.bench !== undefined) {
    throw new ConfigError(`${merged['bench-command']!.where}: give either bench or bench-command, not both`);
  }
  const bench = commandMode ?? text('bench');
  if (!bench) {
    throw new ConfigError(
      `no benchmark command: pass --bench "<command>" (or --bench-command to time the whole process) or set "bench:" in ${CONFIG_FILE}`,
    );
  }
  // Instruction mode counts each benchmark of a counted harness, or else the whole command (like command mode times it).
  const measure = (text('measure') as Config['measure'] | undefined) ?? 'time';
  const givenFormat = text('format');
  // A harness that prints its own counts is read as it is: never wrapped in cachegrind a second time.
  const harnessCounts = measure === 'instructions' && commandMode === undefined && SELF_COUNTING_FORMATS.includes(givenFormat ?? '');
  const countTarget =
    measure === 'instructions' &&
    !harnessCounts &&
    commandMode === undefined &&
    givenFormat !== undefined &&
    !['auto', 'command'].includes(givenFormat)
      ? countTargetOf(bench, givenFormat, merged, text('count-binary'), list('count-packages'))
      : undefined;
  for (const key of ['count-packages', 'count-binary'] as const) {
    if (merged[key] !== undefined && !countTarget)
      throw new ConfigError(
        `${merged[key].where}: ${key} applies to measure: instructions with a counted format (${FORMATS_WITH_COUNTS.join(', ')}) only`,
      );
  }
  const format =
    countTarget || harnessCounts
      ? givenFormat!
      : commandMode !== undefined || measure === 'instructions'
        ? 'command'
        : (givenFormat ?? DEFAULTS.format);
  checkFormat(format, merged.format?.where ?? '--format');
  if (text('rounds') === 'auto' && text('sampling') === 'pooled') {
    // The looks test one value per run (its median): pooled iterations would show other numbers than the verdict's.
    throw new ConfigError(
      `${merged.sampling!.where}: sampling: pooled does not apply to rounds: auto, whose looks test one value per run; remove one`,
    );
  }
  const gateProcess = text('gate-process') ?? DEFAULTS.gateProcess;
  const pin = text('pin-cpu');
  if (pin !== undefined && pin !== 'auto' && !/^\d+$/.test(pin.trim())) {
    throw new ConfigError(`${merged['pin-cpu']!.where}: expected a CPU number (e.g. 1) or auto, got ${JSON.stringify(pin)}`);
  }
  const flag = (key: ConfigKey) => (value(key) as boolean | undefined) ?? false;
  const config: Config = {
    repoDir,
    base: text('base'),
    head: text('head'),
    build: text('build'),
    bench,
    ...benchFromOf(text('bench-from') as BenchFrom | undefined, list('bench-files'), merged),
    format,
    suite: text('suite') ?? DEFAULTS.suite,
    ...roundsOf(merged, number, takesFilter(bench, format, merged)),
    warmup: number('warmup') ?? DEFAULTS.warmup,
    ...(text('shard') !== undefined && { shard: parseShard(text('shard')!, merged.shard!.where) }),
    ...(text('shard-plan') !== undefined && {
      shardPlan: readShardPlan(path.resolve(repoDir, text('shard-plan')!), merged['shard-plan']!.where),
    }),
    seed: number('seed') ?? Math.floor(Math.random() * 2 ** 31),
    thresholdPct: number('threshold') ?? DEFAULTS.thresholdPct,
    // The sequential design's level covers every look: it needs a smaller one for the same false-alarm rate.
    alpha: number('alpha') ?? (text('rounds') === 'auto' ? ADAPTIVE_DESIGN.alpha : DEFAULTS.alpha),
    correction: (text('correction') as Config['correction'] | undefined) ?? DEFAULTS.correction,
    sampling: (text('sampling') as Config['sampling'] | undefined) ?? DEFAULTS.sampling,
    timeoutSec: number('timeout') ?? DEFAULTS.timeoutSec,
    runAs: text('run-as'),
    outDir: path.resolve(repoDir, text('out') ?? DEFAULTS.outDir),
    failOn: failOnOf(list('fail-on'), merged['fail-on']?.where ?? '--fail-on'),
    workingDirectory: text('working-directory') ?? DEFAULTS.workingDirectory,
    source: text('source'),
    measure,
    ...(countTarget && { countTarget }),
    jobs: number('jobs') ?? os.availableParallelism(),
    pinCpu: pin === undefined ? undefined : pin === 'auto' ? 'auto' : Number(pin),
    noAslr: flag('no-aslr'),
    noFsync: flag('no-fsync'),
    priority: flag('priority'),
    gateMetrics: list('gate-metrics'),
    // Command mode has no harness metrics besides the wall time: its process cost is the point.
    gateProcess: gateProcess === 'on' || (gateProcess === 'auto' && format === 'command'),
    ignore: list('ignore'),
    skipPaths: list('skip-paths'),
    thresholds: (value('thresholds') as GlobThreshold[] | undefined) ?? [],
  };
  if (config.shard) checkShardable(config, config.shard, merged.shard!.where);
  return config;
}

/** The plan file a trusted config names; a file that is missing or malformed is exit 2, naming it. */
function readShardPlan(file: string, where: string): ShardPlan {
  if (!existsSync(file))
    throw new ConfigError(`${where}: ${file} does not exist: write it with benchgate analyze LOG --write-shard-plan FILE`);
  try {
    return parseShardPlan(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if (err instanceof ShardPlanError) throw new ConfigError(`${where}: ${err.message}`);
    throw err;
  }
}

/** bench-from and bench-files, which mean something only together. */
function benchFromOf(from: BenchFrom | undefined, files: string[], merged: RawConfig): Pick<Config, 'benchFrom' | 'benchFiles'> {
  const benchFrom = from ?? 'base';
  if (benchFrom !== 'base' && files.length === 0)
    throw new ConfigError(
      `${merged['bench-from']!.where}: bench-from: ${benchFrom} copies head's benchmark files chosen by bench-files; add bench-files (e.g. bench-files: "**/*_bench_test.go")`,
    );
  if (benchFrom === 'base' && files.length > 0)
    throw new ConfigError(
      `${merged['bench-files']!.where}: bench-files applies to bench-from: head or head-overwrite only; add one, or remove bench-files`,
    );
  return { benchFrom, benchFiles: files };
}

/** `I/N`, 1 <= I <= N: one shard of N. */
export function parseShard(text: string, where: string): ShardOf {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const [index, total] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(index >= 1 && index <= total))
    throw new ConfigError(`${where}: expected a shard I/N with 1 <= I <= N (e.g. 2/4), got ${JSON.stringify(text)}`);
  return { index, total };
}

/**
 * What a sharded run needs: a harness filter that selects any subset and the warm-up that lists
 * the benchmarks; per-benchmark counts need neither (each benchmark runs alone, found by discovery).
 */
export function checkShardable(config: Pick<Config, 'format' | 'warmup' | 'countTarget' | 'bench'>, shard: ShardOf, where: string): void {
  if (config.countTarget) return;
  const why = unshardable(config.format);
  if (why !== null)
    throw new ConfigError(`${where}: shard ${shard.index}/${shard.total}: the ${config.format} format cannot be sharded: ${why}`);
  if (config.warmup < 1 && listCommand(config.format, config.bench) === null)
    throw new ConfigError(
      `${where}: a shard learns the benchmarks from the warm-up round (the ${config.format} harness has no list mode this bench command can take): set warmup to 1 or more`,
    );
}

const FAIL_ON: readonly string[] = ['regression', 'removed'];

/** fail-on's items: regression and/or removed, or none alone (report only); unset: regression. */
function failOnOf(items: string[], where: string): FailOnItem[] {
  if (items.length === 0) return ['regression'];
  if (items.length === 1 && items[0] === 'none') return [];
  const bad = items.find((item) => !FAIL_ON.includes(item));
  if (bad !== undefined)
    throw new ConfigError(
      `${where}: expected regression and/or removed (e.g. "regression, removed"), or none alone, got ${JSON.stringify(bad)}`,
    );
  return [...new Set(items)] as FailOnItem[];
}

/** Fixed rounds, or rounds auto's schedule and budget (the adaptive keys mean nothing without it). */
function roundsOf(merged: RawConfig, value: (key: ConfigKey) => unknown, filter: boolean): Pick<Config, 'rounds' | 'adaptive'> {
  const rounds = value('rounds') as number | 'auto' | undefined;
  const adaptiveKeys = (['min-rounds', 'look-every', 'max-rounds', 'max-time'] as const).filter((k) => merged[k] !== undefined);
  if (rounds !== 'auto') {
    if (adaptiveKeys.length > 0)
      throw new ConfigError(`${merged[adaptiveKeys[0]!]!.where}: ${adaptiveKeys[0]} applies to rounds: auto only`);
    return { rounds: rounds ?? DEFAULTS.rounds };
  }
  const minRounds = (value('min-rounds') as number | undefined) ?? ADAPTIVE_BUDGET.minRounds;
  const maxRounds = (value('max-rounds') as number | undefined) ?? ADAPTIVE_BUDGET.maxRounds;
  if (maxRounds < minRounds) {
    throw new ConfigError(
      `${(merged['max-rounds'] ?? merged['min-rounds'])!.where}: max-rounds (${maxRounds}) must be at least min-rounds (${minRounds})`,
    );
  }
  const maxTime = merged['max-time'];
  return {
    rounds: maxRounds,
    adaptive: {
      minRounds,
      lookEvery: (value('look-every') as number | undefined) ?? ADAPTIVE_BUDGET.lookEvery,
      maxRounds,
      maxTimeSec: maxTime === undefined ? 0 : parseDuration(maxTime),
      spending: ADAPTIVE_DESIGN.spending,
      test: ADAPTIVE_DESIGN.test,
      filter,
    },
  };
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** "20m", "90s", "1h30m" (or 0 for none) in seconds; a bare number is ambiguous, so refused. */
export function parseDuration(s: Sourced): number {
  const text = String(s.value).trim();
  if (text === '0') return 0;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)([hms])/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw new ConfigError(`${s.where}: expected a duration such as 20m, 90s or 1h30m (0 for none), got ${JSON.stringify(s.value)}`);
  }
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * DURATION_UNITS[unit!]!, 0);
}

/**
 * Whether the bench command can be told which benchmarks to run: it says where ({filter}), or
 * the harness is benchgate's own format, which reads BENCHGATE_FILTER itself.
 */
function takesFilter(bench: string, format: string, merged: RawConfig): boolean {
  if (!bench.includes(FILTER_PLACEHOLDER)) return format === 'benchgate';
  if (!FILTER_FORMATS.includes(format)) {
    const where = merged.bench?.where ?? merged['bench-command']?.where ?? '--bench';
    throw new ConfigError(
      `${where}: ${FILTER_PLACEHOLDER} needs a format benchgate knows the filter syntax of: set format to one of ${FILTER_FORMATS.join(', ')}`,
    );
  }
  return true;
}

/**
 * What the count runner builds and counts: the count-binary or count-packages settings, else the
 * bench command's own harness call, split into shell words by shell-quote (never run by it).
 * A harness that cannot be counted per benchmark, or a command the description cannot see
 * through, is exit 2, naming what is missing and the settings to give instead.
 */
function countTargetOf(bench: string, format: string, merged: RawConfig, binary: string | undefined, packages: string[]): CountTarget {
  const harness = harnessOf(format);
  const counts = harness?.counts;
  if (!counts) {
    const why = harness?.countsMissing ?? `benchgate knows no way to select one ${format} benchmark and fix its work`;
    throw new ConfigError(
      `${merged.format!.where}: measure: instructions counts per benchmark for ${FORMATS_WITH_COUNTS.join(', ')} only, and reads the counts ` +
        `${SELF_COUNTING_FORMATS.join(', ')} print; ${format} cannot be counted per benchmark: ${why}. ` +
        'Count the whole command instead: use bench-command (one count per run, with the work fixed in the code) and remove format',
    );
  }
  if (binary !== undefined && packages.length > 0)
    throw new ConfigError(`${merged['count-binary']!.where}: give either count-binary or count-packages, not both`);
  if (packages.length > 0 && !counts.units)
    throw new ConfigError(
      `${merged['count-packages']!.where}: count-packages builds Go packages; ${format} benchmarks are counted from the binary your build makes: set count-binary instead`,
    );
  const recognised = counts.recognise(parseShellWords(bench, (name) => ({ op: `$${name}` })) as ShellWord[]);
  // The user's pattern still selects what is counted when the packages or the binary come from a setting.
  const pattern = recognised?.pattern ?? '.';
  if (binary !== undefined) return { packages: [], pattern, buildFlags: [], binary };
  if (packages.length > 0) return { packages, pattern, buildFlags: recognised?.buildFlags ?? [] };
  if (recognised) return recognised;
  const where = merged.bench?.where ?? '--bench';
  throw new ConfigError(
    `${where}: measure: instructions counts each ${format} benchmark from ${counts.commandShape}, and cannot see through ${JSON.stringify(bench)} ` +
      `(a script, make, cd ... &&, a pipe, a variable or an unknown flag): ${counts.instead}`,
  );
}

/** An unknown format is a usage error now, before any worktree is made. */
function checkFormat(format: string, where: string): void {
  const known = ['auto', 'command', ...formats.map((f) => f.name)];
  if (!known.includes(format)) throw new ConfigError(`${where}: unknown format "${format}"; valid formats: ${known.join(', ')}`);
}

/** Where instruction counts come from (RunSettings.countScope). */
export function countScopeOf(config: Pick<Config, 'countTarget' | 'format'>): 'benchmark' | 'process' | 'harness' {
  if (config.countTarget) return 'benchmark';
  return SELF_COUNTING_FORMATS.includes(config.format) ? 'harness' : 'process';
}

/** The settings the results log records: no paths, nothing local to this machine. */
export function runSettingsOf(config: Config): RunSettings {
  return {
    alpha: config.alpha,
    thresholdPct: config.thresholdPct,
    correction: config.correction,
    sampling: config.sampling,
    failOn: config.failOn,
    rounds: config.rounds,
    ...(config.adaptive && { adaptive: config.adaptive }),
    warmup: config.warmup,
    format: config.format,
    suite: config.suite,
    bench: config.bench,
    ...(config.benchFrom !== 'base' && { benchFrom: config.benchFrom, benchFiles: config.benchFiles }),
    build: config.build ?? null,
    timeoutSec: config.timeoutSec,
    workingDirectory: config.workingDirectory,
    measure: config.measure,
    ...(config.measure === 'instructions' && { countScope: countScopeOf(config) }),
    gateMetrics: config.gateMetrics,
    gateProcess: config.gateProcess,
    ignore: config.ignore,
    thresholds: config.thresholds,
  };
}

/** The settings `benchgate analyze` may override (analysis and gate), validated the same way. */
export function resolveAnalysisOverrides(layer: RawConfig): Partial<RunSettings> {
  const probe = resolveConfig([{ bench: { value: 'unused', where: '' } }, layer], '.');
  const out: Partial<RunSettings> = {};
  if (layer.alpha !== undefined) out.alpha = probe.alpha;
  if (layer.threshold !== undefined) out.thresholdPct = probe.thresholdPct;
  if (layer.correction !== undefined) out.correction = probe.correction;
  if (layer.sampling !== undefined) out.sampling = probe.sampling;
  if (layer['fail-on'] !== undefined) out.failOn = probe.failOn;
  if (layer['gate-metrics'] !== undefined) out.gateMetrics = probe.gateMetrics;
  // auto reads the log's format: the probe above has none.
  if (layer['gate-process'] !== undefined && layer['gate-process'].value !== 'auto') out.gateProcess = probe.gateProcess;
  if (layer.ignore !== undefined) out.ignore = probe.ignore;
  if (layer.thresholds !== undefined) out.thresholds = probe.thresholds;
  return out;
}

/** The keys of the gate settings (AnalysisGate), as the option table names them. */
const GATE_KEYS = ['threshold', 'alpha', 'correction', 'fail-on', 'gate-metrics', 'gate-process', 'ignore', 'thresholds'] as const;

/**
 * The gate settings of `analyze` and `merge`, from their own trusted config (the config file,
 * then flags; its other keys are not theirs) over the defaults, never from the log: a log with
 * `fail-on: none` cannot switch the gate off. What the defaults depend on comes from what the
 * log measured: rounds auto's own alpha, and gate-process auto in command mode.
 */
export function trustedGate(layers: RawConfig[], recorded: Pick<RunSettings, 'format' | 'adaptive'>): AnalysisGate {
  const merged: RawConfig = Object.assign({}, ...layers);
  const gate: RawConfig = Object.fromEntries(GATE_KEYS.filter((k) => merged[k] !== undefined).map((k) => [k, merged[k]]));
  const probe = resolveConfig([{ bench: { value: 'unused', where: '' } }, gate], '.');
  const gateProcess = gate['gate-process'] === undefined ? 'auto' : parseValue(optionSpec('gate-process'), gate['gate-process']);
  return {
    alpha: gate.alpha !== undefined ? probe.alpha : recorded.adaptive ? ADAPTIVE_DESIGN.alpha : DEFAULTS.alpha,
    thresholdPct: probe.thresholdPct,
    correction: probe.correction,
    failOn: probe.failOn,
    gateMetrics: probe.gateMetrics,
    gateProcess: gateProcess === 'on' || (gateProcess === 'auto' && recorded.format === 'command'),
    ignore: probe.ignore,
    thresholds: probe.thresholds,
  };
}

/** The trusted config file of `analyze` and `merge`: --config, else `.benchgate.yml` in the current directory when present. */
export function trustedConfigFile(configFlag: string | undefined): RawConfig {
  return readConfigFile(configFlag ?? CONFIG_FILE, configFlag !== undefined);
}

/** Flags that were given, as a config layer tagged with the flag name for error messages. */
export function flagLayer(values: Record<string, string | undefined>): RawConfig {
  return sourced(Object.fromEntries(CONFIG_KEYS.map((key) => [key, values[key]])), (key) => `--${key}`);
}

/** The configured site URL, checked: http(s), no fragment (the trend's address is the fragment). */
export function checkHistoryUrl(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${where}: "${value.slice(0, 200)}" is not a URL; give the trend site's address, e.g. https://OWNER.github.io/REPO/`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${where}: the trend site's URL must be http(s), got ${url.protocol}`);
  if (url.hash !== '') throw new ConfigError(`${where}: the trend site's URL must have no #fragment: benchgate adds each benchmark's`);
  return url.href;
}
