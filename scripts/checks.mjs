// The static checks npm test starts with, on two lanes at once: ESLint alone (its type-checked
// rules build a TypeScript program of their own: the longest check), and tsc, prettier,
// dependency-cruiser and the room cycles one after another. Each is single-threaded, so on a
// 2-core machine the lanes take about the longest lane's time instead of the sum. A lane stops at
// its first failure; each check's output is printed whole when it ends, and the exit code is 1
// when any check failed.
import { spawn } from 'node:child_process';

const LANES = [['lint:code'], ['typecheck', 'lint:layout']];

/** `npm run -s SCRIPT`, its output kept until it ends. */
function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.stdout.write(`> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
      resolve(code === 0);
    });
  });
}

async function runLane(scripts) {
  for (const script of scripts) if (!(await runScript(script))) return false;
  return true;
}

const passed = await Promise.all(LANES.map(runLane));
process.exitCode = passed.every(Boolean) ? 0 : 1;
