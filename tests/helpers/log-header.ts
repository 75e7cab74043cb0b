/** A results-log header for tests that build runs by hand; override only what a test is about. */
import { SCHEMA_VERSION, type LogHeader, type RunSettings } from '../../src/model.js';

/** The default settings, as `benchgate run` records them in the header. */
export const TEST_SETTINGS: RunSettings = {
  alpha: 0.05,
  thresholdPct: 2,
  correction: 'holm',
  sampling: 'run',
  failOn: 'regression',
  rounds: 10,
  warmup: 1,
  format: 'benchgate',
  suite: 'benchmarks',
  bench: 'node bench.mjs',
  build: null,
  timeoutSec: 0,
};

export function testHeader(overrides: Partial<LogHeader> = {}): LogHeader {
  return {
    type: 'header',
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'benchgate', version: 'test' },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    head: { ref: 'HEAD', sha: 'b'.repeat(40) },
    seed: 1,
    config: TEST_SETTINGS,
    environment: {},
    startedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
