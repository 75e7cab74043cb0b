/**
 * Every diagnostic, attached where it belongs: per comparison (numbers in
 * `comparison.diagnostics`, warnings in `comparison.warnings`) and per complexity family. The
 * diagnostics modules compute the numbers; this module only routes them. Pure: new
 * comparisons out, the inputs untouched.
 */
import type { Comparison, Warning } from '../model.js';
import { complexityDiagnostic } from '../diagnostics/complexity.js';
import { driftDiagnostic } from '../diagnostics/drift.js';
import { normalityDiagnostic } from '../diagnostics/normality.js';
import { percentileDiagnostic } from '../diagnostics/percentiles.js';
import { tooShortDiagnostic } from '../diagnostics/too-short.js';
import type { Compared } from './compare.js';
import { complexityNOf, identityKey } from './identity.js';

/** The customary level for rejecting normality; independent of the gate's alpha. */
const NORMALITY_ALPHA = 0.05;

function diagnoseComparison({ comparison: c, group, level }: Compared): Comparison {
  if (!c.base || !c.head) return c;
  const percentiles = percentileDiagnostic(c.base, c.head, c.better, c.thresholdPct);
  const normality = normalityDiagnostic(c.baseSamples, c.headSamples, NORMALITY_ALPHA, c.p);
  // Two trend tests per benchmark, at the level its p is held to.
  const drift = driftDiagnostic(group.series.base, group.series.head, c.thresholdPct, level / 2);
  const tooShort = tooShortDiagnostic(group.raw, c.unit === 's', { base: c.base.n, head: c.head.n }, level);
  return {
    ...c,
    diagnostics: {
      ...c.diagnostics,
      rounds: group.series,
      percentiles: percentiles.numbers,
      normality: normality.numbers,
      drift: drift.numbers,
      tooShort: tooShort.numbers,
    },
    warnings: [...c.warnings, ...percentiles.warnings, ...normality.warnings, ...drift.warnings, ...tooShort.warnings],
  };
}

/** "BM_sort/64" with complexityN 64 belongs to family "BM_sort"; nanobench repeats the name. */
function familyName(benchmark: string, n: number): string {
  const suffix = `/${n}`;
  return benchmark.endsWith(suffix) ? benchmark.slice(0, -suffix.length) : benchmark;
}

/**
 * The Big-O fit of each family (one name, or "name/N", at several sizes), attached to every
 * size; a class change warns on the largest size and in the result.
 */
function diagnoseComplexity(comparisons: readonly Comparison[]): { comparisons: Comparison[]; warnings: Warning[] } {
  const families = new Map<string, { family: string; members: number[] }>();
  comparisons.forEach((c, i) => {
    const n = complexityNOf(c);
    if (n === undefined || !c.base || !c.head) return;
    const family = familyName(c.benchmark, n);
    const key = identityKey({ suite: c.suite, benchmark: family, metric: c.metric });
    const entry = families.get(key) ?? { family, members: [] };
    entry.members.push(i);
    families.set(key, entry);
  });
  const out = [...comparisons];
  const warnings: Warning[] = [];
  for (const { family, members } of families.values()) {
    members.sort((a, b) => complexityNOf(comparisons[a]!)! - complexityNOf(comparisons[b]!)!);
    const point = (i: number, side: 'base' | 'head') =>
      [complexityNOf(comparisons[i]!)!, comparisons[i]![side]!.median] as [number, number];
    const fit = complexityDiagnostic(family, { base: members.map((i) => point(i, 'base')), head: members.map((i) => point(i, 'head')) });
    if (!fit) continue;
    for (const i of members) out[i] = { ...out[i]!, diagnostics: { ...out[i]!.diagnostics, complexity: fit.numbers } };
    const largest = members.at(-1)!;
    out[largest] = { ...out[largest]!, warnings: [...out[largest]!.warnings, ...fit.warnings] };
    warnings.push(...fit.warnings);
  }
  return { comparisons: out, warnings };
}

/** Each comparison with its diagnostics, and the warnings that belong to the whole result. */
export function diagnose(compared: readonly Compared[]): { comparisons: Comparison[]; warnings: Warning[] } {
  return diagnoseComplexity(compared.map(diagnoseComparison));
}
