/** What every fuzz test shares: its budget, and arbitraries for any text and for damaged JSON. */
import fc from 'fast-check';

/** CI services set CI; .ci/run sets BENCHGATE_REQUIRE_TOOLCHAINS. */
export const IN_CI = Boolean(process.env.CI || process.env.BENCHGATE_REQUIRE_TOOLCHAINS);
/**
 * Cases per property: 200 in `npm test`, so that the suite a contributor runs stays quick (at 500
 * the three fuzz files took 50 s of its ~7 min); `npm run fuzz` (which .ci/run runs after
 * `npm test`) checks the same properties with 10^4.
 */
export const RUNS = Number(process.env.BENCHGATE_FUZZ_RUNS) || 200;

/**
 * The fast-check seed: fixed in CI, so that a run is repeatable and a red CI means a change broke
 * something rather than that this run's draw found an old bug; random on a laptop, where new
 * draws explore. BENCHGATE_FUZZ_SEED picks one (the seed a failure prints, to replay it).
 */
const SEED = process.env.BENCHGATE_FUZZ_SEED ? Number(process.env.BENCHGATE_FUZZ_SEED) : IN_CI ? 20_261_124 : undefined;

/** fc.assert's parameters for a property checked `numRuns` times (RUNS unless given). */
export function fuzzParameters(numRuns = RUNS): { numRuns: number; seed?: number } {
  return SEED === undefined ? { numRuns } : { numRuns, seed: SEED };
}

/**
 * Any text: ASCII (newlines, tabs, punctuation) or any code point, lone surrogates included.
 * Built from code points because fc.string({ unit: 'binary' }) costs ~0.4 ms a sample at this length.
 */
export const anyText = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 300 }),
  fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 300 }).map((codePoints) => String.fromCodePoint(...codePoints)),
);

/** `root` (parsed JSON, changed in place and returned) with its `pick`-th value, counted depth first, replaced. */
export function replaceOneValue(root: unknown, pick: number, replacement: unknown): unknown {
  const slots: [Record<string | number, unknown>, string | number][] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((child, i) => (slots.push([node as unknown as Record<number, unknown>, i]), visit(child)));
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, key]);
        visit(child);
      }
  };
  visit(root);
  if (slots.length === 0) return root;
  const [parent, key] = slots[pick % slots.length]!;
  parent[key] = replacement;
  return root;
}

/** `text` with a slice cut out at `at` and `insert` spliced in. */
export function splice(text: string, at: number, cut: number, insert: string): string {
  const i = at % (text.length + 1);
  return text.slice(0, i) + insert + text.slice(i + cut);
}
