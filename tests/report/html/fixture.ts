/**
 * A constructed analysis for the report tests: regressions, unchanged benchmarks, hostile names,
 * a complexity family and, with `added`, a benchmark only head has (shown, not gated).
 */
import { analyze } from '../../../src/analysis/index.js';
import type { AnalysisSettings, ComparisonResult, Run, Side } from '../../../src/model.js';
import { createRng } from '../../../src/stats/index.js';
import { measurement, run } from '../../builders.js';
import { testHeader } from '../../helpers/log-header.js';

export const HOSTILE = ['<img src=x onerror=alert(1)>', '</script><script>alert(2)</script>'];

export function fixtureResult({ added = false } = {}): ComparisonResult {
  const settings: AnalysisSettings = { alpha: 0.05, thresholdPct: 2, correction: 'holm', sampling: 'run' };
  const header = testHeader({
    head: { ref: 'feature', sha: 'b'.repeat(40) },
    environment: { cpuModel: 'Test CPU', cpuCount: 2, governor: null, turbo: null },
  });
  const rng = createRng(4);
  const runs: Run[] = [];
  const sides: Side[] = ['base', 'head'];
  for (let round = 1; round <= 10; round++) {
    for (const [position, side] of sides.entries()) {
      const slower = side === 'head' ? 1.3 : 1;
      const noise = () => 1 + rng.normal(0, 0.01);
      runs.push(
        run({
          suite: 'suite <b>',
          side,
          round,
          position,
          cpuUserMs: 900 * noise(),
          cpuSysMs: 100 * noise(),
          maxRssKb: Math.round(50_000 * noise()),
          env: { loadAvg1: 0.8, stealFraction: 0.001 },
          measurements: [
            measurement({ benchmark: 'parse', values: [0.002 * slower * noise()] }),
            ...HOSTILE.map((name) => measurement({ benchmark: name, values: [0.001 * noise()] })),
            ...(added && side === 'head' ? [measurement({ benchmark: 'added/in-head', values: [0.003 * noise()] })] : []),
            ...[100, 200, 400, 800].map((n) =>
              measurement({ benchmark: 'sort', complexityN: n, values: [(side === 'base' ? 1e-6 * n : 1e-8 * n * n) * noise()] }),
            ),
          ],
        }),
      );
    }
  }
  return analyze({ header, runs, end: null, settings: { ...header.config, ...settings } });
}
