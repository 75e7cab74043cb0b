// Jest's global setup: dist/'s bundle is built once per jest run, from src/ (not dist/, which
// may lag the source), into a folder of its own under node_modules/.cache that
// cli-bundle-teardown.mjs removes. The tests spawn its cli.js, and dist-fresh.test.ts compares
// the folder with the committed dist/.
// Spawning it costs about 0.1 s of CPU where `node --import tsx src/main.ts` costs 0.6 s, and
// 136 places in the tests start the CLI, several in loops. It sits inside the checkout so that
// `benchgate demo` finds examples/demo by walking up, as dist/cli.js does.
import { build } from 'esbuild';
import { mkdtempSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bundleOptions } from '../../scripts/bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export default async function setup() {
  const cache = path.join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'benchgate-tests-'));
  await build({ ...bundleOptions(dir), absWorkingDir: ROOT });
  // Workers start after the global setup and inherit its environment.
  process.env.BENCHGATE_TEST_CLI = path.join(dir, 'cli.js');
}
