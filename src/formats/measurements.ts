/** Collects values per (benchmark, metric) in first-seen order; shared by every parser. */
import type { Better, Measurement, MetricRole } from '../model.js';
import { FormatError } from './types.js';

/** How a metric stands among its benchmark's others (see Measurement.role and .deterministic). */
export interface MetricKind {
  role: MetricRole;
  deterministic?: boolean;
}

/** For a harness with a single metric: `role` stays unset, which means primary. */
const unclassified = (): MetricKind | undefined => undefined;

export class MeasurementSet {
  /** benchmark -> (metric and complexityN) -> measurement; two levels so no long keys are built per value. */
  private readonly byBenchmark = new Map<string, Map<string, Measurement>>();
  private readonly ordered: Measurement[] = [];

  /**
   * `format` names the parser in the error thrown for a value that is not a finite number;
   * `kindOf` gives each metric its role (and marks instruction counts deterministic).
   */
  constructor(
    private readonly format: string,
    private readonly kindOf: (metric: string) => MetricKind | undefined = unclassified,
  ) {}

  /** Measurements are told apart by benchmark, metric and complexityN (one name may run at several N). */
  private entry(benchmark: string, metric: string, unit: string, better: Better, complexityN?: number): Measurement {
    let byMetric = this.byBenchmark.get(benchmark);
    if (!byMetric) {
      byMetric = new Map();
      this.byBenchmark.set(benchmark, byMetric);
    }
    const key = complexityN === undefined ? metric : `${metric}\u0000${complexityN}`;
    let measurement = byMetric.get(key);
    if (!measurement) {
      measurement = { benchmark, metric, unit, better, values: [] };
      if (complexityN !== undefined) measurement.complexityN = complexityN;
      const kind = this.kindOf(metric);
      if (kind) {
        measurement.role = kind.role;
        if (kind.deterministic) measurement.deterministic = true;
      }
      byMetric.set(key, measurement);
      this.ordered.push(measurement);
    }
    return measurement;
  }

  /** Appends one value; `line` is where it was read, for the error when it is out of range. */
  add(benchmark: string, metric: string, unit: string, better: Better, value: number, line?: number, complexityN?: number): void {
    if (!Number.isFinite(value)) throw new FormatError(this.format, `${metric} of "${benchmark}" is out of range`, line);
    const measurement = this.entry(benchmark, metric, unit, better, complexityN);
    if (measurement.unit !== unit) {
      throw new FormatError(this.format, `${metric} of "${benchmark}" is reported both in ${measurement.unit} and in ${unit}`, line);
    }
    measurement.values.push(value);
  }

  /** Marks a benchmark as failed by its harness; a failure wins over values seen for it. */
  fail(benchmark: string, reason: string, metric = 'time', unit = 's', better: Better = 'lower'): void {
    this.entry(benchmark, metric, unit, better).failed ??= reason;
  }

  get size(): number {
    return this.ordered.length;
  }

  /**
   * The measurements in first-seen order. A benchmark that printed none of its harness's primary
   * metric (a Go benchmark that suppressed ns/op for its own unit) gates on its secondary ones.
   */
  toArray(): Measurement[] {
    const withPrimary = new Set(this.ordered.filter((m) => (m.role ?? 'primary') === 'primary').map((m) => m.benchmark));
    return this.ordered.map((m) => {
      const role = m.role === 'secondary' && !withPrimary.has(m.benchmark) ? 'primary' : m.role;
      return m.failed === undefined && role === m.role ? m : { ...m, role, values: m.failed === undefined ? m.values : [] };
    });
  }
}
