/**
 * `benchgate bisect --good A --bad B --benchmark GLOB [run flags]`: finds the first-parent commit
 * that carries a change, comparing with `benchgate run`'s engine (docs/bisect.md). Exit 0 when
 * one commit is found, 1 when a step cannot decide (it prints the range and what would settle
 * it), 2 usage, 3 a build or run failed.
 */
import path from 'node:path';
import { firstParentLine } from '../bisect/commits.js';
import { rangeComparer } from '../bisect/compare-range.js';
import { renderResult, renderStart, renderStep } from '../bisect/render.js';
import { bisect, maxSteps } from '../bisect/search.js';
import { ConfigError, flagLayer } from '../config.js';
import { EXIT } from '../exit.js';
import { checkRepository, repoRoot } from '../git.js';
import { loadConfig } from '../trust.js';
import type { Command } from './types.js';

export const cmdBisect: Command = async ({ values, platform }) => {
  const { good, bad, benchmark: glob } = values;
  if (good === undefined || bad === undefined || glob === undefined)
    throw new ConfigError(
      'usage: benchgate bisect --good REF --bad REF --benchmark GLOB --bench CMD [run flags]: --good, --bad and --benchmark are required',
    );
  const repoDir = path.resolve(values.repo ?? '.');
  await checkRepository(repoDir, values.repo === undefined ? `the current directory (${repoDir})` : `--repo ${values.repo}`);
  const config = await loadConfig({
    repoDir,
    configFile: values.config === undefined ? undefined : path.resolve(values.config),
    overrides: flagLayer(values),
    env: process.env,
    log: (m) => platform.info(m),
  });
  const line = await firstParentLine(await repoRoot(repoDir), good, bad, (m) => platform.info(m));
  const write = (text: string) => process.stdout.write(text);
  write(renderStart(line, glob, maxSteps(line.length - 1)));
  const result = await bisect(line, rangeComparer(config, platform, line, glob), (step) => write(renderStep(step)));
  write(renderResult(result, glob));
  return result.kind === 'found' ? EXIT.pass : EXIT.gateFailed;
};
