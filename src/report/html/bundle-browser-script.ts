/**
 * Build-time only (the generate-*.ts scripts): one browser script, minified with its libraries
 * bundled, as text to store in a generated module, so the bundled CLI needs no node_modules.
 */
import { build } from 'esbuild';

export async function bundleBrowserScript(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'inline',
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}
