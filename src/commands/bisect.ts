/**
 * `benchgate bisect --good A --bad B --benchmark GLOB [run flags]`: finds the first-parent commit
 * that carries a change, comparing with `benchgate run`'s engine (docs/bisect.md). Exit 0 when
 * one commit is found, 1 when a step cannot decide (it prints the range and what would settle
 * it), 2 usage, 3 a build or run failed.
 */
import { firstParentLine } from '../bisect/commits.js';
import { rangeComparer } from '../bisect/compare-range.js';
import { renderResult, renderStart, renderStep } from '../bisect/render.js';
import { bisect, maxSteps } from '../bisect/search.js';
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { repoRoot } from '../git.js';
import { loadRunConfig } from './run.js';
import type { Command } from './types.js';

export const cmdBisect: Command = async ({ values, platform, executor, output, env }) => {
  const { good, bad, benchmark: glob } = values;
  if (good === undefined || bad === undefined || glob === undefined)
    throw new ConfigError(
      'usage: benchgate bisect --good REF --bad REF --benchmark GLOB --bench CMD [run flags]: --good, --bad and --benchmark are required',
    );
  const { repoDir, config } = await loadRunConfig(values, platform.logger, env);
  const line = await firstParentLine(await repoRoot(repoDir), good, bad, (m) => platform.logger.info(m));
  const write = (text: string) => output.out(text);
  write(renderStart(line, glob, maxSteps(line.length - 1)));
  const result = await bisect(line, rangeComparer(config, platform, executor, line, glob), (step) => write(renderStep(step)));
  write(renderResult(result, glob));
  return result.kind === 'found' ? EXIT.pass : EXIT.gateFailed;
};
