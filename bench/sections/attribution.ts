/**
 * Where a change came from (issue 32, decision 8), measured through the real CLI:
 * - planted: a Go module and a C program whose helper is made twice as costly inside one
 *   benchmark: the top function, its share, the explained share and the call path;
 * - A/A: the same commit on both sides, the profiles of several runs pooled: how many functions
 *   of any benchmark come out beyond their spread (none should);
 * - overhead: reading the cachegrind files against the count runs' own wall time;
 * - real pairs (cespare/xxhash, google/uuid from the fetch mirror): each changed benchmark's
 *   attribution.
 * Not in --quick: every run is valgrind's (a few minutes in all, the real pairs most of it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { attributeFunctions } from '../../src/counts/attribution.js';
import { perOpCounts } from '../../src/counts/per-op.js';
import type { Attribution, BenchmarkProfile, ComparisonResult } from '../../src/model.js';
import { cachegrindPrefix, readTreeCounts } from '../../src/runner/instructions.js';
import { readLog, type ParsedLog } from '../../src/runner/log.js';
import { PLANTED } from '../real/planted.js';
import { envWithGo } from '../real/suites.js';
import { markdownTable } from '../tables.js';
import type { Check, SectionOptions, SectionOutput } from './types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'src', 'main.ts');
const MIRROR = process.env.BENCHGATE_MIRROR ?? '/work/.mirror';
/** A/A runs pooled per planted suite (each counts at least 3 repetitions a side). */
const AA_RUNS = 7;

const REAL = [
  { repo: 'cespare/xxhash', base: 'e0ea1e3', head: 'a7909af', bench: "go test -run '^$' -bench 'Sum64String|DigestString' ." },
  { repo: 'google/uuid', base: 'd55c313', head: '0e97ed3', bench: "go test -run '^$' -bench . ." },
];

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@benchgate.invalid', ...args], { cwd: dir, stdio: 'ignore' });

/** A repository of one commit per file set. */
function repoOf(dir: string, commits: Record<string, string>[]): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  for (const [i, files] of commits.entries()) {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', `commit ${i + 1}`);
  }
  return dir;
}

/** `benchgate run --measure instructions`; its results and log. */
function countRun(repo: string, base: string, head: string, bench: string, flags: readonly string[], out: string) {
  const args = [
    'run',
    '--repo',
    repo,
    '--base',
    base,
    '--head',
    head,
    '--bench',
    bench,
    ...flags,
    '--measure',
    'instructions',
    '--out',
    out,
  ];
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: envWithGo(), encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`benchgate ${args.join(' ')} exited with ${r.status}:\n${r.stderr.slice(-2000)}`);
  const result = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as ComparisonResult;
  return { result, log: readLog(path.join(out, 'results.jsonl')), seconds: (performance.now() - started) / 1000 };
}

const perOp = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
const fn = (f: { name: string; base: number; head: number }) => `\`${f.name}\` ${perOp(f.base)} → ${perOp(f.head)}`;

