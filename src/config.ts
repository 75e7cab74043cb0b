/**
 * One typed Config from CLI flags, action inputs or `.benchgate.yml`. Everything after this
 * module works on the Config object; nothing deeper reads flags or the environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LineCounter, parseDocument, isMap, isNode, isScalar, isSeq } from 'yaml';
import { formats } from './formats/index.js';
import { ADAPTIVE_BUDGET, ADAPTIVE_DESIGN } from './adaptive/defaults.js';
import { FILTER_FORMATS, FILTER_PLACEHOLDER, FORMATS_WITH_COUNTS, harnessOf, listCommand, SELF_COUNTING_FORMATS } from './harness/index.js';
import { commandTakesFilter, missingOutputFlag, shellWords } from './harness/direct-call.js';
import type { CountTarget } from './harness/types.js';
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
import { CONFIG_KEYS, configDefault, isConfigKey, optionSpec, type ConfigKey, type ConfigOption, type OptionSpec } from './options.js';
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
  /** `bisect --benchmark`: measuring stops (exit 2) once the first names are known (a count listing, the first round) if it matches none. */
  searched?: string;
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
  /** `run --verbose`: print what a counted line stands for (the withheld variables' names). */
  verbose?: boolean;
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
  measure: ConfigValue<'measure'>;
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

/** `file:line` of the first of `nodes` that is a located node: a node, then what is near it (a key with no value: `? bench`). */
type Locate = (...nodes: unknown[]) => string;

/** Parses the text of a config file; `file` names it in errors and in each value's `where`. */
export function parseConfigText(text: string, file: string): RawConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at: Locate = (...nodes) => {
    const located = nodes.filter(isNode).find((node) => node.range);
    return located?.range ? `${file}:${lines.linePos(located.range[0]).line}` : file;
  };
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    throw new ConfigError(`${file}:${lines.linePos(err.pos[0]).line}: invalid YAML: ${err.message.split('\n')[0]}`);
  }
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) throw new ConfigError(`${at(doc.contents)}: expected a mapping of keys (rounds: 10, bench: ...)`);
  const raw: RawConfig = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!isConfigKey(key)) {
      throw new ConfigError(
        `${at(pair.key, pair.value, doc.contents)}: unknown key "${key}"; ${didYouMean(key)}valid keys: ${CONFIG_KEYS.join(', ')}`,
      );
    }
    raw[key] = sourcedNode(key, pair.key, pair.value, at);
  }
  return raw;
}

/** One key's value in the file, in the shape its option takes: a list's items and a mapping's entries each with their line. */
function sourcedNode(key: ConfigKey, keyNode: unknown, value: unknown, at: Locate): Sourced {
  /** One item of a list or mapping: a scalar, with its line. */
  const scalarItem = (node: unknown, near: unknown): Sourced => {
    if (!isScalar(node)) throw new ConfigError(`${at(node, near)}: each item of "${key}" must be a single value, not a list or mapping`);
    return { value: node.value, where: `${at(node)} (${key})` };
  };
  const structured = optionSpec(key).type;
  if (structured === 'list' && isSeq(value)) {
    return { value: value.items.map((item) => scalarItem(item, value)), where: `${at(value)} (${key})` };
  }
  if (structured === 'glob-thresholds' && isMap(value)) {
    const entries = value.items.map((p): Sourced => {
      const glob = scalarItem(p.key, value);
      return { value: [glob.value, scalarItem(p.value, p.key).value], where: glob.where };
    });
    return { value: entries, where: `${at(value)} (${key})` };
  }
  if (!isScalar(value)) {
    const shape =
      structured === 'list'
        ? 'a list or a single value'
        : structured === 'glob-thresholds'
          ? 'a mapping of glob: percent'
          : 'a single value, not a list or mapping';
    throw new ConfigError(`${at(value, keyNode)}: "${key}" must be ${shape}`);
  }
  return { value: value.value, where: `${at(value)} (${key})` };
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
    if (!isConfigKey(key)) throw new ConfigError(`${where(key)}: unknown setting`);
    out[key] = { value, where: where(key) };
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
  const items = isSourcedList(s.value) ? s.value : splitList(String(s.value)).map((value) => ({ value, where: s.where }));
  return items.map((item) => {
    if (typeof item.value !== 'string' && typeof item.value !== 'number')
      throw new ConfigError(`${item.where}: expected text, got ${JSON.stringify(item.value)}`);
    return String(item.value);
  });
}

const PCT = optionSpec('threshold');

