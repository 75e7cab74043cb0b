/** The line that says why a run failed, found anywhere in its output, with the worktree hint. */
import { describe, expect, it } from '@jest/globals';
import { explainErrorLine, isErrorLine } from '../../src/runner/error-line.js';

describe('error lines', () => {
  it.each([
    "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'pkg' imported from /w/bench.mjs",
    'TypeError: x is not a function',
    "ModuleNotFoundError: No module named 'numpy'",
    'panic: runtime error: index out of range [3] with length 3',
    'error[E0432]: unresolved import `foo`',
    'sh: 1: hyperfine: not found',
  ])('finds %p', (line) => expect(isErrorLine(line)).toBe(true));

  it.each([
    '    at async ModuleLoader.import (node:internal/modules/esm/loader:540:24)',
    '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
    'BenchmarkX-8 100 20 ns/op',
    'Node.js v20.20.2',
  ])('passes over %p', (line) => expect(isErrorLine(line)).toBe(false));

  it('adds the worktree hint to a missing dependency, and nothing to other errors', () => {
    expect(explainErrorLine("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'pkg' imported from /w/b.mjs")).toMatch(
      /Cannot find package 'pkg'.*worktrees hold only tracked files.*build: npm ci/,
    );
    expect(explainErrorLine('TypeError: x is not a function')).toBe('TypeError: x is not a function');
  });
});
