import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { GENERATED_FILE, buildClientModule } from '../../src/report/html/generate-client.js';
import { renderHtml } from '../../src/report/html/render.js';
import { HOSTILE, fixtureResult } from './fixture.js';

describe('report.html', () => {
  const html = renderHtml(fixtureResult());

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
});
