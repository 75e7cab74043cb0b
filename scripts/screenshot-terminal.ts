/**
 * A screenshot of benchgate in a terminal for the docs (docs/img/), from a capture of a real
 * run under a pseudo-terminal: the status line's in-place redraws are replayed (the last draw of
 * a line wins), colours become HTML, long lines wrap near 120 columns as in a terminal, and
 * headless Chromium takes the picture.
 * Usage: node --import tsx scripts/screenshot-terminal.ts CAPTURE OUT.png [--from TEXT] [--until TEXT]
 *   e.g. script -qec "stty cols 110; npm start" /tmp/demo.typescript, then
 *   ... /tmp/demo.typescript docs/img/terminal-result.png --from "round 7/10"
 *   --until TEXT stops at the first redraw of the status line containing TEXT (the run under way);
 *   --from TEXT starts at the first line containing TEXT.
 * CHROMIUM names the browser (default /usr/bin/chromium).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { withPage } from './browser.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' }, until: { type: 'string' } } });
const [capture, out] = positionals;
if (!capture || !out) {
  console.error('usage: node --import tsx scripts/screenshot-terminal.ts CAPTURE OUT.png [--from TEXT] [--until TEXT]');
  process.exit(2);
}

const CLEAR_LINE = '\x1b[2K';
let raw = readFileSync(capture, 'utf8');
if (values.until !== undefined) {
  const at = raw.indexOf(values.until);
  if (at === -1) throw new Error(`${capture} does not contain "${values.until}"`);
  const end = raw.indexOf('\r', at);
  raw = raw.slice(0, end === -1 ? undefined : end);
}
let lines = raw
  .replace(/\r\n/g, '\n')
  .split('\n')
  .map((line) => line.split(CLEAR_LINE).at(-1)!.replace(/\r/g, ''))
  .filter((line) => !line.startsWith('Script '));
if (values.from !== undefined)
  lines = lines.slice(
    Math.max(
      0,
      lines.findIndex((l) => l.includes(values.from!)),
    ),
  );
while (lines.at(-1) === '') lines.pop();

const COLOURS: Record<number, string> = {
  30: '#1e1e1e',
  31: '#f14c4c',
  32: '#23d18b',
  33: '#e5c07b',
  34: '#3b8eea',
  35: '#d670d6',
  36: '#29b8db',
  37: '#e5e5e5',
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SGR codes benchgate writes (picocolors: colours, bold, dim, resets) as styled spans. */
function toHtml(text: string): string {
  const state = { colour: '', bold: false, dim: false };
  let html = '';
  let last = 0;
  const span = (s: string) => {
    const style = [state.colour && `color:${state.colour}`, state.bold && 'font-weight:bold', state.dim && 'opacity:.6']
      .filter(Boolean)
      .join(';');
    return style && s ? `<span style="${style}">${escapeHtml(s)}</span>` : escapeHtml(s);
  };
  for (const m of text.matchAll(/\x1b\[([0-9;]*)m/g)) {
    html += span(text.slice(last, m.index));
    last = m.index + m[0].length;
    for (const code of (m[1] || '0').split(';').map(Number)) {
      if (code === 0) Object.assign(state, { colour: '', bold: false, dim: false });
      else if (code === 1) state.bold = true;
      else if (code === 2) state.dim = true;
      else if (code === 22) Object.assign(state, { bold: false, dim: false });
      else if (code === 39) state.colour = '';
      else if (COLOURS[code]) state.colour = COLOURS[code]!;
      else if (COLOURS[code - 60]) state.colour = COLOURS[code - 60]!;
    }
  }
  return html + span(text.slice(last));
}

const CSS = `body { margin: 0; background: #1e1e1e; }
.term { display: inline-block; max-width: 132ch; background: #1e1e1e; color: #d4d4d4; font: 14px/1.35 "DejaVu Sans Mono", monospace; padding: 14px 18px; white-space: pre-wrap; word-break: break-all; }`;
await withPage({ width: 1400, height: 400 }, async (tab) => {
  await tab.setContent(`<!doctype html><meta charset="utf-8"><style>${CSS}</style><div class="term">${toHtml(lines.join('\n'))}</div>`);
  await tab.locator('.term').screenshot({ path: out });
  console.log(`wrote ${out}`);
});
