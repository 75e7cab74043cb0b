/**
 * A screenshot of the PR comment for the docs (docs/img/): a comment.md (benchgate's --out, or
 * the golden tests/report/golden/comment.md) turned into HTML by marked, styled like GitHub's
 * markdown, and captured in headless Chromium. Emoji need a colour emoji font (Debian:
 * fonts-noto-color-emoji). `npm run screenshots` runs this on the golden.
 * Usage: node --import tsx scripts/screenshot-comment.ts COMMENT.md OUT.png
 * CHROMIUM names the browser (default /usr/bin/chromium).
 */
import { readFileSync } from 'node:fs';
import { marked } from 'marked';
import { withPage } from './browser.js';

const [comment, out] = process.argv.slice(2);
if (!comment || !out) {
  console.error('usage: node --import tsx scripts/screenshot-comment.ts COMMENT.md OUT.png');
  process.exit(2);
}

const body = await marked.parse(readFileSync(comment, 'utf8'));

/** Close to GitHub's light theme for a comment: enough to judge layout, not a copy of its stylesheet. */
const CSS = `
body { margin: 0; background: #fff; color: #1f2328; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
.comment { margin: 16px; border: 1px solid #d1d9e0; border-radius: 6px; width: 1000px; }
.header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; border-radius: 6px 6px 0 0; }
.header b { color: #1f2328; }
.body { padding: 16px; }
h3, h4 { margin: 16px 0 8px; font-weight: 600; } h3 { font-size: 1.25em; margin-top: 0; } h4 { font-size: 1em; }
a { color: #0969da; text-decoration: none; }
code { font: 85% ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: rgba(129, 139, 152, 0.12); padding: 0.2em 0.4em; border-radius: 6px; }
table { border-collapse: collapse; margin: 0 0 16px; display: block; overflow: auto; width: max-content; max-width: 100%; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; } th { font-weight: 600; } tr:nth-child(2n) { background: #f6f8fa; }
ul { padding-left: 2em; margin: 0 0 16px; } p { margin: 0 0 16px; } sub { color: #59636e; }
summary { cursor: pointer; margin-bottom: 8px; }`;
const page = `<!doctype html><meta charset="utf-8"><style>${CSS}</style><div class="comment"><div class="header"><b>github-actions</b> bot commented</div><div class="body">${body}</div></div>`;

await withPage({ width: 1040, height: 600 }, async (tab) => {
  await tab.setContent(page);
  await tab.locator('.comment').screenshot({ path: out });
  console.log(`wrote ${out}`);
});
