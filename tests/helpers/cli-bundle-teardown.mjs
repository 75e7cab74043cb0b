// Jest's global teardown: removes the CLI tests/helpers/cli-bundle.mjs built for this run.
import { rmSync } from 'node:fs';
import path from 'node:path';

export default async function teardown() {
  const cli = process.env.BENCHGATE_TEST_CLI;
  if (cli) rmSync(path.dirname(cli), { recursive: true, force: true });
}
