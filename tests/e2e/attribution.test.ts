/**
 * Where a counted change came from (issue 32, decision 8), end to end: a Go module and a C program
 * (benchgate's JSON harness), each with a helper made twice as costly inside one benchmark on head.
 * results.json's attribution names that helper first with at least 90% of the change; the
 * unchanged benchmark has none; `benchgate analyze` on the log gives the same attribution.
 */
import { describe, expect } from '@jest/globals';
import path from 'node:path';
import { PROCESS_BENCHMARK } from '../../src/diagnostics/cost.js';
import type { ComparisonResult } from '../../src/model.js';
import { readLog } from '../../src/runner/log.js';
import { cProgram, goModule, PLANTED } from '../../bench/real/planted.js';
import { makeRepo, readResults, runCli, runLastCommit, tempDir } from './helpers.js';
import { GO_PATH as PATH, hasTool, itWhen } from '../helpers/toolchains.js';

const itWithGo = itWhen(() => hasTool('go', 'version') && hasTool('valgrind', '--version'));
const itWithCc = itWhen(() => hasTool('cc', '--version') && hasTool('valgrind', '--version'));

/** The attribution of each benchmark (undefined: none), by benchmark. */
const attributions = (result: ComparisonResult) => Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.attribution]));

/**
 * What both programs must show: the helper first with ≥ 90% of the change, the call path through
 * its caller, nothing on the unchanged benchmark, exactly one callgrind pass a side (two valgrind
 * runs each) for the changed benchmark only, and analyze alike.
 */
async function expectHelperAttributed(out: string, p: (typeof PLANTED)[keyof typeof PLANTED]) {
  const result = readResults(out);
  const verdicts = Object.fromEntries(result.comparisons.map((c) => [c.benchmark, c.verdict]));
  expect(verdicts).toEqual({ [p.changed]: 'regression', [p.same]: 'unchanged' });
  const attribution = attributions(result)[p.changed]!;
  expect(attribution).toMatchObject({ level: 'instructions', source: 'counts', notes: [] });
  const top = attribution.functions[0]!;
  expect({ file: top.file, name: top.name }).toEqual(p.helper);
  expect(top.sharePct).toBeGreaterThanOrEqual(90);
  expect(top.head / top.base).toBeGreaterThan(1.8);
  expect(attribution.explainedPct).toBeGreaterThanOrEqual(90);
  // The call path runs through the helper's caller down to the helper, all of it the benchmarked code.
  const steps = attribution.callPath!.steps.map((s) => s.name);
  expect(steps.indexOf(p.caller)).toBeGreaterThanOrEqual(0);
  expect(steps.indexOf(p.helper.name)).toBeGreaterThan(steps.indexOf(p.caller));
  expect(attribution.callPath!.owner.name).toBe(p.helper.name);
  expect(attribution.callTree!.children.length).toBeGreaterThan(0);
  expect(attributions(result)[p.same]).toBeUndefined();
  // One cachegrind profile per benchmark, side and repetition; one callgrind pass a side for the changed benchmark alone.
  const log = readLog(path.join(out, 'results.jsonl'));
  const repetitions = new Set(log.runs.map((r) => `${r.benchmark}/${r.side}/${r.round}`)).size;
  expect(log.profiles.filter((x) => x.tool === 'cachegrind')).toHaveLength(repetitions);
  expect(log.profiles.filter((x) => x.tool === 'callgrind').map((x) => [x.benchmark, x.side, x.round])).toEqual(
    expect.arrayContaining([
      [p.changed, 'base', 0],
      [p.changed, 'head', 0],
    ]),
  );
  expect(log.profiles.filter((x) => x.tool === 'callgrind')).toHaveLength(2);
  // analyze reads the attribution back from the log, without valgrind.
  const again = tempDir();
  const analysed = await runCli(['analyze', path.join(out, 'results.jsonl'), '--out', again]);
  expect(analysed.code).toBe(1);
  expect(attributions(readResults(again))).toEqual(attributions(result));
}

describe('attribution of counted changes', () => {
  itWithGo(
    'a Go module: the helper made twice as costly is the top function, and analyze agrees',
    async () => {
      const repo = makeRepo([goModule(40), goModule(80)]);
      const out = tempDir();
      const r = await runLastCommit(
        repo,
        "go test -run '^$' -bench . .",
        out,
        ['--format', 'go', '--measure', 'instructions', '--jobs', '2'],
        {
          env: { PATH },
        },
      );
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      await expectHelperAttributed(out, PLANTED.go);
    },
    180_000,
  );

  itWithCc(
    'a C program built with -g: the helper made twice as costly is the top function, and analyze agrees',
    async () => {
      const repo = makeRepo([cProgram(40), cProgram(80)]);
      const out = tempDir();
      const r = await runLastCommit(repo, './bench', out, [
        '--build',
        'cc -g -O1 -o bench bench.c',
        '--format',
        'benchgate',
        '--measure',
        'instructions',
        '--jobs',
        '2',
      ]);
      expect(r.stderr).not.toMatch(/failed/);
      expect(r.code).toBe(1);
      await expectHelperAttributed(out, PLANTED.c);
    },
    120_000,
  );

  itWithGo(
    'a timed Go regression: the passes say where its instructions changed, for flagged benchmarks only',
    async () => {
      // 20 times the helper's work: a timed regression that a 2x burst of the machine cannot hide.
      const repo = makeRepo([goModule(40), goModule(800)]);
      const out = tempDir();
      const r = await runLastCommit(repo, "go test -run '^$' -bench . -benchtime 20ms .", out, ['--format', 'go', '--rounds', '5'], {
        env: { PATH },
      });
      expect(r.stderr).toMatch(/where the instructions changed: \d+ changed benchmark/);
      const result = readResults(out);
      const changed = result.comparisons.find((c) => c.benchmark.startsWith('example.com/attr.BenchmarkChanged'))!;
      expect(changed.verdict).toBe('regression');
      expect(changed.attribution).toMatchObject({ level: 'instructions', source: 'passes' });
      const top = changed.attribution!.functions[0]!;
      expect({ file: top.file, name: top.name }).toEqual({ file: 'work.go', name: 'example.com/attr.helper' });
      expect(top.head / top.base).toBeGreaterThan(15);
      expect(top.interval).toBeNull();
      expect(changed.attribution!.callPath!.steps.map((s) => s.name)).toContain(PLANTED.go.caller);
      // One callgrind pass a side (two valgrind runs each) per flagged benchmark, none for the others; no count runs in a timed log.
      const log = readLog(path.join(out, 'results.jsonl'));
      // The harness process's own cost ("(process)") may be flagged too, its cpu-user grown with the work: it gets no pass.
      const flagged = new Set(
        result.comparisons
          .filter((c) => (c.verdict === 'regression' || c.verdict === 'improvement') && c.benchmark !== PROCESS_BENCHMARK)
          .map((c) => c.benchmark.replace(/-\d+$/, '')),
      );
      expect(log.profiles.map((p) => [p.benchmark, p.round]).sort()).toEqual(
        [...flagged].flatMap((b) => [b, b].map((name) => [name, 0])).sort(),
      );
      expect(r.stderr).toContain(`where the instructions changed: ${flagged.size} changed benchmark(s)`);
      expect(log.runs.every((run) => run.work === undefined)).toBe(true);
      // analyze reads it back.
      const again = tempDir();
      expect((await runCli(['analyze', path.join(out, 'results.jsonl'), '--out', again])).code).toBe(1);
      expect(attributions(readResults(again))).toEqual(attributions(result));
    },
    180_000,
  );
});
