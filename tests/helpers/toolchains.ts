/**
 * Tests that need a real tool (valgrind, Go, a C compiler, Python with pytest-benchmark, Chromium,
 * PostgreSQL, xmllint, ...). Where the tool is missing they skip on a laptop; in CI, where .ci/run
 * sets BENCHGATE_REQUIRE_TOOLCHAINS and installs every tool, they never skip: a missing tool fails
 * them instead.
 */
import { describe, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';

/** PATH with Go's install directory (where .ci/run and the machines put it) at the end. */
export const GO_PATH = `${process.env.PATH}:/usr/local/go/bin`;

/** CI requires every toolchain: a test it needs never skips. */
const toolchainsRequired = Boolean(process.env.BENCHGATE_REQUIRE_TOOLCHAINS);

/**
 * The Python interpreter that imports pytest_benchmark, by its real path (not a version manager's
 * shim, whose scripts valgrind would count too), or null where there is none.
 */
export function pytestBenchmarkPython(): string | null {
  const r = spawnSync('python3', ['-c', 'import sys, pytest_benchmark; print(sys.executable)'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Whether `command ...args` runs here and exits 0, looked up on GO_PATH. */
export function hasTool(command: string, ...args: string[]): boolean {
  return spawnSync(command, args, { env: { ...process.env, PATH: GO_PATH }, stdio: 'ignore' }).status === 0;
}

/**
 * `it` when the tools are here or CI requires them, `it.skip` otherwise. `available` is only asked
 * when CI does not require the tools, so a costly probe (building a program) is not run there.
 */
export function itWhen(available: () => boolean) {
  return toolchainsRequired || available() ? it : it.skip;
}

/** `describe` when the tools are here or CI requires them, `describe.skip` otherwise. */
export function describeWhen(available: () => boolean) {
  return toolchainsRequired || available() ? describe : describe.skip;
}
