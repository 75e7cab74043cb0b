/**
 * junit.xml: one test case per benchmark, for GitLab's `artifacts:reports:junit` (the merge
 * request's test summary, on every tier) and any other CI that reads JUnit. A regression that
 * fails the gate is a failed test case whose message holds the change, its interval and the
 * p-values; a benchmark the harness reported as failed, every failed run, and a stop no run
 * shows (a failed build), is an error; inconclusive and removed benchmarks are skipped with the reason.
 */
import type { Comparison, ComparisonResult, FailedRun } from '../model.js';
import { sequentialPCell } from './adaptive.js';
import { clip, neutralise } from './escape.js';
import { namesOf, type Names } from './names.js';
import { rowOf, type Row } from './rows.js';
import { formatChange, formatP } from './units.js';

// Characters XML 1.0 cannot hold at all, even escaped: most C0 controls, lone surrogates,
// U+FFFE/U+FFFF. A benchmark name carrying them must still give a well-formed file.
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for XML element content and double-quoted attributes (newlines kept as &#10;; controls and bidi neutralised). */
export function escapeXml(text: string): string {
  return neutralise(text.replace(NOT_XML, '\ufffd')).replace(/[&<>"'\n\r\t]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

function element(name: string, attributes: Record<string, string | number>, text?: string): string {
  return text === undefined ? `<${name}${attrs(attributes)}/>` : `<${name}${attrs(attributes)}>${escapeXml(text)}</${name}>`;
}

/** The numbers behind a verdict, as the failure message and the case's output. */
function regressionMessage(c: Comparison, name: string, result: ComparisonResult): string {
  // rounds auto: the closing look's level decided it, not an adjusted p.
  const p = c.sequential
    ? `p / level of the closing look = ${sequentialPCell(c, c.sequential)}, after ${c.sequential.rounds} rounds`
    : `p = ${formatP(c.p)}, adjusted p = ${formatP(c.pAdjusted)}`;
  return `${name}: ${formatChange(c.changePct, c.changeCi)} (${p}; threshold ${result.settings.thresholdPct}%, alpha ${result.settings.alpha})`;
}

function details(c: Comparison, row: Row): string {
  const lines = [
    `verdict: ${row.verdictText}`,
    `base median: ${row.base} (n = ${c.base?.n ?? 0})`,
    `head median: ${row.head} (n = ${c.head?.n ?? 0})`,
    `change (95% CI): ${row.change}`,
    `${c.sequential ? 'p / level of the closing look' : 'p / adjusted p'}: ${row.p}`,
    ...c.warnings.map((w) => `warning: ${w.message}`),
  ];
  return lines.join('\n');
}

interface Case {
  xml: string;
  outcome: 'passed' | 'failure' | 'error' | 'skipped';
}

function caseXml(row: Row, inner: string): string {
  return `    <testcase${attrs({ classname: clip(row.suite), name: clip(row.name) })}>\n      ${inner}\n    </testcase>`;
}

function testCase(c: Comparison, result: ComparisonResult, names: Names): Case {
  const row = rowOf(c, names);
  const out = element('system-out', {}, details(c, row));
  if (c.verdict === 'regression' && c.gating && result.gateFailed) {
    // GitLab shows a failure's text as the case's output, so the details go there.
    return {
      outcome: 'failure',
      xml: caseXml(row, element('failure', { type: 'regression', message: regressionMessage(c, row.name, result) }, details(c, row))),
    };
  }
  if (c.verdict === 'failed') {
    const reason = c.warnings.map((w) => w.message).join('; ') || 'the harness reported this benchmark as failed';
    return { outcome: 'error', xml: caseXml(row, element('error', { type: 'failed', message: clip(reason, 1000) }, details(c, row))) };
  }
  if (c.verdict === 'inconclusive' || c.verdict === 'removed') {
    return { outcome: 'skipped', xml: caseXml(row, `${element('skipped', { message: row.verdictText })}\n      ${out}`) };
  }
  return { outcome: 'passed', xml: caseXml(row, out) };
}

function failedRunCase(run: FailedRun): Case {
  const name = `${run.side} run, round ${run.round}`;
  const error = element('error', { type: 'run-failed', message: clip(run.error, 1000) }, run.error);
  return { outcome: 'error', xml: `    <testcase${attrs({ classname: clip(run.suite), name })}>\n      ${error}\n    </testcase>` };
}

/** A failure no logged run shows (a build, a warmup round): an error case, so the file never reads as an empty pass. */
function stoppedCase(suite: string, reason: string): Case {
  const name = reason.split(':')[0]!;
  const error = element('error', { type: 'stopped', message: clip(reason, 1000) }, reason);
  return { outcome: 'error', xml: `    <testcase${attrs({ classname: clip(suite), name: clip(name) })}>\n      ${error}\n    </testcase>` };
}

function suiteXml(name: string, cases: Case[]): string {
  const count = (o: Case['outcome']) => cases.filter((c) => c.outcome === o).length;
  const counts = { tests: cases.length, failures: count('failure'), errors: count('error'), skipped: count('skipped') };
  return `  <testsuite${attrs({ name: clip(name), ...counts, time: 0 })}>\n${cases.map((c) => c.xml).join('\n')}\n  </testsuite>`;
}

export function renderJunit(result: ComparisonResult): string {
  const suites = new Map<string, Case[]>();
  const add = (suite: string, c: Case) => suites.set(suite, [...(suites.get(suite) ?? []), c]);
  const names = namesOf(result);
  for (const c of result.comparisons) add(c.suite, testCase(c, result, names));
  for (const run of result.failures.runs) add(run.suite, failedRunCase(run));
  if (result.failures.stopped !== null) add(result.settings.suite, stoppedCase(result.settings.suite, result.failures.stopped));
  const all = [...suites.values()].flat();
  const totals = {
    name: 'benchgate',
    tests: all.length,
    failures: all.filter((c) => c.outcome === 'failure').length,
    errors: all.filter((c) => c.outcome === 'error').length,
    time: 0,
  };
  const body = [...suites].map(([name, cases]) => suiteXml(name, cases)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs(totals)}>\n${body}${body ? '\n' : ''}</testsuites>\n`;
}
