/**
 * Every library is bundled (docs/architecture.md): the published package declares no runtime
 * dependency, and the bundles in dist/ import nothing but Node's own modules, so `npx benchgate`
 * and the action install and load no package besides benchgate itself.
 */
import { describe, expect, it } from '@jest/globals';
import type { BuildOptions, Metafile } from 'esbuild';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, tempDir } from '../e2e/helpers.js';

/**
 * Imports left in a bundle that may name no installed package, each with why. pg's optional
 * native binding is required only through `pg.native`, which benchgate never reads.
 */
const ALLOWED_EXTERNAL: Record<string, string> = { 'pg-native': 'pg.native only (src/history/store-postgres.ts uses pg.Pool)' };

/** The packages each bundle imports from outside itself that are not Node's own. */
function foreignImports(metafile: Metafile): Record<string, string[]> {
  const builtin = new Set(builtinModules.map((m) => m.replace(/^node:/, '')));
  return Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, output]) => [
        path.basename(file),
        [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].filter(
          (p) => !(p.startsWith('node:') || builtin.has(p)) && !(p in ALLOWED_EXTERNAL),
        ),
      ]),
  );
}

describe('every library is bundled', () => {
  it('package.json lists no runtime dependencies: the published CLI and action need none', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    const runtime = ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies'];
    expect(
      runtime.filter((field) => Object.keys((pkg[field] as object | undefined) ?? {}).length > 0).map((field) => [field, pkg[field]]),
    ).toEqual([]);
  });

  it('dist/cli.js and dist/index.js import only node:* and Node’s built-in modules', async () => {
    const scriptUrl = pathToFileURL(path.join(ROOT, 'scripts', 'bundle.mjs')).href;
    const { bundleOptions } = (await import(scriptUrl)) as { bundleOptions(outdir: string): BuildOptions };
    const result = await build({ ...bundleOptions(tempDir('benchgate-bundled-')), absWorkingDir: ROOT, write: false, metafile: true });
    expect(foreignImports(result.metafile)).toEqual({ 'cli.js': [], 'index.js': [] });
  });

  it('catches a bare package left outside the bundle', async () => {
    const dir = tempDir('benchgate-bundled-');
    const result = await build({
      stdin: { contents: "import 'node:fs'; import 'os'; import 'left-outside';", resolveDir: dir, sourcefile: 'entry.js' },
      outfile: path.join(dir, 'cli.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: ['left-outside'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(foreignImports(result.metafile)).toEqual({ 'cli.js': ['left-outside'] });
  });
});
