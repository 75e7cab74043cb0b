/**
 * What `npm publish` would put on the registry: exactly the CLI, the bundles, the action's
 * metadata, the templates, the format schema and the licence; no sources, tests or maps. And
 * the packed CLI runs from the tarball alone, with no node_modules beside it.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Run, Side } from '../../src/model.js';
import { reportFiles } from '../../src/report/index.js';
import { ResultsLog } from '../../src/runner/log.js';
import { ROOT, tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';

function tempDirAt(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

interface PackResult {
  filename: string;
  files: { path: string; size: number }[];
}

function npmPack(args: string[]): PackResult {
  // --ignore-scripts: nothing of the package's own runs; --json: the list npm would publish.
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return (JSON.parse(out) as PackResult[])[0]!;
}

let tarball: string | undefined;
/** The package as `npm pack` writes it, packed once for the tests that install or unpack it. */
function packed(): string {
  if (tarball) return tarball;
  const dest = tempDir('benchgate-tarball-');
  return (tarball = path.join(dest, npmPack(['--pack-destination', dest]).filename));
}

/** Each published path and the rule that lets it in. */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^action\.yml$/,
  /^bin\/benchgate\.js$/,
  /^dist\/(cli|index)\.js(\.LEGAL\.txt)?$/,
  /^examples\/demo\/[\w.-]+\.mjs$/,
  /^templates\/benchgate\.yml$/,
  /^templates\/github\/[\w-]+\.yml$/,
  /^templates\/gitlab\/[\w-]+\.yml$/,
  /^schema\/[\w-]+\.schema\.json$/,
];

describe('npm pack', () => {
  let files: string[];

  beforeAll(() => {
    files = npmPack(['--dry-run'])
      .files.map((f) => f.path)
      .sort();
  });

  it('publishes only the CLI, the bundles, action.yml, the templates, the schema, README and LICENSE', () => {
    expect(files.filter((f) => !ALLOWED.some((rule) => rule.test(f)))).toEqual([]);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'action.yml',
      'bin/benchgate.js',
      'dist/cli.js',
      'dist/index.js',
      'examples/demo/bench.mjs',
      'templates/benchgate.yml',
      'templates/github/benchgate.yml',
      'schema/benchgate-format.schema.json',
    ]) {
      expect(files).toContain(f);
    }
    // No sources, tests, fixtures or source maps; of the examples only the demo's suite, which `benchgate demo` copies.
    expect(files.filter((f) => /^(src|tests|scripts|bench|examples\/(?!demo\/)|docs)\/|\.map$|\.ts$/.test(f))).toEqual([]);
  });

  it('has every file package.json points at', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; license: string };
    for (const bin of Object.values(pkg.bin)) expect(files).toContain(path.posix.normalize(bin));
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} benchgate contributors\n/);
  });

  it('holds a CLI that runs from the tarball alone: analyze a log into every report', () => {
    const dest = tempDir('benchgate-pack-');
    const tarball = packed();
    execFileSync('tar', ['-xzf', tarball, '-C', dest]);
    expect(existsSync(path.join(dest, 'package', 'node_modules'))).toBe(false);

    // A log where head is twice as slow: analyze must find the regression and exit 1.
    const log = path.join(dest, 'log', 'results.jsonl');
    const results = new ResultsLog(log, testHeader());
    const sides: Side[] = ['base', 'head'];
    for (let round = 1; round <= 8; round++) {
      for (const [position, side] of sides.entries()) {
        const run: Run = {
          suite: 'pack',
          side,
          round,
          position,
          startedAt: '2026-01-01T00:00:00Z',
          wallMs: 10,
          cpuUserMs: 9,
          cpuSysMs: 1,
          maxRssKb: 1000,
          exitCode: 0,
          measurements: [
            { benchmark: 'parse', metric: 'time', unit: 'ms', better: 'lower', values: [(side === 'head' ? 2 : 1) + round / 1000] },
          ],
        };
        results.append(run);
      }
    }
    results.end('completed');

    const out = path.join(dest, 'out');
    const r = spawnSync(process.execPath, [path.join(dest, 'package', 'bin', 'benchgate.js'), 'analyze', log, '--out', out], {
      cwd: dest,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: '' },
    });
    expect({ code: r.status, stderr: r.stderr }).toEqual({ code: 1, stderr: expect.any(String) });
    for (const { file } of reportFiles) expect([file, existsSync(path.join(out, file))]).toEqual([file, true]);
    expect(JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')).counts.regression).toBe(1);
  });

  it('installs as one package, with nothing else, whose --help runs and whose demo finds its suite', () => {
    const dest = tempDir('benchgate-install-');
    const tarball = packed();
    const app = path.join(dest, 'app');
    execFileSync('npm', ['init', '-y'], { cwd: tempDirAt(app), stdio: 'ignore' });
    // --offline: a package with no dependencies needs nothing from the registry.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: app, stdio: 'ignore' });
    expect(readdirSync(path.join(app, 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual(['benchgate']);
    const benchgate = path.join(app, 'node_modules', '.bin', 'benchgate');
    const help = spawnSync(benchgate, ['--help'], { cwd: app, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } });
    expect({ status: help.status, stdout: help.stdout }).toEqual({ status: 0, stdout: expect.stringMatching(/^Usage: benchgate/) });
    // `benchgate demo` copies its suite from examples/demo beside dist/ (src/commands/demo.ts).
    const demo = path.join(app, 'node_modules', 'benchgate', 'examples', 'demo');
    for (const file of ['bench.mjs', 'workloads.base.mjs', 'workloads.head.mjs']) expect(existsSync(path.join(demo, file))).toBe(true);
  });
});
