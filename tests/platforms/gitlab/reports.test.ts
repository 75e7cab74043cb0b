/**
 * The GitLab-facing renderers (JUnit, Code Quality, OpenMetrics) and the GitLab platform's
 * log sections and refs, on results made by the real analysis from synthetic runs.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { analyze } from '../../../src/analysis/index.js';
import type { ComparisonResult, Run, Side } from '../../../src/model.js';
import { gitlabPlatform } from '../../../src/platforms/gitlab.js';
import { renderCodeQuality, type CodeQualityIssue } from '../../../src/report/codequality.js';
import { escapeXml, renderJunit } from '../../../src/report/junit.js';
import { renderMetrics } from '../../../src/report/metrics.js';
import { measurement, run } from '../../builders.js';
import { tempDir } from '../../e2e/helpers.js';
import { capture } from '../../helpers/capture.js';
import { testHeader } from '../../helpers/log-header.js';
import { hasTool, itWhen } from '../../helpers/toolchains.js';

const XSD = path.join(import.meta.dirname, '..', '..', 'fixtures', 'gitlab', 'junit-10.xsd');
const itWithXmllint = itWhen(() => hasTool('xmllint', '--version'));

const HEADER = testHeader({ tool: { name: 'benchgate', version: '0.0.0-test' } });

/** Milliseconds per benchmark per side; the round adds a small deterministic spread. */
type Plan = Record<string, Partial<Record<Side, number>>>;

function runs(plan: Plan, rounds = 8, suite = 'suite'): Run[] {
  const out: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['base', 'head'] as const) {
      const measurements = Object.entries(plan)
        .filter(([, sides]) => sides[side] !== undefined)
        .map(([benchmark, sides]) => measurement({ benchmark, values: [(sides[side]! / 1000) * (1 + round / 1000)] }));
      out.push(run({ suite, side, round, measurements }));
    }
  }
  return out;
}

function result(allRuns: Run[], failOn: 'regression' | 'none' = 'regression'): ComparisonResult {
  return analyze({
    header: HEADER,
    runs: allRuns,
    end: { type: 'end', endedAt: '', status: 'completed' },
    settings: { ...HEADER.config, failOn, rounds: 8 },
  });
}

const HOSTILE = 'a\u0000b\ud800c</testcase><x y="z">&amp;';

function junitCases(xml: string): Record<string, unknown>[] {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true }).parse(xml);
  return [doc.testsuites.testsuite].flat().flatMap((s: { testcase: unknown }) => [s.testcase].flat()) as Record<string, unknown>[];
}

describe('JUnit XML', () => {
  const regressed = result(runs({ slow: { base: 10, head: 15 }, same: { base: 10, head: 10 }, gone: { base: 5 } }));

  it('escapes names XML cannot hold literally, and keeps the file well-formed', () => {
    expect(escapeXml('<a href="x">&\'\n')).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;&#10;');
    const xml = renderJunit(result(runs({ [HOSTILE]: { base: 10, head: 15 } })));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(junitCases(xml).map((c) => c.name)).toContain('a\ufffdb\ufffdc</testcase><x y="z">&amp;');
  });

  it('fails only the gate-failing regression; a removed benchmark is skipped', () => {
    const cases = junitCases(renderJunit(regressed));
    const byName = Object.fromEntries(cases.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['gone', 'same', 'slow']);
    expect(byName.slow!.failure).toBeDefined();
    expect(byName.same!.failure).toBeUndefined();
    expect((byName.gone!.skipped as Record<string, string>).message).toBe('removed');
  });

  it('fails nothing when the gate is off, though the regression is still named in the output', () => {
    const xml = renderJunit(result(runs({ slow: { base: 10, head: 15 } }), 'none'));
    expect(xml).not.toContain('<failure');
    expect(xml).toContain('verdict: regression');
  });

  it('turns every failed run into an error test case and counts it', () => {
    const all = runs({ slow: { base: 10, head: 10 } });
    all[3] = { ...all[3]!, exitCode: 1, measurements: [], error: 'benchmark exited with code 1 <boom>' };
    const xml = renderJunit(result(all));
    const errors = junitCases(xml).filter((c) => c.error);
    expect(errors.map((c) => c.name)).toEqual(['head run, round 2']);
    expect(xml).toMatch(/<testsuites name="benchgate" tests="2" failures="0" errors="1"/);
  });

  itWithXmllint('validates against the JUnit XSD, empty results included', () => {
    const dir = tempDir();
    const cases = [regressed, result(runs({ [HOSTILE]: { base: 10, head: 15 } })), result([])];
    cases.forEach((r, i) => writeFileSync(path.join(dir, `${i}.xml`), renderJunit(r)));
    const files = cases.map((_r, i) => path.join(dir, `${i}.xml`));
    const check = spawnSync('xmllint', ['--noout', '--schema', XSD, ...files], { encoding: 'utf8' });
    expect(check.stderr.trim().split('\n')).toEqual(files.map((f) => `${f} validates`));
  });
});

