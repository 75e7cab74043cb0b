/**
 * One typed Config from CLI flags, action inputs or `.benchgate.yml`. Everything after this
 * module works on the Config object; nothing deeper reads flags or the environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isMap, isScalar, type Node } from 'yaml';
import type { AnalysisSettings } from './model.js';

export type FailOn = 'regression' | 'none';

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
  /** Parser name, "auto", or "command" (time the whole process, no parser). */
  format: string;
  suite: string;
  rounds: number;
  warmup: number;
  seed: number;
  /** Per-run time limit in seconds; 0 = none. */
  timeoutSec: number;
  outDir: string;
  failOn: FailOn;
  /** Directory inside the repository the commands run in (relative to the repo root). */
  workingDirectory: string;
  /** Source file (FILE or FILE:LINE, from the working directory) annotations point at when a benchmark's name names none. */
  source?: string;
  // Instruction mode and a steadier machine (docs/steady.md); all off by default.
  /** 'instructions': count each run's instructions under cachegrind instead of timing it. */
  measure: 'time' | 'instructions';
  /** Pin benchmark runs to this CPU (taskset); 'auto' = the last CPU benchgate may use. */
  pinCpu?: number | 'auto';
  /** Run benchmarks without address-space randomisation (setarch -R). */
  noAslr: boolean;
  /** Run benchmarks without fsync (eatmydata). */
  noFsync: boolean;
  /** Run benchmarks at a raised scheduling priority (nice -n -5) where permitted. */
  priority: boolean;
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
  value: unknown;
  /** "--rounds", "input rounds" or ".benchgate.yml:3 (rounds)": used in error messages. */
  where: string;
}

/** Raw values before validation. */
export type RawConfig = Partial<Record<ConfigKey, Sourced>>;

export const DEFAULTS = {
  head: 'HEAD',
  format: 'auto',
  suite: 'benchmarks',
  rounds: 10,
  warmup: 1,
  thresholdPct: 2,
  alpha: 0.05,
  correction: 'holm',
  sampling: 'run',
  timeoutSec: 0,
  outDir: 'benchgate-out',
  failOn: 'regression',
  workingDirectory: '.',
  measure: 'time',
} as const;

/** Keys accepted in .benchgate.yml; CLI flags use the same names in kebab case. */
const KEYS = {
  base: 'string',
  head: 'string',
  build: 'string',
  bench: 'string',
  'bench-command': 'string',
  format: 'string',
  suite: 'string',
  rounds: 'int',
  warmup: 'int',
  seed: 'int',
  threshold: 'number',
  alpha: 'number',
  correction: 'string',
  sampling: 'string',
  timeout: 'number',
  out: 'string',
  'fail-on': 'string',
  'working-directory': 'string',
  source: 'string',
  // Instruction mode and a steadier machine (docs/steady.md).
  measure: 'string',
  'pin-cpu': 'string',
  'no-aslr': 'boolean',
  'no-fsync': 'boolean',
  priority: 'boolean',
} as const;
export type ConfigKey = keyof typeof KEYS;
export const CONFIG_KEYS = Object.keys(KEYS) as ConfigKey[];
/** On/off keys: bare flags on the command line (--no-aslr). */
export const isBooleanKey = (key: ConfigKey): boolean => KEYS[key] === 'boolean';

export const CONFIG_FILE = '.benchgate.yml';

/**
 * Reads `.benchgate.yml` (or the given file). Returns {} when the default file is absent.
 * Errors name the file, the line and the key.
 */
export function readConfigFile(file: string, required: boolean): RawConfig {
  if (!existsSync(file)) {
    if (required) throw new ConfigError(`${file}: config file not found`);
    return {};
  }
  const text = readFileSync(file, 'utf8');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (node: Node | null | undefined) =>
    node?.range ? `${file}:${lines.linePos(node.range[0]).line}` : file;
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    throw new ConfigError(`${file}:${lines.linePos(err.pos[0]).line}: invalid YAML: ${err.message.split('\n')[0]}`);
  }
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) throw new ConfigError(`${at(doc.contents)}: expected a mapping of keys (rounds: 10, bench: ...)`);
  const raw: RawConfig = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!(key in KEYS)) {
      throw new ConfigError(
        `${at(pair.key as Node)}: unknown key "${key}"; valid keys: ${CONFIG_KEYS.join(', ')}`,
      );
    }
    const value = pair.value;
    if (!isScalar(value)) {
      throw new ConfigError(`${at(value as Node)}: "${key}" must be a single value, not a list or mapping`);
    }
    raw[key as ConfigKey] = { value: value.value, where: `${at(value)} (${key})` };
  }
  return raw;
}

/** Marks every value of a raw config as coming from `source` (e.g. "--rounds" or "input rounds"). */
export function sourced(raw: Record<string, unknown>, where: (key: string) => string): RawConfig {
  const out: RawConfig = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    if (!(key in KEYS)) throw new ConfigError(`${where(key)}: unknown setting`);
    out[key as ConfigKey] = { value, where: where(key) };
  }
  return out;
}

/**
 * Merges layers (later wins), validates every value and fills defaults.
 * `repoDir` is where relative paths (out) are resolved.
 */
