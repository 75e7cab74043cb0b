import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { GENERATED_FILE, buildClientModule } from '../../../src/report/html/generate-client.js';
import { forestData, forestFigure } from '../../../src/report/html/forest.js';
import { renderHtml, type PlotData } from '../../../src/report/html/render.js';
import { adaptiveGoldenResult } from '../fixture.js';
import { goSuiteResult } from '../go-suite.js';
import { HOSTILE, fixtureResult } from './fixture.js';

describe('report.html', () => {
  const html = renderHtml(fixtureResult({ added: true }));

  it('escapes every name from benchmark output', () => {
    for (const name of HOSTILE) expect(html).not.toContain(name);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toContain('suite <b>');
    expect(html).toContain('suite &#60;b&#62;');
    // Exactly two script elements: the data island and the client; no name closes one early.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
  });

  it('is self-contained: nothing is loaded from elsewhere, and a CSP forbids it', () => {
    expect(html).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)=/i);
    expect(html).toContain(`default-src 'none'`);
  });

  it('has a section with plots per compared benchmark and a complexity plot for the fitted family', () => {
    expect(html.match(/data-plot="distribution"/g)).toHaveLength(html.match(/<details id="b\d+"/g)!.length);
    expect(html.match(/data-plot="complexity"/g)).toHaveLength(1);
    expect(html).toMatch(/complexity changed from O\(n\) to O\(n²\)/);
    expect(html).toMatch(/Change by percentile: min [^,]+, median [^,]+, p90/);
  });

  it('inlines a client bundle that matches a fresh build of client.js and Plot', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await buildClientModule());
  });

  it('folds the sections of unchanged benchmarks, and only those', () => {
    const sections = [...html.matchAll(/<details id="b\d+" class="(\w+)"( open)?>/g)];
    expect(sections.length).toBeGreaterThan(5);
    for (const [, verdict, open] of sections) expect({ verdict, open: Boolean(open) }).toEqual({ verdict, open: verdict !== 'unchanged' });
  });

  it('gives each sortable number cell its raw value, and the table its controls', () => {
    const result = fixtureResult({ added: true });
    const changes = [...html.matchAll(/<tr [^>]*>(?:<td[^>]*>.*?<\/td>){3}<td data-sort="([^"]*)">/g)].map((m) => m[1]);
    expect(changes).toEqual(result.comparisons.map((c) => (c.changePct === null ? '' : String(c.changePct))));
    expect(html).toContain('id="table-filter"');
    expect(html.match(/<option value="(\w+)">/g)).toHaveLength(Object.values(result.counts).filter((n) => n > 0).length);
  });
});

describe('report.html of a Go suite', () => {
  const html = renderHtml(goSuiteResult());
  const table = html.slice(html.indexOf('<table id="results">'), html.indexOf('</table>', html.indexOf('<table id="results">')));

  it('names the package once per group, as the terminal does, and never in a row', () => {
    expect(table.match(/pkg: <code>github\.com\/google\/uuid<\/code>/g)).toHaveLength(1);
    const names = [...table.matchAll(/<td class="name">(?:<a [^>]*>)?([^<]*)/g)].map((m) => m[1]);
    expect(names).toHaveLength(goSuiteResult().comparisons.length);
    expect(names.filter((n) => n!.includes('github.com'))).toEqual([]);
    expect(names).toContain('UUID_String-2');
    // The process-cost rows are a group of their own.
    expect(table).toContain('>go · process cost</th>');
  });
});

describe('the forest plot’s data', () => {
  it('has one row per gated comparison, in the table’s order, and none for added, removed or failed', () => {
    const result = fixtureResult({ added: true });
    const forest = forestData(result, new Map());
    const gated = result.comparisons.filter((c) => c.pAdjusted !== null);
    expect(result.comparisons.some((c) => c.verdict === 'added')).toBe(true);
    expect(forest.rows.map((r) => r.change)).toEqual(gated.map((c) => c.changePct));
    expect(forest.rows.map((r) => r.verdict)).toEqual(gated.map((c) => c.verdict));
    expect(forest).toMatchObject({ thresholdPct: 2, undrawn: 0 });
  });

  it('counts a gated comparison with no percent change (base median 0) and says so instead of drawing it', () => {
    const result = fixtureResult({ added: true });
    const gated = result.comparisons.find((c) => c.pAdjusted !== null)!;
    const zeroBase = {
      ...result,
      comparisons: result.comparisons.map((c) => (c === gated ? { ...c, changePct: null, changeCi: null } : c)),
    };
    const forest = forestData(zeroBase, new Map());
    expect(forest.undrawn).toBe(1);
    expect(forest.rows).toHaveLength(result.comparisons.filter((c) => c.pAdjusted !== null).length - 1);
    expect(forestFigure(forest)).toMatch(/1 gated comparison has no percent change/);
  });

  it('names the suite beside the benchmark only when the page has several suites', () => {
    const result = fixtureResult({ added: true });
    expect(forestData(result, new Map()).rows.every((r) => !r.label.includes(' · '))).toBe(true);
    const two = { ...result, comparisons: result.comparisons.map((c, i) => (i === 0 ? { ...c, suite: 'other' } : c)) };
    expect(forestData(two, new Map()).rows[0]!.label).toBe('other · sort [n=800]');
  });
});

describe('report.html of a rounds: auto run', () => {
  const result = adaptiveGoldenResult();
  const html = renderHtml(result);
  const { plots } = JSON.parse(html.match(/<script type="application\/json" id="benchgate-data">(.*?)<\/script>/s)![1]!) as {
    plots: PlotData[];
  };

  it('gives each tested benchmark’s round plot the looks, its close and the run’s last round, and none to the others', () => {
    const plotted = result.comparisons.filter((c) => c.base && c.head);
    expect(plots.map((p) => p.sequential ?? null)).toEqual(
      plotted.map((c) =>
        c.sequential && c.sequential.stop !== 'untestable'
          ? { looks: [10, 15, 20, 25, 30], closedAt: c.sequential.closedAt, lastRound: 30 }
          : null,
      ),
    );
    expect(html).toContain('solid line: the look that closed it (round 15); rounds 16–30 ran for other benchmarks and are not used here');
  });

  it('plots the comparisons the design tested in the forest, though their adjusted p is null', () => {
    const tested = result.comparisons.filter((c) => c.gating && c.sequential && c.sequential.stop !== 'untestable');
    expect(tested.every((c) => c.pAdjusted === null)).toBe(true);
    expect(forestData(result, new Map()).rows.map((r) => r.label)).toEqual(tested.map((c) => c.benchmark));
  });

  it('opens with the too-noisy warning in a box, then the run’s account and the filter’s notes', () => {
    const alert = html.indexOf('<div class="alert" role="alert"><p><b>⚠️ Too noisy for the threshold:</b> 1 benchmark(s)');
    const account = html.indexOf('<p class="adaptive">rounds auto stopped after 30 rounds');
    const note = html.indexOf('<li>filter: round 20: the filter did not select');
    expect(alert).toBeGreaterThan(0);
    expect(account).toBeGreaterThan(alert);
    expect(note).toBeGreaterThan(account);
    expect(html).toContain('Too noisy at the first look: <code>parse/small</code>');
    expect(html.match(/too noisy to be decided/g)).toHaveLength(1);
    expect(html).toContain('<button type="button">p / level</button>');
  });
});