describe('Code Quality JSON', () => {
  it('has one issue per regression with a fingerprint stable across runs and distinct per benchmark', () => {
    const plan = { one: { base: 10, head: 15 }, two: { base: 10, head: 14 }, fine: { base: 10, head: 10 } };
    const a = JSON.parse(renderCodeQuality(result(runs(plan)))) as CodeQualityIssue[];
    const b = JSON.parse(renderCodeQuality(result(runs(plan, 10)))) as CodeQualityIssue[];
    expect(a.map((i) => i.severity)).toEqual(['major', 'major']);
    expect(new Set(a.map((i) => i.fingerprint)).size).toBe(2);
    expect(b.map((i) => i.fingerprint).sort()).toEqual(a.map((i) => i.fingerprint).sort());
  });

  it('is an empty list without regressions, and minor issues when the gate is off', () => {
    expect(JSON.parse(renderCodeQuality(result(runs({ fine: { base: 10, head: 10 } }))))).toEqual([]);
    const off = JSON.parse(renderCodeQuality(result(runs({ slow: { base: 10, head: 15 } }), 'none'))) as CodeQualityIssue[];
    expect(off.map((i) => i.severity)).toEqual(['minor']);
  });

  it('keeps a description on one line', () => {
    const [issue] = JSON.parse(renderCodeQuality(result(runs({ 'multi\nline\rname': { base: 10, head: 15 } })))) as CodeQualityIssue[];
    expect(issue!.description).toMatch(/^Benchmark regression multi line name \+50\.0%/);
  });
});

describe('OpenMetrics', () => {
  it('sanitises label values and leaves out values a comparison does not have', () => {
    const text = renderMetrics(result(runs({ 'x"#\\\'\ny': { base: 10, head: 15 }, gone: { base: 5 } })));
    expect(text).toContain('benchgate_change_percent{suite="suite",benchmark="x____ y",metric="time"} 50');
    expect(text).not.toMatch(/benchgate_head_median\{[^}]*benchmark="gone"/);
    expect(text).toMatch(/benchgate_base_median\{suite="suite",benchmark="gone",metric="time",unit="s"\} 0\.005\d*\n/);
    expect(text).toContain('benchgate_comparisons{verdict="removed"} 1');
    expect(text.endsWith('# EOF\n')).toBe(true);
  });
});

