/**
 * Every docs/img screenshot was made from the current version of its renderer's golden (or
 * renderer): docs/img/screenshots.json records their hashes when `npm run screenshots` made the
 * images, and a golden that changed since means a stale picture in the docs.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { IMG_DIR, MANIFEST, ROOT, SOURCES, currentManifest, type Manifest } from '../../scripts/screenshot-manifest.js';

describe('docs/img screenshots', () => {
  const recorded = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

  it('has a manifest entry and a source list for every image, and an image for every entry', () => {
    const images = readdirSync(IMG_DIR)
      .filter((f) => f.endsWith('.png'))
      .sort();
    expect(Object.keys(recorded).sort()).toEqual(images);
    expect(Object.keys(SOURCES).sort()).toEqual(images);
    for (const files of Object.values(SOURCES)) for (const f of files) expect(existsSync(path.join(ROOT, f))).toBe(true);
  });

  it('was made from the current goldens and renderers (else: npm run screenshots, then review the images)', () => {
    expect(recorded).toEqual(currentManifest());
  });
});
