/**
 * The escaping of untrusted text for a terminal or a CI log. The edges use it beside the
 * renderers (validate.ts's messages, the platforms' log lines, bisect, history), so it lies on
 * the ground floor, below them all; the renderers' other escaping is report/escape.ts.
 */

const WORD_JOINER = '\u2060';

/** What a terminal or CI log must not receive raw: C0/C1 controls but newline and tab, and bidi overrides. */
const LOG_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function codeOf(ch: string): string {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text for a terminal or a CI log, shown but never obeyed. Control characters are written as
 * `\xNN` (ESC could recolour or rewrite the screen, or forge GitLab's section markers; a bare
 * CR starts a new line in GitHub's log) and bidirectional overrides as `\uNNNN`. A word joiner
 * keeps workflow commands from forming: GitHub obeys `::error::` at the start of a line (after
 * blanks) and its older `##[error]` (like Azure's `##vso[`) anywhere in one. Newlines and tabs
 * stay, each line inert. Applying it twice changes nothing.
 */
export function inertForLog(text: string): string {
  return text
    .replace(LOG_UNSAFE, codeOf)
    .replace(/#(?=#)/g, `#${WORD_JOINER}`)
    .replace(/^([^\S\n]*):(?=:)/gm, `$1:${WORD_JOINER}`);
}