describe('the GitLab platform', () => {
  it('closes a log section even when its phase throws, with names GitLab accepts', async () => {
    const err = capture();
    const platform = gitlabPlatform({}, capture().stream, err.stream);
    await expect(platform.logger.group('build base: "x" & y', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [start, end] = err.text().split('\n');
    expect(start).toMatch(/^\x1b\[0Ksection_start:\d+:benchgate_1_build_base_x_y\[collapsed=true\]\r\x1b\[0Kbuild base: "x" & y$/);
    expect(end).toMatch(/^\x1b\[0Ksection_end:\d+:benchgate_1_build_base_x_y\r\x1b\[0K$/);
  });

  it("takes a parallel job's shard from CI_NODE_INDEX/CI_NODE_TOTAL; one job, or none, is no shard", () => {
    expect(gitlabPlatform({ CI_NODE_INDEX: '2', CI_NODE_TOTAL: '4' }).events.defaultShard()).toEqual({ index: 2, total: 4 });
    expect(gitlabPlatform({ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '1' }).events.defaultShard()).toBeNull();
    expect(gitlabPlatform({}).events.defaultShard()).toBeNull();
    expect(() => gitlabPlatform({ CI_NODE_INDEX: '5', CI_NODE_TOTAL: '4' }).events.defaultShard()).toThrow(
      'CI_NODE_INDEX/CI_NODE_TOTAL: expected a shard I/N',
    );
  });

  it('takes base and head from merge request and merged results pipelines, and no base outside them', () => {
    const mr = gitlabPlatform({ CI_MERGE_REQUEST_DIFF_BASE_SHA: 'abc', CI_COMMIT_SHA: 'def', CI_MERGE_REQUEST_IID: '7' });
    expect(mr.events.defaultComparison()).toEqual({
      kind: 'refs',
      base: 'abc',
      head: 'def',
      why: 'the head of MR !7 vs its merge base with the target branch: what the branch changed',
    });
    expect(gitlabPlatform({ CI_COMMIT_SHA: 'def' }).events.defaultComparison()).toEqual({ kind: 'refs', head: 'def' });
    // Merged results pipeline: the commit is a merge onto the target's tip (its first parent), the base that tip.
    const merged = gitlabPlatform({
      CI_MERGE_REQUEST_DIFF_BASE_SHA: 'abc',
      CI_MERGE_REQUEST_TARGET_BRANCH_SHA: 'tip',
      CI_COMMIT_SHA: 'merge',
      CI_MERGE_REQUEST_IID: '7',
    });
    expect(merged.events.defaultComparison()).toMatchObject({
      kind: 'refs',
      base: 'tip',
      head: 'merge',
      why: expect.stringMatching(/^the merged result of MR !7 vs the target commit/),
    });
  });

  it('measures BENCHGATE_MERGE_REQUEST’s head against its merge base only in a pipeline started by hand', () => {
    const manual = { CI_COMMIT_SHA: 'tip', CI_COMMIT_REF_NAME: 'main', BENCHGATE_MERGE_REQUEST: '7' };
    for (const source of ['web', 'api', 'trigger']) {
      expect(gitlabPlatform({ ...manual, CI_PIPELINE_SOURCE: source }).events.defaultComparison()).toEqual({
        kind: 'merge-base',
        base: 'tip',
        head: 'refs/merge-requests/7/head',
        why: 'the head of MR !7 vs its merge base with main, in a pipeline started by hand: what the branch changed',
      });
    }
    // A project variable of that name changes nothing in push or schedule pipelines, nor in a merge request's own.
    for (const source of ['push', 'schedule']) {
      expect(gitlabPlatform({ ...manual, CI_PIPELINE_SOURCE: source }).events.defaultComparison()).toEqual({ kind: 'refs', head: 'tip' });
    }
    const own = gitlabPlatform({
      ...manual,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_MERGE_REQUEST_DIFF_BASE_SHA: 'abc',
      CI_MERGE_REQUEST_IID: '9',
    });
    expect(own.events.defaultComparison()).toMatchObject({ kind: 'refs', base: 'abc', head: 'tip' });
    for (const iid of ['0', '07', '7 ', '7:refs/heads/x', '-7']) {
      const platform = gitlabPlatform({ ...manual, CI_PIPELINE_SOURCE: 'web', BENCHGATE_MERGE_REQUEST: iid });
      expect(() => platform.events.defaultComparison()).toThrow(/BENCHGATE_MERGE_REQUEST: expected a merge request IID/);
    }
    // Set but empty, as a pipeline form leaves it: no merge request.
    const empty = gitlabPlatform({ ...manual, CI_PIPELINE_SOURCE: 'web', BENCHGATE_MERGE_REQUEST: '' });
    expect(empty.events.defaultComparison()).toEqual({ kind: 'refs', head: 'tip' });
  });

  it('takes the API token out of the environment the benchmark commands inherit', () => {
    const env: NodeJS.ProcessEnv = { BENCHGATE_GITLAB_TOKEN: 'secret', OTHER: '1' };
    gitlabPlatform(env);
    expect(env).toEqual({ OTHER: '1' });
  });
});