function pathText(a: Attribution): string {
  if (!a.callPath) return '–';
  const under = a.callPath.under.map((u) => `${u.name}${u.calls ? ` ${perOp(u.calls.base)} → ${perOp(u.calls.head)} calls/op` : ''}`);
  return `${a.callPath.steps.map((s) => `\`${s.name}\``).join(' → ')}; owner ${fn(a.callPath.owner)}${under.length ? `; under: ${under.join(', ')}` : ''}`;
}

/** The planted suites: one run each, base (40 turns) against head (80). */
function planted(work: string, checks: Check[]): string {
  const rows: string[][] = [];
  for (const [id, p] of Object.entries(PLANTED)) {
    const repo = repoOf(path.join(work, `planted-${id}`), [p.files(40), p.files(80)]);
    const { result, log, seconds } = countRun(repo, 'HEAD~1', 'HEAD', p.bench, p.flags, path.join(work, `out-${id}`));
    const changed = result.comparisons.find((c) => c.benchmark === p.changed)!;
    const a = changed.attribution;
    const top = a?.functions[0];
    const callgrind = log.profiles.filter((x) => x.tool === 'callgrind').length;
    rows.push([
      id,
      `${changed.verdict} ${changed.changePct?.toFixed(1)}%`,
      top ? `${fn(top)} (${top.sharePct?.toFixed(1)}%)` : 'none',
      a?.explainedPct?.toFixed(1) ?? '–',
      a ? pathText(a) : '–',
      String(callgrind),
      result.comparisons.find((c) => c.benchmark === p.same)?.attribution ? 'yes' : 'none',
      `${seconds.toFixed(0)} s`,
    ]);
    checks.push({
      claim: `attribution (${id}): the planted helper is the top function with ≥ 90% of the change`,
      holds: top?.name === p.helper.name && (top.sharePct ?? 0) >= 90,
      detail: top ? `${top.name} at ${top.sharePct?.toFixed(1)}%` : 'no attribution',
    });
    if (a?.callPath)
      checks.push({
        claim: `attribution (${id}): the call path names the helper's caller`,
        holds: a.callPath.steps.some((s) => s.name === p.caller),
        detail: pathText(a),
      });
    if (callgrind > 0)
      checks.push({
        claim: `attribution (${id}): at most 4 callgrind runs per changed benchmark`,
        holds: callgrind <= 4,
        detail: `${callgrind}`,
      });
  }
  return markdownTable(
    [
      'suite',
      'changed benchmark',
      'top function, per op (share)',
      'explained %',
      'call path',
      'callgrind passes',
      'unchanged: attribution',
      'wall time',
    ],
    rows,
  );
}

/** Each benchmark's profiles and per-op totals over every A/A run, rounds renumbered after each other. */
function pooled(logs: readonly ParsedLog[]): Map<string, { profiles: BenchmarkProfile[]; totals: { base: number[]; head: number[] } }> {
  const out = new Map<string, { profiles: BenchmarkProfile[]; totals: { base: number[]; head: number[] } }>();
  logs.forEach((log, k) => {
    for (const [name, totals] of perOpCounts(log.runs)) {
      const entry = out.get(name) ?? { profiles: [], totals: { base: [], head: [] } };
      entry.totals.base.push(...totals.base);
      entry.totals.head.push(...totals.head);
      entry.profiles.push(
        ...log.profiles.filter((p) => p.benchmark === name && p.tool === 'cachegrind').map((p) => ({ ...p, round: p.round + 100 * k })),
      );
      out.set(name, entry);
    }
  });
  return out;
}

/** A/A: base and head the same commit; every benchmark's functions judged over the pooled repetitions. */
function aa(work: string, checks: Check[]): string {
  const rows: string[][] = [];
  for (const [id, p] of Object.entries(PLANTED)) {
    const repo = repoOf(path.join(work, `aa-${id}`), [p.files(40)]);
    const runs = Array.from({ length: AA_RUNS }, (_, k) =>
      countRun(repo, 'HEAD', 'HEAD', p.bench, p.flags, path.join(work, `aa-${id}-${k}`)),
    );
    const level = Math.min(...runs.flatMap((r) => r.result.comparisons.map((c) => c.test?.level ?? 1)));
    for (const [name, { profiles, totals }] of pooled(runs.map((r) => r.log))) {
      const found = attributeFunctions({ profiles, totals, level });
      rows.push([
        id,
        name,
        `${totals.base.length} + ${totals.head.length}`,
        level.toPrecision(2),
        String(found.functions.length),
        found.functions.map(fn).join(', ') || '–',
      ]);
      checks.push({
        claim: `attribution A/A (${id} ${name}): no function beyond noise over ${totals.base.length} repetitions a side`,
        holds: found.functions.length === 0,
        detail: `${found.functions.length} function(s)`,
      });
    }
  }
  return markdownTable(['suite', 'benchmark', 'repetitions (base + head)', 'level', 'functions beyond noise', 'which'], rows);
}

