/**
 * The steadier-machine options of a run, in the reports' words (the settings line). A formatter,
 * so it lives with the renderers; the facts it reads are recorded by environment.ts.
 */
import type { HostEnvironment, SteadyCheck, SteadyOption } from '../model.js';

/** Short words for the reports; built from the option names only, never from logged text. */
const STEADY_WORDS: Record<SteadyOption, (c: SteadyCheck) => string> = {
  'pin-cpu': (c) => (Number.isInteger(c.cpu) ? `pinned to CPU ${c.cpu}` : 'pinned to one CPU'),
  'no-aslr': () => 'ASLR off',
  'no-fsync': () => 'no fsync',
  priority: () => 'raised priority',
};

/**
 * Which steadier-machine options were in force, for the reports' settings line: "pinned to
 * CPU 1, ASLR off; skipped: priority", or null when none was asked for. The environment may
 * come from an untrusted results.json: only known options and an integer CPU reach the text.
 */
export function steadinessSummary(environment: HostEnvironment): string | null {
  // A log from elsewhere may hold anything here: keep the entries this version knows.
  const checks = (Array.isArray(environment.steady) ? environment.steady : []).filter(
    (c): c is SteadyCheck => typeof c === 'object' && c !== null && Object.hasOwn(STEADY_WORDS, c.option),
  );
  if (checks.length === 0) return null;
  const applied = checks.filter((c) => c.applied === true).map((c) => STEADY_WORDS[c.option](c));
  const skipped = checks.filter((c) => c.applied !== true).map((c) => c.option);
  return [applied.join(', '), skipped.length > 0 ? `skipped: ${skipped.join(', ')}` : ''].filter(Boolean).join('; ');
}
