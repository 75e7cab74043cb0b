import { describe, expect, it } from '@jest/globals';
import { analyze } from '../../src/analysis/index.js';
import type { Run } from '../../src/model.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { measurement, run } from '../builders.js';
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
