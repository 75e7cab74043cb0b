/** A results-log header for tests that build runs by hand; override only what a test is about. */
import type { LogHeader } from '../../src/model.js';

export function testHeader(overrides: Partial<LogHeader> = {}): LogHeader {
  return {
    type: 'header',
    schema: 1,
    tool: { name: 'benchgate', version: 'test' },
    base: { ref: 'main', sha: 'a'.repeat(40) },
    head: { ref: 'HEAD', sha: 'b'.repeat(40) },
    seed: 1,
    config: { alpha: 0.05, thresholdPct: 2, correction: 'holm', sampling: 'run' },
    environment: {},
    startedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
