/**
 * bench-from: head (docs/bench-from.md): the rows whose benchmark base ran only because head's
 * benchmark files were copied into it carry a `benchmark-from-head` warning, which every report
 * shows beside the row. Base's own benchmarks are those its run without the copy printed.
 */
import { PROCESS_BENCHMARK } from '../diagnostics/cost.js';
import { normaliseName } from '../harness/index.js';
import type { BenchFilesHeader, Comparison, Warning } from '../model.js';

function fromHead(files: BenchFilesHeader): Warning {
  return {
    code: 'benchmark-from-head',
    message:
      files.baseOwn === null
        ? `from head: base may have run this benchmark only because of head's files (bench-from: ${files.from}); its run without them failed, so it is not known`
        : `from head: base ran head's benchmark file (bench-from: ${files.from}); base alone has no such benchmark, so this compares base's code under head's benchmark`,
  };
}

/** The comparisons, with the rows only the copy brought marked. */
export function markFromHead(comparisons: Comparison[], files: BenchFilesHeader | undefined, format: string): Comparison[] {
  if (!files) return comparisons;
  const own = files.baseOwn === null ? null : new Set(files.baseOwn.map((b) => normaliseName(format, b)));
  const warning = fromHead(files);
  return comparisons.map((c) =>
    c.benchmark === PROCESS_BENCHMARK || c.base === null || own?.has(normaliseName(format, c.benchmark))
      ? c
      : { ...c, warnings: [...c.warnings, warning] },
  );
}
