/** inertForLog itself; tests/report/hostile.test.ts checks it in every output. */
import { describe, expect, it } from '@jest/globals';
import { inertForLog } from '../src/log-text.js';
import { HOSTILE } from './report/hostile.js';

const WJ = '\u2060';

describe('inertForLog', () => {
  it('shows control characters and bidi overrides as escapes, keeping newlines and tabs', () => {
    expect(inertForLog('\u001b[31mred\u001b[0m\r\u0000\u009b\u202e\tend\nnext')).toBe(
      '\\x1b[31mred\\x1b[0m\\x0d\\x00\\x9b\\u202e\tend\nnext',
    );
  });

  it('breaks workflow commands at the start of every line, and ## anywhere', () => {
    expect(inertForLog('::error::x')).toBe(`:${WJ}:error::x`);
    expect(inertForLog('ok\n  ::warning::x')).toBe(`ok\n  :${WJ}:warning::x`);
    expect(inertForLog('a ::not-a-command:: b')).toBe('a ::not-a-command:: b');
    expect(inertForLog('x ##[group]y ###')).toBe(`x #${WJ}#[group]y #${WJ}#${WJ}#`);
    expect(inertForLog('tests/test_io.py::test_read')).toBe('tests/test_io.py::test_read');
  });

  it('changes nothing when applied twice', () => {
    for (const { text } of HOSTILE) expect(inertForLog(inertForLog(text))).toBe(inertForLog(text));
  });
});
