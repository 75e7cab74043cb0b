/** Thrown for input no statistic can be computed from (NaN, Infinity, empty samples...). */
export class StatsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatsError';
  }
}

/** Rejects NaN and +-Infinity: one bad sample would otherwise turn every p-value into NaN. */
export function requireFinite(values: readonly number[], name: string): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new StatsError(`${name}[${i}] is ${values[i]}: statistics need finite numbers`);
    }
  }
}

export function requireNonEmpty(values: readonly number[], name: string): void {
  if (values.length === 0) throw new StatsError(`${name} is empty: at least one value is needed`);
}

export function requireConfLevel(confLevel: number): void {
  if (!(confLevel > 0 && confLevel < 1)) {
    throw new StatsError(`confLevel must lie strictly between 0 and 1, got ${confLevel}`);
  }
}
