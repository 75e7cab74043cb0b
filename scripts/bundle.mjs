// Builds dist/: the GitHub Action (dist/index.js) and the CLI (dist/cli.js), each one ESM file
// with every dependency inside, so neither needs node_modules at run time (docs/architecture.md,
// "Every library is bundled"; tests/release/bundled.test.ts holds the rule).
// Usage: node scripts/bundle.mjs [outdir]   (jest's global setup bundles into its own folder)
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** esbuild's options for dist/ written into outdir. */
export function bundleOptions(outdir) {
  return {
    entryPoints: { index: 'src/action-entry.ts', cli: 'src/main.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies inside an ESM bundle still call require().
    banner: {
      js: "import { createRequire as __benchgateRequire } from 'node:module'; const require = __benchgateRequire(import.meta.url);",
    },
    legalComments: 'linked',
    logLevel: 'warning',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await build(bundleOptions(path.resolve(process.argv[2] ?? 'dist')));
}
