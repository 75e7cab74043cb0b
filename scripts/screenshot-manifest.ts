/**
 * Which output each docs/img screenshot is taken from, and the manifest beside the images that
 * records the SHA-256 of those files when the screenshot was made (file times do not survive a
 * clone). tests/release/screenshots.test.ts fails when a source has changed since: run
 * `npm run screenshots` (scripts/screenshots.ts) and review the images.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const IMG_DIR = path.join(ROOT, 'docs', 'img');
export const MANIFEST = path.join(IMG_DIR, 'screenshots.json');

/** Each image and the repository files it is made from: a renderer's golden, or the renderer itself where there is none. */
export const SOURCES: Record<string, string[]> = {
  'pr-comment.png': ['tests/report/golden/comment.md'],
  // The page without its client, and the client (the golden leaves it out).
  'report-html.png': ['tests/report/golden/report-adaptive.html', 'src/report/html/client.generated.ts'],
  'report-html-table.png': ['tests/report/golden/report-adaptive.html', 'src/report/html/client.generated.ts'],
  'report-html-attribution.png': ['tests/report/golden/report.html', 'src/report/html/client.generated.ts'],
  'terminal-result.png': ['tests/report/golden/terminal.txt'],
  // The status line has no golden: the renderer and the script that drives it.
  'terminal-progress.png': ['src/platforms/progress.ts', 'tests/helpers/progress-driver.ts'],
};

export type Manifest = Record<string, Record<string, string>>;

export function sha256(file: string): string {
  return createHash('sha256')
    .update(readFileSync(path.join(ROOT, file)))
    .digest('hex');
}

/** The manifest as it would be written now: every image with its sources' hashes. */
export function currentManifest(): Manifest {
  return Object.fromEntries(Object.entries(SOURCES).map(([image, files]) => [image, Object.fromEntries(files.map((f) => [f, sha256(f)]))]));
}
