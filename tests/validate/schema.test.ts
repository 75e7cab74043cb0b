/**
 * The committed JSON Schemas are the ones src/model.ts generates, and every file benchgate
 * writes passes them: results.json after any analysis, every line of results.jsonl.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_DIR, generateSchemas } from '../../scripts/generate-schemas.js';
import { analyze } from '../../src/analysis/index.js';
import { readLog, ResultsLog } from '../../src/runner/log.js';
import { renderJson } from '../../src/report/json.js';
import { validateResults } from '../../src/validate.js';
import { measurement, run } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';
import { fixtureResult } from '../report/html/fixture.js';
import { goldenResult } from '../report/fixture.js';

describe('schema/', () => {
  it('holds the schemas src/model.ts generates (after changing model.ts: npm run schemas)', () => {
    for (const [file, text] of Object.entries(generateSchemas())) {
      expect(`${file}\n${readFileSync(path.join(SCHEMA_DIR, file), 'utf8')}`).toBe(`${file}\n${text}`);
    }
  });
});

describe('what benchgate writes passes its schema', () => {
  const header = testHeader({ environment: { cpuModel: 'x', cpuCount: 2, virtualization: { hypervisor: null, vendor: null } } });
  /** Ten rounds: a regression, a failing run, a benchmark added on head, CPU and RSS readings. */
  const runs = Array.from({ length: 10 }, (_, i) => [
    run({
      side: 'base',
      round: i + 1,
      cpuUserMs: 900 + i,
      cpuSysMs: 100,
      maxRssKb: 50_000 + i,
      measurements: [measurement({ benchmark: 'a', values: [1 + i / 100] })],
    }),
    i === 3
      ? run({ side: 'head', round: i + 1, exitCode: 1, signal: null, error: 'benchmark exited with code 1', measurements: [] })
      : run({
          side: 'head',
          round: i + 1,
          cpuUserMs: 950 + i,
          cpuSysMs: 100,
          maxRssKb: 52_000 + i,
          env: { loadAvg1: 0.5, stealFraction: 0 },
          measurements: [
            measurement({ benchmark: 'a', values: [2 + i / 100] }),
            measurement({ benchmark: 'new', metric: 'allocs/op', unit: 'allocs/op', values: [3] }),
          ],
        }),
  ]).flat();

  const zeroMedians = () =>
    analyze({
      header,
      runs: runs.map((r) => ({ ...r, measurements: r.measurements.map((m) => ({ ...m, values: [-r.round, 0, r.round] })) })),
      end: null,
      settings: { ...header.config, sampling: 'pooled', failOn: 'none' },
    });

  it.each([
    ['an analysis with failures, cost rows and an added benchmark', () => analyze({ header, runs, end: null, settings: header.config })],
    ['an analysis with diagnostics of every kind', fixtureResult],
    ['an analysis with zero medians', zeroMedians],
    ['the report goldens', goldenResult],
  ])('results.json of %s', (_what, make) => {
    const written = JSON.parse(renderJson(make()));
    expect(validateResults(written, 'results.json')).toEqual(written);
  });

  it('takes the null JSON writes for an infinite cv (a median of 0 with spread)', () => {
    expect(renderJson(zeroMedians())).toContain('"cv": null');
  });

  it('every line of results.jsonl, read back through the validating reader', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    for (const r of runs) log.append(r);
    log.end('failed', 'the build failed:\nerror: x');
    const read = readLog(file);
    expect(read.runs).toEqual(runs);
    expect(read.end?.message).toBe('the build failed:\nerror: x');
  });
});
