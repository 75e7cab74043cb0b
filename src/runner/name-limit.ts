/**
 * A benchmark name, metric or unit longer than the results log holds (MAX_NAME_CHARS, the
 * schema's limit on every name) is refused at the first run that prints it: the log could not
 * be read back, so measuring on would waste every round. Clipping is no way out: two names
 * clipped alike would merge into one identity.
 */
import { ConfigError } from '../config.js';
import { MAX_NAME_CHARS, type Measurement } from '../model.js';

const FIELDS = ['benchmark', 'metric', 'unit'] as const;

/** Throws a ConfigError (exit 2) naming the harness, the output line and the field over the limit. */
export function checkNameLengths(measurements: readonly Measurement[], stdout: string, harness: string, what: string): void {
  for (const m of measurements) {
    const field = FIELDS.find((f) => m[f].length > MAX_NAME_CHARS);
    if (field === undefined) continue;
    const text = m[field];
    const line = lineOf(stdout, text.slice(0, 64));
    throw new ConfigError(
      `${what}: the ${harness} output${line === null ? '' : ` at line ${line}`} has a ${field === 'benchmark' ? 'benchmark name' : field} of ` +
        `${text.length} characters (starting ${JSON.stringify(text.slice(0, 40))}); at most ${MAX_NAME_CHARS} fit the results log, ` +
        'and clipping could merge two names: shorten it in the benchmark code',
    );
  }
}

/** The 1-based output line where `text` first appears, or null (a name escaped in JSON may not). */
function lineOf(stdout: string, text: string): number | null {
  const at = stdout.indexOf(text);
  if (at < 0) return null;
  let line = 1;
  for (let i = stdout.indexOf('\n'); i !== -1 && i < at; i = stdout.indexOf('\n', i + 1)) line++;
  return line;
}