/** Reading the cachegrind files against the count runs' own time: the planted Go benchmark at its calibrated works. */
function overhead(work: string, checks: Check[]): string {
  const repo = path.join(work, 'planted-go');
  const plan = readLog(path.join(work, 'out-go', 'results.jsonl')).header.countPlan![PLANTED.go.changed]!;
  execFileSync('go', ['test', '-c', '-o', 'attr.test', '.'], { cwd: repo, env: envWithGo() });
  let runMs = 0;
  let readMs = 0;
  for (let i = 0; i < 3; i++)
    for (const n of [plan.small, plan.large]) {
      const dir = mkdtempSync(path.join(work, 'cg-'));
      const argv = [
        ...cachegrindPrefix(dir),
        './attr.test',
        '-test.run',
        '^$',
        '-test.bench',
        '^BenchmarkChanged$',
        `-test.benchtime=${n}x`,
      ];
      let t = performance.now();
      execFileSync(argv[0]!, argv.slice(1), { cwd: repo, env: { ...envWithGo(), GOMAXPROCS: '1', GOGC: 'off' }, stdio: 'ignore' });
      runMs += performance.now() - t;
      t = performance.now();
      readTreeCounts(dir, repo);
      readMs += performance.now() - t;
      rmSync(dir, { recursive: true });
    }
  const pct = (100 * readMs) / runMs;
  checks.push({
    claim: 'attribution: reading the cachegrind files adds ≤ 5% to a count run',
    holds: pct <= 5,
    detail: `${pct.toFixed(1)}%`,
  });
  return `Reading every function of the files: ${readMs.toFixed(0)} ms against ${runMs.toFixed(0)} ms of the six count runs themselves (${pct.toFixed(1)}%; work ${plan.small} and ${plan.large}).`;
}

/** The real pairs: each changed benchmark's attribution. */
function real(work: string): string {
  const parts: string[] = [];
  for (const pair of REAL) {
    const mirror = path.join(MIRROR, pair.repo.replace('/', '+'), 'repo');
    if (!existsSync(mirror)) {
      parts.push(`${pair.repo}: not measured (no mirror at ${MIRROR}; fetch github:${pair.repo}).`, '');
      continue;
    }
    const repo = path.join(work, pair.repo.replace('/', '+'));
    execFileSync('git', ['clone', '-q', mirror, repo]);
    const { result, seconds } = countRun(
      repo,
      pair.base,
      pair.head,
      pair.bench,
      ['--format', 'go'],
      path.join(work, `out-${pair.repo.replace('/', '+')}`),
    );
    const rows = result.comparisons
      .filter((c) => c.attribution)
      .map((c) => {
        const a = c.attribution!;
        return [
          c.benchmark.replace(/^.*\.Benchmark/, 'Benchmark'),
          `${perOp(a.total.base)} → ${perOp(a.total.head)}`,
          a.functions.slice(0, 4).map(fn).join('; '),
          a.explainedPct?.toFixed(0) ?? '–',
          pathText(a),
        ];
      });
    parts.push(`#### ${pair.repo} \`${pair.base} → ${pair.head}\` (\`${pair.bench}\`, ${seconds.toFixed(0)} s)`, '');
    parts.push(markdownTable(['benchmark', 'instructions per op', 'functions, per op', 'explained %', 'call path'], rows), '');
  }
  return parts.join('\n');
}

export async function attribution(_opts: SectionOptions): Promise<SectionOutput> {
  const tools = ['go', 'cc', 'valgrind'].filter(
    (t) => spawnSync(t, t === 'go' ? ['version'] : ['--version'], { env: envWithGo() }).status !== 0,
  );
  if (tools.length > 0) return { markdown: `### Attribution\n\nnot measured: ${tools.join(', ')} missing.\n`, checks: [] };
  const checks: Check[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'benchgate-bench-attribution-'));
  try {
    const markdown = [
      '### Attribution: where a change came from',
      '',
      'Planted: the helper made twice as costly inside one benchmark (`benchgate run --measure instructions`, base 40 loop turns, head 80).',
      '',
      planted(work, checks),
      '',
      `A/A: the same commit on both sides, ${AA_RUNS} runs pooled; every function judged at the count rule's level over the pooled repetitions.`,
      '',
      aa(work, checks),
      '',
      overhead(work, checks),
      '',
      real(work),
    ].join('\n');
    return { markdown, checks };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
