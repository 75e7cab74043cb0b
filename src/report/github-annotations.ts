/**
 * The GitHub annotations view: one per regression (error when it fails the gate, warning
 * otherwise) and one notice per improvement. GitHub shows at most 10 of each kind per step, so
 * the largest changes go first and the rest are counted for the job summary and the check run.
 */
import type { Comparison, ComparisonResult } from '../model.js';
import { plainText } from './escape.js';
import { namesOf, type Names } from './names.js';
import { rowOf } from './rows.js';
import type { Annotation, AnnotationKind, Locate, RenderContext, SourcePlace, ViewLimit } from './view.js';

export const ANNOTATIONS_PER_KIND = 10;
/** GitHub's limit, which the errors and warnings the step printed itself share. */
export const ANNOTATIONS_LIMIT: ViewLimit = { max: ANNOTATIONS_PER_KIND, unit: 'annotations of each kind', of: 'a GitHub step' };
/** An annotation's title is one line of plain text, clipped. */
const TITLE_MAX = 120;

/**
 * A benchmark named after its source (pytest's `tests/test_io.py::test_read`, or
 * `bench/sort.js:12`) points at that file when it exists.
 */
export function sourceLocation(name: string, locate: Locate): SourcePlace | undefined {
  const m = /^((?:[\w.-]+\/)*[\w.-]+\.[A-Za-z]\w*)(?::(\d+))?(?=::|\s|$|\[)/.exec(name);
  if (!m || m[1]!.split('/').includes('..')) return undefined;
  const file = locate(m[1]!);
  if (file === undefined) return undefined;
  return m[2] ? { file, line: Number(m[2]) } : { file };
}

function kindOf(c: Comparison, gateFailed: boolean): AnnotationKind | null {
  if (c.verdict === 'regression') return gateFailed && c.gating ? 'error' : 'warning';
  if (c.verdict === 'improvement') return 'notice';
  return null;
}

function describe(c: Comparison, names: Names): string {
  const row = rowOf(c, names);
  // rows.ts's p cell: "p / adjusted p", or with rounds auto "p / the level of the look that closed it".
  const p = c.sequential ? `p / level ${row.p}` : `p ${row.p}`;
  return `${plainText(row.name)}: ${row.change} (${p}), ${plainText(row.base)} → ${plainText(row.head)}`;
}

export interface AnnotationPlan {
  annotations: Annotation[];
  /** How many of each kind were left out by the per-kind limit. */
  omitted: Record<AnnotationKind, number>;
}

export interface AnnotationOptions {
  locate: Locate;
  /** Where a benchmark whose name names no file points (the config's `source`). */
  fallback?: SourcePlace;
  /**
   * Annotations of each kind the step can still show: GitHub counts every error and warning
   * the step prints against its limit, first come first served. Default: the whole limit.
   */
  room?: Partial<Record<AnnotationKind, number>>;
}

export function planAnnotations(result: ComparisonResult, { locate, fallback, room = {} }: AnnotationOptions): AnnotationPlan {
  const byKind: Record<AnnotationKind, Comparison[]> = { error: [], warning: [], notice: [] };
  for (const c of result.comparisons) {
    const kind = kindOf(c, result.gateFailed);
    if (kind) byKind[kind].push(c);
  }
  const annotations: Annotation[] = [];
  const names = namesOf(result);
  const omitted: Record<AnnotationKind, number> = { error: 0, warning: 0, notice: 0 };
  for (const kind of ['error', 'warning', 'notice'] as const) {
    const largestFirst = byKind[kind].sort((a, b) => Math.abs(b.changePct ?? 0) - Math.abs(a.changePct ?? 0));
    const limit = Math.max(0, room[kind] ?? ANNOTATIONS_PER_KIND);
    for (const c of largestFirst.slice(0, limit)) {
      const word = c.verdict === 'regression' ? 'Regression' : 'Improvement';
      annotations.push({
        kind,
        title: plainText(`benchgate: ${word} in ${c.suite}`, TITLE_MAX),
        message: describe(c, names),
        ...(sourceLocation(c.benchmark, locate) ?? fallback),
      });
    }
    omitted[kind] = Math.max(0, largestFirst.length - limit);
  }
  return { annotations, omitted };
}

/** The step's plan: its own room, what the platform says of where files are and which warnings it printed. */
function stepPlan({ result, platform }: RenderContext): AnnotationPlan {
  const facts = platform?.annotations ?? { locate: () => undefined, warningsPrinted: 0 };
  return planAnnotations(result, {
    locate: facts.locate,
    fallback: facts.fallback,
    room: {
      // Regressions are errors only when the gate fails, and then the action ends the step
      // with an error of its own (core.setFailed) that must fit too.
      error: ANNOTATIONS_PER_KIND - 1,
      warning: ANNOTATIONS_PER_KIND - facts.warningsPrinted,
    },
  });
}

/** The view: the annotations the step prints. */
export function renderAnnotations(ctx: RenderContext): Annotation[] {
  return stepPlan(ctx).annotations;
}

/** Notes for the job summary and the check run about annotations the limit left out; empty when none were. */
export function omittedNotes(omitted: Record<AnnotationKind, number>): string[] {
  const label = { error: 'regressions (errors)', warning: 'regressions (warnings)', notice: 'improvements' };
  return (Object.keys(omitted) as AnnotationKind[])
    .filter((k) => omitted[k] > 0)
    .map(
      (k) =>
        `${omitted[k]} more ${label[k]} are not annotated: GitHub shows ${ANNOTATIONS_PER_KIND} per kind per step, the largest changes first`,
    );
}

/** The notes of the annotations this step left out. */
export function annotationNotes(ctx: RenderContext): string[] {
  return omittedNotes(stepPlan(ctx).omitted);
}
