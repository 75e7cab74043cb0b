/**
 * The hostile-input corpus: strings a pull request's author could put in any text benchgate
 * reports (a benchmark name, a unit, a metric or suite name, a ref, a failure reason, a
 * warning, a field of an artifact's results.json), each aimed at one way out of plain text.
 */
import type { ComparisonResult } from '../../src/model.js';

export const HOSTILE: { name: string; text: string }[] = [
  // The attack found in the wild: a unit that ends the cell and opens markup of its own.
  { name: 'markup after a newline', text: 'ms\n![t](https://x.example/y.png) @user <img src=x> <details>safe to merge' },
  { name: 'table cell breakout', text: 'a | b | c |\n| --- | --- |' },
  { name: 'backticks', text: '``` `code` `` ````' },
  { name: 'backslash before a pipe', text: 'a\\|b\\\\|c' },
  { name: 'html', text: '<script>alert(1)</script></details><summary>x</summary><!-- hide the rest' },
  { name: 'html entities', text: '&lt;img src=x&gt; &#60;b&#62; &amp;' },
  { name: 'links and autolinks', text: '[link](javascript:alert(1)) <https://x.example> https://x.example www.x.example a@b.example' },
  { name: 'mentions and references', text: '@everyone @org/team #123 !456 GH-7' },
  { name: 'emphasis and math', text: '**bold** _em_ ~~gone~~ $\\color{red}{\\text{safe to merge}}$' },
  { name: 'block markup', text: '\n# Safe to merge\n> quoted\n1. list\n- item\n---' },
  { name: 'GitHub workflow command', text: '::error::forged\n  ::warning file=x::forged\n::add-mask::secret' },
  { name: 'old and Azure workflow commands', text: '##[group]forged ##[error]x ##vso[task.setvariable variable=x]1' },
  {
    name: 'terminal escapes',
    text: '\u001b[31mred\u001b[0m \u001b[2J\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007 \u001b[0Ksection_start:1:x',
  },
  { name: 'carriage return and other controls', text: 'ok\r::error::cr \u0000nul \u0007bell \u0008bs \u007fdel \u0085nel \u009bcsi' },
  { name: 'bidirectional overrides', text: 'evil\u202eexe.txt \u2066isolate\u2069 \u202bembed\u202c' },
  { name: 'zero-width characters', text: 'a\u200bb\u200cc\u200dd\u2060e\ufeff@\u200beveryone' },
  { name: 'line and paragraph separators', text: 'a\u2028::error::b\u2029c' },
  { name: 'invalid UTF-16 and XML', text: 'a\ud800b\udc00c\ufffe\uffff]]>' },
  { name: 'very long', text: `${'x'.repeat(100_000)}|${'`'.repeat(50)}` },
];

/** Keys whose values are not free text but a closed set the schema enforces (src/validate.ts). */
const ENUM_KEYS = new Set([
  'verdict',
  'side',
  'better',
  'correction',
  'sampling',
  'code',
  'notGating',
  'stoppedBy',
  'stop',
  'spending',
  // An attribution's level and source; the side its inlined function vanished on.
  'level',
  'source',
  'goneOn',
]);

/**
 * A copy of `result` with `text` put before every free-text string in it: names, units,
 * metrics, suites, refs, SHAs, messages, the version, and the strings of diagnostics and
 * environment.
 */
export function withHostile(result: ComparisonResult, text: string): ComparisonResult {
  const visit = (value: unknown, key: string, parent: string): unknown => {
    // "(process)" is benchgate's own pseudo-benchmark, which the reports give a section of its own.
    // The sequential design's test (settings.adaptive.test) is a closed set too; a comparison's `test` is free text.
    const own =
      (parent === 'tool' && key === 'name') || (key === 'benchmark' && value === '(process)') || (parent === 'adaptive' && key === 'test');
    if (typeof value === 'string') return ENUM_KEYS.has(key) || own ? value : `${text}${value}`;
    if (Array.isArray(value)) return value.map((v) => visit(v, key, parent));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k, key)]));
    return value;
  };
  return visit(result, '', '') as ComparisonResult;
}
