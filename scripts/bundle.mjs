// Builds dist/: the GitHub Action (dist/index.js) and the CLI (dist/cli.js), each one ESM file
// with every dependency inside, so neither needs node_modules at run time.
// Usage: node scripts/bundle.mjs [outdir]   (the staleness test bundles into a temp dir)
import { build } from 'esbuild';
import path from 'node:path';

const outdir = path.resolve(process.argv[2] ?? 'dist');

await build({
  entryPoints: { index: 'src/action-entry.ts', cli: 'src/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS dependencies inside an ESM bundle still call require().
  banner: { js: "import { createRequire as __benchgateRequire } from 'node:module'; const require = __benchgateRequire(import.meta.url);" },
  legalComments: 'linked',
  logLevel: 'warning',
});
