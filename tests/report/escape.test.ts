/** The escaping functions themselves (inertForLog: tests/log-text.test.ts); tests/report/hostile.test.ts checks them in every output. */
import { describe, expect, it } from '@jest/globals';
import { clip, escapeMarkdownInline } from '../../src/report/escape.js';

describe('escapeMarkdownInline', () => {
  it('leaves numbers and units as they read, and escapes what means something inside a line', () => {
    expect(escapeMarkdownInline('1.23 ms')).toBe('1.23 ms');
    expect(escapeMarkdownInline('-4.5 B/op')).toBe('-4.5 B/op');
    expect(escapeMarkdownInline('![t](x) `c` *e* | $m$ <b>')).toBe('\\!\\[t\\](x) \\`c\\` \\*e\\* \\| \\$m\\$ &lt;b&gt;');
  });
});

describe('clip', () => {
  it('puts everything on one line, Unicode line and paragraph separators too', () => {
    expect(clip('a\r\nb\u2028c\u2029d\u0085e')).toBe('a b c d e');
  });
});