/** Per-glob thresholds: a YAML mapping (entries Sourced as [glob, pct]) or text lines of glob=pct. */
function parseThresholds(s: Sourced): GlobThreshold[] {
  const entries: Sourced[] = isSourcedList(s.value)
    ? s.value
    : splitList(String(s.value)).map((line) => {
        const eq = line.lastIndexOf('=');
        if (eq <= 0) throw new ConfigError(`${s.where}: expected glob=pct (e.g. BenchmarkParse*=5), got ${JSON.stringify(line)}`);
        return { value: [line.slice(0, eq).trim(), line.slice(eq + 1).trim()], where: s.where };
      });
  return entries.map(({ value, where }) => {
    const [glob, pct] = globAndPct(value);
    const pctWhere = `${where} for ${JSON.stringify(String(glob))}`;
    const parsed = parseConfigValue('threshold', { value: pct, where: pctWhere });
    if (parsed === undefined) throw new ConfigError(`${pctWhere}: expected ${PCT.expected}, got null`);
    return { glob: String(glob), pct: parsed };
  });
}

/** A threshold entry's value: [glob, pct], from the file's mapping or from a text line. */
function globAndPct(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A scalar's text; a list or mapping has none, and fails the check that follows. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** A list or mapping from the file, whose items parseConfigText makes Sourced (flags and inputs are text). */
function isSourcedList(value: unknown): value is Sourced[] {
  return Array.isArray(value);
}

/** A config option's raw value checked against its type, and typed from the option table; null is "not set". */
export function parseConfigValue<K extends ConfigKey>(key: K, s: Sourced): ConfigValue<K> | undefined {
  // The one cast: parseValue follows the option's type at run time, as ConfigValue<K> does at compile time.
  return parseValue(optionSpec(key), s) as ConfigValue<K> | undefined;
}

/** A raw value checked against its option's type (src/options.ts); null is "not set". */
export function parseValue(spec: OptionSpec, s: Sourced): string | number | boolean | string[] | GlobThreshold[] | undefined {
  if (s.value === null) return undefined;
  if (spec.type === 'list') return parseList(s);
  if (spec.type === 'glob-thresholds') return parseThresholds(s);
  if (spec.type === 'flag') {
    const v = scalarText(s.value).trim().toLowerCase();
    if (['true', 'on', 'yes'].includes(v)) return true;
    if (['false', 'off', 'no'].includes(v)) return false;
    throw new ConfigError(`${s.where}: expected true or false, got ${JSON.stringify(s.value)}`);
  }
  if (spec.type === 'int' || spec.type === 'number') {
    const word = scalarText(s.value).trim();
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
 * A config option's value once parseValue has checked it, read off its entry in the option table
 * (src/options.ts): a flag is true or false, a choice one of its choices, a number with keywords
 * (`rounds: auto`) the number or a keyword, a list its items, anything else its text.
 */
export type ConfigValue<K extends ConfigKey> = ValueOfOption<ConfigOption<K>>;
type ValueOfOption<O> = O extends { type: 'flag' }
  ? boolean
  : O extends { type: 'list' }
    ? string[]
    : O extends { type: 'glob-thresholds' }
      ? GlobThreshold[]
      : O extends { type: 'int' | 'number'; keywords: readonly (infer Word)[] }
        ? number | Word
        : O extends { type: 'int' | 'number' }
          ? number
          : O extends { choices: readonly (infer Choice)[] }
            ? Choice
            : string;

/** The layers as one: a key of a later layer wins. */
function mergeLayers(layers: RawConfig[]): RawConfig {
  return layers.reduce<RawConfig>((merged, layer) => ({ ...merged, ...layer }), {});
}

/** The merged layers (later wins), read through the option table: every value checked when read. */
class Given {
  constructor(private readonly merged: RawConfig) {}

  /** The value of `key`, checked and typed by its option; undefined when no layer sets it. */
  value<K extends ConfigKey>(key: K): ConfigValue<K> | undefined {
    const raw = this.merged[key];
    return raw === undefined ? undefined : parseConfigValue(key, raw);
  }

  /** Whether a layer sets `key`. */
  has(key: ConfigKey): boolean {
    return this.merged[key] !== undefined;
  }

  /** The raw value of `key` with where it came from. */
  raw(key: ConfigKey): Sourced | undefined {
    return this.merged[key];
  }

  /** Where the value of `key` came from, for messages: `--key` when no layer sets it. */
  where(key: ConfigKey): string {
    return this.merged[key]?.where ?? `--${key}`;
  }

  /** Where the benchmark command came from (bench or bench-command). */
  benchWhere(): string {
    return this.merged.bench?.where ?? this.merged['bench-command']?.where ?? '--bench';
  }
}

/**
 * Merges layers (later wins), validates every value and fills defaults.
 * `repoDir` is where relative paths (out) are resolved.
 */
export function resolveConfig(layers: RawConfig[], repoDir: string): Config {
  const given = new Given(mergeLayers(layers));
  const { bench, commandMode } = benchCommandOf(given);
  const { measure, format, countTarget } = measurementOf(given, bench, commandMode);
  checkRoundsSampling(given);
  const noOutput = countTarget ? null : missingOutputFlag(format, bench);
  if (noOutput !== null) throw new ConfigError(`${given.benchWhere()}: ${noOutput}`);
  const config: Config = {
    repoDir,
    base: given.value('base'),
    head: given.value('head'),
    build: given.value('build'),
    bench,
    ...benchFromOf(given),
    format,
    suite: given.value('suite') ?? DEFAULTS.suite,
    ...roundsOf(given, takesFilter(bench, format, given)),
    warmup: given.value('warmup') ?? DEFAULTS.warmup,
    ...shardingOf(given, repoDir),
    seed: given.value('seed') ?? Math.floor(Math.random() * 2 ** 31),
    ...gateOf(given, format),
    timeoutSec: given.value('timeout') ?? DEFAULTS.timeoutSec,
    runAs: given.value('run-as'),
    outDir: path.resolve(repoDir, given.value('out') ?? DEFAULTS.outDir),
    workingDirectory: given.value('working-directory') ?? DEFAULTS.workingDirectory,
    source: given.value('source'),
    measure,
    ...(countTarget && { countTarget }),
    jobs: given.value('jobs') ?? os.availableParallelism(),
    ...steadyMachineOf(given),
    skipPaths: given.value('skip-paths') ?? [],
  };
  if (config.shard) checkShardable(config, config.shard, given.where('shard'));
  return config;
}

/** bench, or bench-command: command mode, no parser, benchgate times the whole process. */
function benchCommandOf(given: Given): { bench: string; commandMode: boolean } {
  const command = given.value('bench-command');
  if (command !== undefined && given.has('bench')) {
    throw new ConfigError(`${given.where('bench-command')}: give either bench or bench-command, not both`);
  }
  const bench = command ?? given.value('bench');
  if (!bench) {
    throw new ConfigError(
      `no benchmark command: pass --bench "<command>" (or --bench-command to time the whole process) or set "bench:" in ${CONFIG_FILE}`,
    );
  }
  return { bench, commandMode: command !== undefined };
}

/**
 * What is measured and how it is read: instruction mode counts each benchmark of a counted
 * harness, or else the whole command (as command mode times it).
 */
function measurementOf(given: Given, bench: string, commandMode: boolean): Pick<Config, 'measure' | 'format' | 'countTarget'> {
  const measure = given.value('measure') ?? 'time';
  const givenFormat = given.value('format');
  // A harness that prints its own counts is read as it is: never wrapped in cachegrind a second time.
  const harnessCounts = measure === 'instructions' && !commandMode && SELF_COUNTING_FORMATS.includes(givenFormat ?? '');
  const countTarget =
    measure === 'instructions' && !harnessCounts && !commandMode && givenFormat !== undefined && !['auto', 'command'].includes(givenFormat)
      ? countTargetOf(bench, givenFormat, given)
      : undefined;
  for (const key of ['count-packages', 'count-binary'] as const) {
    if (given.has(key) && !countTarget)
      throw new ConfigError(
        `${given.where(key)}: ${key} applies to measure: instructions with a counted format (${FORMATS_WITH_COUNTS.join(', ')}) only`,
      );
  }
  const format =
    givenFormat !== undefined && (countTarget || harnessCounts)
      ? givenFormat
      : commandMode || measure === 'instructions'
        ? 'command'
        : (givenFormat ?? DEFAULTS.format);
  checkFormat(format, given.where('format'));
  return { measure, format, countTarget };
}

/** The looks of rounds auto test one value per run (its median): pooled iterations would show other numbers than the verdict's. */
function checkRoundsSampling(given: Given): void {
  if (given.value('rounds') === 'auto' && given.value('sampling') === 'pooled') {
    throw new ConfigError(
      `${given.where('sampling')}: sampling: pooled does not apply to rounds: auto, whose looks test one value per run; remove one`,
    );
  }
}

/** The gate settings (AnalysisGate) and sampling; `format` decides gate-process auto. */
function gateOf(given: Given, format: string): Pick<Config, keyof AnalysisGate | 'sampling'> {
  const gateProcess = given.value('gate-process') ?? DEFAULTS.gateProcess;
  return {
    thresholdPct: given.value('threshold') ?? DEFAULTS.thresholdPct,
    // The sequential design's level covers every look: it needs a smaller one for the same false-alarm rate.
    alpha: given.value('alpha') ?? (given.value('rounds') === 'auto' ? ADAPTIVE_DESIGN.alpha : DEFAULTS.alpha),
    correction: given.value('correction') ?? DEFAULTS.correction,
    sampling: given.value('sampling') ?? DEFAULTS.sampling,
    failOn: failOnOf(given.value('fail-on') ?? [], given.where('fail-on')),
    gateMetrics: given.value('gate-metrics') ?? [],
    // Command mode has no harness metrics besides the wall time: its process cost is the point.
    gateProcess: gateProcess === 'on' || (gateProcess === 'auto' && format === 'command'),
    ignore: given.value('ignore') ?? [],
    thresholds: given.value('thresholds') ?? [],
  };
}

/** The steady-machine options (docs/steady.md): a pinned CPU, no ASLR, no fsync, a raised priority. */
function steadyMachineOf(given: Given): Pick<Config, 'pinCpu' | 'noAslr' | 'noFsync' | 'priority'> {
  const pin = given.value('pin-cpu');
  if (pin !== undefined && pin !== 'auto' && !/^\d+$/.test(pin.trim())) {
    throw new ConfigError(`${given.where('pin-cpu')}: expected a CPU number (e.g. 1) or auto, got ${JSON.stringify(pin)}`);
  }
  return {
    pinCpu: pin === undefined ? undefined : pin === 'auto' ? 'auto' : Number(pin),
    noAslr: given.value('no-aslr') ?? false,
    noFsync: given.value('no-fsync') ?? false,
    priority: given.value('priority') ?? false,
  };
}

/** shard and shard-plan: which shard of how many this job measures, and the plan that balances them. */
function shardingOf(given: Given, repoDir: string): Pick<Config, 'shard' | 'shardPlan'> {
  const shard = given.value('shard');
  const plan = given.value('shard-plan');
  return {
    ...(shard !== undefined && { shard: parseShard(shard, given.where('shard')) }),
    ...(plan !== undefined && { shardPlan: readShardPlan(path.resolve(repoDir, plan), given.where('shard-plan')) }),
  };
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
function benchFromOf(given: Given): Pick<Config, 'benchFrom' | 'benchFiles'> {
  const benchFrom = given.value('bench-from') ?? 'base';
  const files = given.value('bench-files') ?? [];
  if (benchFrom !== 'base' && files.length === 0)
    throw new ConfigError(
      `${given.where('bench-from')}: bench-from: ${benchFrom} copies head's benchmark files chosen by bench-files; add bench-files (e.g. bench-files: "**/*_bench_test.go")`,
    );
  if (benchFrom === 'base' && files.length > 0)
    throw new ConfigError(
      `${given.where('bench-files')}: bench-files applies to bench-from: head or head-overwrite only; add one, or remove bench-files`,
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

const FAIL_ON = ['regression', 'removed'] as const satisfies readonly FailOnItem[];
const isFailOnItem = (item: string): item is FailOnItem => FAIL_ON.some((known) => known === item);

/** fail-on's items: regression and/or removed, or none alone (report only); unset: regression. */
function failOnOf(items: string[], where: string): FailOnItem[] {
  if (items.length === 0) return ['regression'];
  if (items.length === 1 && items[0] === 'none') return [];
  const bad = items.find((item) => !isFailOnItem(item));
  if (bad !== undefined)
    throw new ConfigError(
      `${where}: expected regression and/or removed (e.g. "regression, removed"), or none alone, got ${JSON.stringify(bad)}`,
    );
  return [...new Set(items.filter(isFailOnItem))];
}

/** Fixed rounds, or rounds auto's schedule and budget (the adaptive keys mean nothing without it). */
function roundsOf(given: Given, filter: boolean): Pick<Config, 'rounds' | 'adaptive'> {
  const rounds = given.value('rounds');
  const adaptiveKey = (['min-rounds', 'look-every', 'max-rounds', 'max-time'] as const).find((key) => given.has(key));
  if (rounds !== 'auto') {
    if (adaptiveKey !== undefined) throw new ConfigError(`${given.where(adaptiveKey)}: ${adaptiveKey} applies to rounds: auto only`);
    return { rounds: rounds ?? DEFAULTS.rounds };
  }
  const minRounds = given.value('min-rounds') ?? ADAPTIVE_BUDGET.minRounds;
  const maxRounds = given.value('max-rounds') ?? ADAPTIVE_BUDGET.maxRounds;
  if (maxRounds < minRounds) {
    throw new ConfigError(
      `${given.where(given.has('max-rounds') ? 'max-rounds' : 'min-rounds')}: max-rounds (${maxRounds}) must be at least min-rounds (${minRounds})`,
    );
  }
  const maxTime = given.raw('max-time');
  return {
    rounds: maxRounds,
    adaptive: {
      minRounds,
      lookEvery: given.value('look-every') ?? ADAPTIVE_BUDGET.lookEvery,
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
 * Whether the bench command can be told which benchmarks to run: it says where ({filter}), the
 * harness is benchgate's own format, which reads BENCHGATE_FILTER itself, or benchgate places the
 * filter in a direct harness call (harness/direct-call.ts).
 */
function takesFilter(bench: string, format: string, given: Given): boolean {
  if (!bench.includes(FILTER_PLACEHOLDER)) return format === 'benchgate' || commandTakesFilter(format, bench);
  if (!FILTER_FORMATS.includes(format)) {
    throw new ConfigError(
      `${given.benchWhere()}: ${FILTER_PLACEHOLDER} needs a format benchgate knows the filter syntax of: set format to one of ${FILTER_FORMATS.join(', ')}`,
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
function countTargetOf(bench: string, format: string, given: Given): CountTarget {
  const binary = given.value('count-binary');
  const packages = given.value('count-packages') ?? [];
  const harness = harnessOf(format);
  const counts = harness?.counts;
  if (!counts) {
    const why = harness?.countsMissing ?? `benchgate knows no way to select one ${format} benchmark and fix its work`;
    throw new ConfigError(
      `${given.where('format')}: measure: instructions counts per benchmark for ${FORMATS_WITH_COUNTS.join(', ')} only, and reads the counts ` +
        `${SELF_COUNTING_FORMATS.join(', ')} print; ${format} cannot be counted per benchmark: ${why}. ` +
        'Count the whole command instead: use bench-command (one count per run, with the work fixed in the code) and remove format',
    );
  }
  if (binary !== undefined && packages.length > 0)
    throw new ConfigError(`${given.where('count-binary')}: give either count-binary or count-packages, not both`);
  if (packages.length > 0 && !counts.units)
    throw new ConfigError(
      `${given.where('count-packages')}: count-packages builds Go packages; ${format} benchmarks are counted from the binary your build makes: set count-binary instead`,
    );
  const recognised = counts.recognise(shellWords(bench));
  // The user's pattern still selects what is counted when the packages or the binary come from a setting.
  const pattern = recognised?.pattern ?? '.';
  if (binary !== undefined) return { packages: [], pattern, buildFlags: [], binary };
  if (packages.length > 0) return { packages, pattern, buildFlags: recognised?.buildFlags ?? [] };
  if (recognised) return recognised;
  throw new ConfigError(
    `${given.where('bench')}: measure: instructions counts each ${format} benchmark from ${counts.commandShape}, and cannot see through ${JSON.stringify(bench)} ` +
      `(a script, make, cd ... &&, a pipe, a variable or an unknown flag): ${counts.instead}`,
  );
}

/**
 * Where a timed run's flagged benchmarks can be counted (attribution passes, decision 8): the bench
 * command read as a direct call of its harness, as measure: instructions reads it; null when the
 * harness cannot be counted per benchmark or the command is not such a call (no passes, no error).
 */
export function timedCountTarget(config: Pick<Config, 'measure' | 'format' | 'bench'>): CountTarget | null {
  if (config.measure !== 'time') return null;
  const counts = harnessOf(config.format)?.counts;
  return counts?.recognise(shellWords(config.bench)) ?? null;
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
  const merged = mergeLayers(layers);
  const gate: RawConfig = Object.fromEntries(GATE_KEYS.filter((k) => merged[k] !== undefined).map((k) => [k, merged[k]]));
  const probe = resolveConfig([{ bench: { value: 'unused', where: '' } }, gate], '.');
  const gateProcess = gate['gate-process'] === undefined ? 'auto' : parseConfigValue('gate-process', gate['gate-process']);
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
