// npm test: the static checks (scripts/checks.mjs) and jest's main run at once, then tests/timed/
// alone. Jest's workers leave about a tenth of the two cores idle (waiting on the processes the
// end-to-end tests start), which the checks fill; the timed demo asserts verdicts on wall time,
// so nothing else may run beside it. The checks' output is printed whole when they end; the exit
// code is the first failure's, and the timed run is skipped once anything failed.
import { spawn } from 'node:child_process';

const JEST = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];

/** Runs `node ARGS`; resolves to its exit code. `quiet` keeps its output until it ends. */
function node(args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
    child.on('close', (code, signal) => {
      process.stdout.write(output);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const [checks, main] = await Promise.all([
  node(['scripts/checks.mjs'], { quiet: true }),
  node([...JEST, '--maxWorkers=2', '--testPathIgnorePatterns=/tests/timed/']),
]);
const failed = [checks, main].find((code) => code !== 0);
process.exitCode = failed ?? (await node([...JEST, '--runInBand', '--testPathPatterns=/tests/timed/']));
