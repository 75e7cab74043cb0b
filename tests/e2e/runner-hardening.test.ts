/**
 * `benchgate run` against commands that start daemons or read credentials (issue 13, items 3
 * and 7): the run ends promptly, no daemon of one run is alive during the next or after the
 * job, and build and bench commands see no token.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { alive } from '../helpers/processes.js';
import { makeRepo, readResults, runCli, tempDir } from './helpers.js';

const linux = process.platform === 'linux';

const RESULT = `printf '{"benchgate": 1, "benchmarks": [{"name": "x", "unit": "ms", "values": [1%s]}]}\\n' "$BENCHGATE_ROUND"`;

/** Records the daemons of earlier runs still alive, then starts one that leaves its group holding stdout and stderr. */
const DAEMON_BENCH = `#!/bin/sh
for p in $(cat "$PIDS" 2>/dev/null); do
  if [ -e /proc/$p ] && [ "$(cut -d' ' -f3 /proc/$p/stat)" != Z ]; then echo "$p" >> "$ALIVE"; fi
done
setsid sh -c 'echo $$ >> "$PIDS"; exec sleep 1000' &
nohup sh -c 'exec sleep 1000' &
sleep 0.2
${RESULT}
`;

describe('benchgate run with a bench that starts daemons', () => {
  (linux ? it : it.skip)('finishes promptly, and no daemon outlives its run', async () => {
    const repo = makeRepo([{ 'bench.sh': DAEMON_BENCH }]);
    const work = tempDir();
    const env = { PIDS: path.join(work, 'pids'), ALIVE: path.join(work, 'alive'), BENCHGATE_PASS_ENV: 'PIDS,ALIVE' };
    const started = Date.now();
    const r = await runCli(
      [
        'run',
        '--repo',
        repo,
        '--base',
        'HEAD',
        '--bench',
        'sh bench.sh',
        '--format',
        'benchgate',
        '--rounds',
        '3',
        // What is tested is the runner (daemons, environment), not a verdict: no gate.
        '--fail-on',
        'none',
        '--seed',
        '1',
        '--timeout',
        '60',
        '--out',
        path.join(work, 'out'),
      ],
      { env },
    );
    expect(r.code).toBe(0);
    // 8 runs (3 rounds + warmup, two sides) of ~0.3 s each; a hang waits for the 60 s timeout or forever.
    expect(Date.now() - started).toBeLessThan(40000);
    const pids = readFileSync(env.PIDS, 'utf8').trim().split('\n').map(Number);
    expect(pids).toHaveLength(8);
    expect(existsSync(env.ALIVE) ? readFileSync(env.ALIVE, 'utf8') : '').toBe('');
    expect(pids.filter(alive)).toEqual([]);
  });
});

describe('benchgate run and credentials', () => {
  it('build and bench commands see no token unless BENCHGATE_PASS_ENV names it', async () => {
    const dump = `env | cut -d= -f1 | sort > "$DUMP_DIR/$1-$BENCHGATE_SIDE"`;
    const repo = makeRepo([{ 'dump.sh': `#!/bin/sh\n${dump}\n[ "$1" = build ] || ${RESULT}\n` }]);
    const work = tempDir();
    const secrets = {
      GITHUB_TOKEN: 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/',
      ACTIONS_RESULTS_URL: 'https://results.example/',
      CI_JOB_TOKEN: 'job',
      GITLAB_TOKEN: 'glpat',
      BENCHGATE_GITLAB_TOKEN: 'glpat2',
      'INPUT_GITHUB-TOKEN': 'input',
      NPM_TOKEN: 'npm',
    };
    const run = (...flags: string[]) =>
      runCli(
        [
          'run',
          '--repo',
          repo,
          '--base',
          'HEAD',
          '--build',
          'sh dump.sh build',
          '--bench',
          'sh dump.sh bench',
          '--format',
          'benchgate',
          '--rounds',
          '2',
          '--fail-on',
          'none',
          '--seed',
          '1',
          ...flags,
        ],
        { env: { ...secrets, DUMP_DIR: work, BENCHGATE_PASS_ENV: 'NPM_TOKEN,DUMP_DIR' } },
      );
    const r = await run('--out', path.join(work, 'out'));
    expect(r.code).toBe(0);
    // One line with the count; the names are in results.json, and --verbose prints them.
    const withheld = readResults(path.join(work, 'out')).environment.withheldVariables!;
    expect(withheld).toEqual(expect.arrayContaining(Object.keys(secrets).filter((n) => n !== 'NPM_TOKEN')));
    expect(withheld).not.toContain('NPM_TOKEN');
    const lines = r.stderr.split('\n').filter((l) => l.includes('withheld from build and bench commands'));
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${withheld.length} variables withheld from build and bench commands.*--verbose prints them`)),
    ]);
    expect(r.stderr).not.toContain('ACTIONS_ID_TOKEN_REQUEST_TOKEN');
    const verbose = await run('--verbose', '--out', path.join(tempDir(), 'out'));
    expect(verbose.stderr).toMatch(
      /variables withheld from build and bench commands.*: .*ACTIONS_ID_TOKEN_REQUEST_TOKEN, ACTIONS_ID_TOKEN_REQUEST_URL/,
    );
    for (const file of ['build-base', 'build-head', 'bench-base', 'bench-head']) {
      const names = readFileSync(path.join(work, file), 'utf8').split('\n');
      expect(names).toContain('NPM_TOKEN');
      expect(names).toContain('BENCHGATE_SIDE');
      for (const secret of Object.keys(secrets).filter((n) => n !== 'NPM_TOKEN')) expect(names).not.toContain(secret);
    }
  });
});
