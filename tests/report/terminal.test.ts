import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import type { Run } from '../../src/model.js';
import { renderTerminal, type TerminalColors } from '../../src/report/terminal.js';
import { comparison, measurement, result, run, uuidAttribution, xxhashAttribution } from '../builders.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

/** Ten rounds of one benchmark whose base has no samples (only failures) and head two values. */
function runsNamed(name: string, failure: string): Run[] {
  return Array.from({ length: 10 }, (_, i) => [
    run({ side: 'base', round: i + 1, measurements: [measurement({ benchmark: name, values: [], failed: failure })] }),
    run({ side: 'head', round: i + 1, measurements: [measurement({ benchmark: name, values: [1 + i / 100] })] }),
  ]).flat();
}

describe('the terminal report', () => {
  it('prints messages whole but clips a runaway name, and shows control characters as \\xNN', () => {
    const failure = `assertion failed in the setup of this benchmark, ${'see the log for details '.repeat(3)}(end)`;
    const name = `\u001b[2J${'x'.repeat(200)}`;
    const text = renderTerminal(analyze({ header: testHeader(), runs: runsNamed(name, failure), end: null, settings: TEST_SETTINGS }));
    expect(text).toContain('(end)');
    expect(text).toContain('\\x1b[2J');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('x'.repeat(100));
  });
});

describe('where a flagged change came from, in the terminal', () => {
  const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`;
  const colors: TerminalColors = {
    red: tag('red'),
    green: tag('green'),
    yellow: tag('yellow'),
    cyan: tag('cyan'),
    dim: tag('dim'),
    bold: tag('bold'),
  };

  it('puts one dim line under each flagged row with an attribution, as the comment does', () => {
    const r = result([
      comparison({ benchmark: 'Sum64String/4B', verdict: 'improvement', changePct: -29, attribution: xxhashAttribution() }),
      comparison({ benchmark: 'ParseLen32Truncated', verdict: 'regression', changePct: 40, attribution: uuidAttribution() }),
      comparison({ benchmark: 'Unflagged', verdict: 'inconclusive', changePct: 1, attribution: uuidAttribution() }),
    ]);
    const lines = renderTerminal(r, colors).split('\n');
    const under = (name: string) => lines[lines.findIndex((l) => l.startsWith(name)) + 1];
    expect(under('ParseLen32Truncated')).toBe('<dim>  ↳ where: uuid.Parse 395 → 140 /op: runtime.newobject 1 → 0 calls/op</dim>');
    expect(under('Sum64String/4B')).toBe(
      '<dim>  ↳ where: xxhash/v2.Sum64String 26 → 0 /op (inlined into xxhash/v2.BenchmarkSum64String.func1), xxhash/v2.BenchmarkSum64String.func1 11 → 15 /op</dim>',
    );
    expect(under('Unflagged')).not.toContain('↳');
  });

  it('shows a hostile function name inert, on the one line', () => {
    const name = '\u001b[2J::error::x\nnext line';
    const attribution = xxhashAttribution({
      functions: [{ file: 'f', name, base: 1, head: 2, delta: 1, interval: null, sharePct: 100 }],
      inlined: [],
    });
    const text = renderTerminal(result([comparison({ benchmark: 'b', verdict: 'regression', changePct: 50, attribution })]));
    expect(text).toContain('  ↳ where: \\x1b[2J::error::x next line 1 → 2 /op\n');
    expect(text).not.toContain('\u001b');
  });
});