export function resolveConfig(layers: RawConfig[], repoDir: string): Config {
  const merged: RawConfig = Object.assign({}, ...layers);
  const get = (key: ConfigKey) => merged[key];

  const str = (key: ConfigKey): string | undefined => {
    const s = get(key);
    if (s === undefined || s.value === null) return undefined;
    if (typeof s.value !== 'string' && typeof s.value !== 'number') {
      throw new ConfigError(`${s.where}: expected text, got ${JSON.stringify(s.value)}`);
    }
    return String(s.value);
  };
  const num = (key: ConfigKey, check: (n: number) => boolean, expected: string): number | undefined => {
    const s = get(key);
    if (s === undefined || s.value === null) return undefined;
    const n = typeof s.value === 'number' ? s.value : Number(String(s.value).trim());
    if (String(s.value).trim() === '' || !Number.isFinite(n) || !check(n)) {
      throw new ConfigError(`${s.where}: expected ${expected}, got ${JSON.stringify(s.value)}`);
    }
    return n;
  };
  const oneOf = <T extends string>(key: ConfigKey, allowed: readonly T[]): T | undefined => {
    const v = str(key);
    if (v === undefined) return undefined;
    if (!allowed.includes(v as T)) {
      throw new ConfigError(`${get(key)!.where}: expected one of ${allowed.join(', ')}, got "${v}"`);
    }
    return v as T;
  };
  const isInt = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
  const bool = (key: ConfigKey): boolean => {
    const s = get(key);
    if (s === undefined || s.value === null) return false;
    const v = String(s.value).trim().toLowerCase();
    if (['true', 'on', 'yes'].includes(v)) return true;
    if (['false', 'off', 'no'].includes(v)) return false;
    throw new ConfigError(`${s.where}: expected true or false, got ${JSON.stringify(s.value)}`);
  };

  // --bench-command is command mode: no parser, benchgate times the whole process.
  const commandMode = str('bench-command');
  if (commandMode !== undefined && get('bench') !== undefined) {
    throw new ConfigError(`${get('bench-command')!.where}: give either bench or bench-command, not both`);
  }
  const bench = commandMode ?? str('bench');
  if (!bench) {
    throw new ConfigError(`no benchmark command: pass --bench "<command>" (or --bench-command to time the whole process) or set "bench:" in ${CONFIG_FILE}`);
  }
  const seed = num('seed', isInt(0), 'a whole number >= 0') ?? Math.floor(Math.random() * 2 ** 31);
  // Instruction mode counts the whole command, like command mode times it: no parser.
  const measure = oneOf('measure', ['time', 'instructions'] as const) ?? DEFAULTS.measure;
  const format = str('format');
  if (measure === 'instructions' && format !== undefined && format !== 'auto' && format !== 'command') {
    throw new ConfigError(`${get('format')!.where}: measure: instructions counts the whole command (one count per run) and reads no harness output; remove format: ${format}`);
  }
  const pin = str('pin-cpu');
  if (pin !== undefined && pin !== 'auto' && !/^\d+$/.test(pin.trim())) {
    throw new ConfigError(`${get('pin-cpu')!.where}: expected a CPU number (e.g. 1) or auto, got ${JSON.stringify(pin)}`);
  }
  return {
    repoDir,
    base: str('base'),
    head: str('head'),
    build: str('build'),
    bench,
    format: commandMode !== undefined || measure === 'instructions' ? 'command' : (format ?? DEFAULTS.format),
    suite: str('suite') ?? DEFAULTS.suite,
    rounds: num('rounds', isInt(1), 'a whole number >= 1') ?? DEFAULTS.rounds,
    warmup: num('warmup', isInt(0), 'a whole number >= 0') ?? DEFAULTS.warmup,
    seed,
    thresholdPct: num('threshold', (n) => n >= 0, 'a percentage >= 0 (e.g. 2 for 2%)') ?? DEFAULTS.thresholdPct,
    alpha: num('alpha', (n) => n > 0 && n < 1, 'a probability between 0 and 1 (e.g. 0.05)') ?? DEFAULTS.alpha,
    correction: oneOf('correction', ['holm', 'bh', 'none'] as const) ?? DEFAULTS.correction,
    sampling: oneOf('sampling', ['run', 'pooled'] as const) ?? DEFAULTS.sampling,
    timeoutSec: num('timeout', (n) => n >= 0, 'seconds >= 0 (0 = no limit)') ?? DEFAULTS.timeoutSec,
    outDir: path.resolve(repoDir, str('out') ?? DEFAULTS.outDir),
    failOn: oneOf('fail-on', ['regression', 'none'] as const) ?? DEFAULTS.failOn,
    workingDirectory: str('working-directory') ?? DEFAULTS.workingDirectory,
    source: str('source'),
    measure,
    pinCpu: pin === undefined ? undefined : pin === 'auto' ? 'auto' : Number(pin),
    noAslr: bool('no-aslr'),
    noFsync: bool('no-fsync'),
    priority: bool('priority'),
  };
}

/** Analysis settings only (for `benchgate analyze`), validated the same way. */
export function resolveAnalysisOverrides(layer: RawConfig): Partial<AnalysisSettings> {
  const probe = resolveConfig([{ bench: { value: 'unused', where: '' } }, layer], '.');
  const out: Partial<AnalysisSettings> = {};
  if (layer.alpha !== undefined) out.alpha = probe.alpha;
  if (layer.threshold !== undefined) out.thresholdPct = probe.thresholdPct;
  if (layer.correction !== undefined) out.correction = probe.correction;
  if (layer.sampling !== undefined) out.sampling = probe.sampling;
  return out;
}
