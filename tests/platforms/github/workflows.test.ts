/**
 * The workflow files benchgate ships: actionlint passes on all of them; the starter workflows
 * work when pasted into another repository (no `./` action, the published action by its
 * documented placeholder, whose `with:` keys actionlint checks against action.yml); every
 * third-party action is pinned at a major that runs on node24; no checkout leaves a token in
 * the git config benchgate's worktrees share; and action.yml is what the Marketplace takes.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_KEYS } from '../../../src/config.js';
import { ROOT, git, tempDir } from '../../e2e/helpers.js';
import { hasTool, itWhen } from '../../helpers/toolchains.js';

const withActionlint = itWhen(() => hasTool('actionlint', '-version'));

const STARTERS = readdirSync(path.join(ROOT, 'templates/github'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => path.join('templates/github', f));
const OWN = readdirSync(path.join(ROOT, '.github/workflows'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => path.join('.github/workflows', f));
const WORKFLOWS = [...STARTERS, ...OWN];

/** How the starter workflows, the reusable workflow and the docs name the published action. */
const PLACEHOLDER = 'OWNER/benchgate@v1';

/**
 * The major each third-party action is pinned at: its newest, which runs on node24 (read from
 * each repository's action.yml at that tag, `runs.using: node24`, July 2026). DEPRECATED are
 * the majors that run on node12, node16 or node20, which GitHub flags or no longer runs.
 */
const CURRENT: Record<string, number> = {
  'actions/checkout': 7,
  'actions/setup-node': 7,
  'actions/upload-artifact': 7,
  'actions/download-artifact': 8,
  // deploy-pages v5 runs on node24; upload-pages-artifact v5 is composite over upload-artifact v7.
  'actions/deploy-pages': 5,
  'actions/upload-pages-artifact': 5,
};
const DEPRECATED: Record<string, number[]> = {
  // checkout v5 was the first on node24; v4 node20, v3 node16, v2 node12.
  'actions/checkout': [1, 2, 3, 4],
  'actions/setup-node': [1, 2, 3, 4],
  // upload v6 and download v7 were the first on node24; v5 and v6 still ran on node20.
  'actions/upload-artifact': [1, 2, 3, 4, 5],
  'actions/download-artifact': [1, 2, 3, 4, 5, 6],
  // deploy-pages v4 ran on node20; upload-pages-artifact v4 used upload-artifact v4 (node20).
  'actions/deploy-pages': [1, 2, 3, 4],
  'actions/upload-pages-artifact': [1, 2, 3, 4],
};

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
}

function jobsOf(file: string): Record<string, { steps?: Step[] }> {
  return (parse(readFileSync(path.join(ROOT, file), 'utf8')) as { jobs: Record<string, { steps?: Step[] }> }).jobs;
}

function stepsOf(file: string): Step[] {
  return Object.values(jobsOf(file)).flatMap((job) => job.steps ?? []);
}

/** Every `uses:` in the workflows and in the YAML examples of the README and the docs. */
function allUses(): { where: string; uses: string }[] {
  const fromWorkflows = WORKFLOWS.flatMap((file) => stepsOf(file).flatMap((s) => (s.uses ? [{ where: file, uses: s.uses }] : [])));
  const docs = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join('docs', f)),
  ];
  const fromDocs = docs.flatMap((doc) =>
    [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/^\s*-?\s*uses:\s*(\S+)/gm)].map((m) => ({ where: doc, uses: m[1]! })),
  );
  return [...fromWorkflows, ...fromDocs];
}

/** Why a pinned action would be refused: not at the checked major, deprecated, or unknown. */
function pinProblem(uses: string): string | undefined {
  if (uses.startsWith('./') || uses.startsWith('docker://')) return undefined;
  const m = /^([\w.-]+\/[\w.-]+)(?:\/[^@]*)?@(.+)$/.exec(uses);
  if (!m) return `${uses}: not owner/repo@ref`;
  const [, repo, ref] = m;
  if (repo!.toLowerCase() === 'owner/benchgate') return ref === 'v1' ? undefined : `${uses}: write the placeholder as ${PLACEHOLDER}`;
  const major = /^v(\d+)$/.exec(ref!)?.[1];
  if (!(repo! in CURRENT)) return `${uses}: an action this test has not checked; read its action.yml runs.using and add it to CURRENT`;
  if (major === undefined) return `${uses}: pin the major tag (v${CURRENT[repo!]})`;
  if (DEPRECATED[repo!]!.includes(Number(major))) return `${uses}: a deprecated major (node20 or older); use v${CURRENT[repo!]}`;
  if (Number(major) !== CURRENT[repo!]) return `${uses}: not the current major v${CURRENT[repo!]}`;
  return undefined;
}

/** The first step of every job that runs the CLI from npm: it has no default package name. */
const CLI_GUARD =
  'test -n "$BENCHGATE_CLI" || { echo "::error::BENCHGATE_CLI is empty; set it under env: to the benchgate release you use, e.g. BENCHGATE_CLI: benchgate@X.Y.Z"; exit 2; }';

describe('workflow files', () => {
  it('are the starter workflows, the reusable one and the release workflow', () => {
    expect(WORKFLOWS.sort()).toEqual([
      '.github/workflows/benchgate.yml',
      '.github/workflows/release.yml',
      'templates/github/benchgate-command.yml',
      'templates/github/benchgate-comment.yml',
      'templates/github/benchgate-deep.yml',
      'templates/github/benchgate-quiet.yml',
      'templates/github/benchgate-record.yml',
      'templates/github/benchgate-shards.yml',
      'templates/github/benchgate.yml',
    ]);
  });

  withActionlint('pass actionlint', () => {
    const run = spawnSync('actionlint', ['-no-color', '-oneline', ...WORKFLOWS], { cwd: ROOT, encoding: 'utf8' });
    if (run.error) throw new Error(`actionlint is required (BENCHGATE_REQUIRE_TOOLCHAINS is set) but could not run: ${run.error.message}`);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  withActionlint("pass actionlint with the placeholder read as this checkout's action.yml, so every with: key is declared", () => {
    for (const file of STARTERS) {
      const local = readFileSync(path.join(ROOT, file), 'utf8').replaceAll(PLACEHOLDER, './');
      const run = spawnSync('actionlint', ['-no-color', '-oneline', '-stdin-filename', file, '-'], {
        cwd: ROOT,
        input: local,
        encoding: 'utf8',
      });
      expect({ file, out: run.stdout + run.stderr }).toEqual({ file, out: '' });
    }
  });

  withActionlint('actionlint would catch an input action.yml does not declare', () => {
    const bad = readFileSync(path.join(ROOT, 'templates/github/benchgate.yml'), 'utf8')
      .replaceAll(PLACEHOLDER, './')
      .replace('threshold: 2', 'treshold: 2');
    const run = spawnSync('actionlint', ['-no-color', '-oneline', '-stdin-filename', 'templates/github/benchgate.yml', '-'], {
      cwd: ROOT,
      input: bad,
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/input "treshold" is not defined in action "benchgate"/);
  });
});

describe('the starter workflows pasted into another repository', () => {
  it('resolve every local action: none is `./`, each names the published action by the documented placeholder', () => {
    const repo = tempDir('benchgate-user-repo-');
    git(repo, 'init', '-q');
    mkdirSync(path.join(repo, '.github/workflows'), { recursive: true });
    for (const file of STARTERS)
      writeFileSync(path.join(repo, '.github/workflows', path.basename(file)), readFileSync(path.join(ROOT, file)));
    for (const file of STARTERS) {
      const steps = stepsOf(file);
      // A local action must exist in the user's repository, or a checkout before it must put it there.
      const unresolved = steps.flatMap((s, i) => {
        if (!s.uses?.startsWith('./')) return [];
        const dir = path.posix.normalize(s.uses.slice(2)) || '.';
        const checkedOut = steps.slice(0, i).some((p) => p.uses?.startsWith('actions/checkout@') && p.with?.path === dir);
        const inRepo = ['action.yml', 'action.yaml'].some((f) => existsSync(path.join(repo, dir, f)));
        return checkedOut || inRepo ? [] : [s.uses];
      });
      expect({ file, unresolved }).toEqual({ file, unresolved: [] });
      const benchgate = steps.filter((s) => s.uses?.toLowerCase().startsWith('owner/benchgate')).map((s) => s.uses);
      expect(benchgate.length).toBeGreaterThan(0);
      expect(new Set(benchgate)).toEqual(new Set([PLACEHOLDER]));
    }
  });

  it('the reusable workflow runs the benchgate it checked out, nothing from the caller', () => {
    const steps = stepsOf('.github/workflows/benchgate.yml');
    const local = steps.filter((s) => s.uses?.startsWith('./'));
    expect(local.map((s) => s.uses)).toEqual(['./.benchgate-action', './.benchgate-action']);
    const checkout = steps.find((s) => s.with?.path === '.benchgate-action')!;
    expect(checkout.with).toMatchObject({ repository: '${{ inputs.benchgate-repository }}', ref: '${{ inputs.benchgate-ref }}' });
  });

  it('the docs explain the placeholder', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/github-action.md'), 'utf8');
    expect(doc).toContain(PLACEHOLDER);
    expect(doc).toMatch(/^## Which benchgate to use$/m);
    for (const file of STARTERS)
      expect(readFileSync(path.join(ROOT, file), 'utf8')).toMatch(/OWNER\/benchgate@v1 .*(docs\/github-action\.md|benchgate\.yml)/);
  });
});

describe('third-party actions', () => {
  it('are pinned at their current major, which runs on node24, in every workflow, the README and the docs', () => {
    const uses = allUses();
    expect(uses.filter((u) => u.uses.startsWith('actions/checkout@')).length).toBeGreaterThanOrEqual(5);
    const problems = uses.flatMap(({ where, uses }) => {
      const problem = pinProblem(uses);
      return problem ? [`${where}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('would refuse a deprecated, an outdated or an unchecked action', () => {
    expect(pinProblem('actions/checkout@v4')).toMatch(/deprecated/);
    expect(pinProblem('actions/upload-artifact@v5')).toMatch(/deprecated/);
    expect(pinProblem('actions/download-artifact@v6')).toMatch(/deprecated/);
    expect(pinProblem('actions/setup-node@v6')).toMatch(/not the current major v7/);
    expect(pinProblem('someone/else@v1')).toMatch(/not checked/);
    expect(pinProblem('OWNER/benchgate@main')).toMatch(/placeholder/);
    expect(pinProblem('actions/checkout@v7')).toBeUndefined();
  });

  it('check out without leaving a token in the git config that the worktrees share', () => {
    const checkouts = WORKFLOWS.flatMap((file) =>
      stepsOf(file)
        .filter((s) => s.uses?.startsWith('actions/checkout@'))
        .map((s) => ({ file, with: s.with })),
    );
    expect(checkouts.length).toBeGreaterThanOrEqual(5);
    for (const c of checkouts) expect(c).toEqual({ file: c.file, with: expect.objectContaining({ 'persist-credentials': false }) });
  });
});

describe('the fork relay (benchgate-comment.yml)', () => {
  const steps = stepsOf('templates/github/benchgate-comment.yml');
  const text = readFileSync(path.join(ROOT, 'templates/github/benchgate-comment.yml'), 'utf8');

  it("checks out only the default branch's .benchgate.yml and extracts the untrusted artifact into the runner temp directory", () => {
    expect(steps.map((s) => s.uses?.replace(/@.*/, ''))).toEqual(['actions/checkout', 'actions/download-artifact', 'OWNER/benchgate']);
    expect(steps[0]!.with).toMatchObject({ 'sparse-checkout': '.benchgate.yml', 'sparse-checkout-cone-mode': false });
    expect(steps[1]!.with!.path).toBe('${{ runner.temp }}/benchgate-results');
    expect(steps[2]!.with!['report-from']).toBe(steps[1]!.with!.path);
  });

  it('says its check conclusion is only as trustworthy as the fork’s own job', () => {
    expect(text).toMatch(/only as trustworthy as that job/);
    expect(readFileSync(path.join(ROOT, 'docs/github-action.md'), 'utf8')).toMatch(/only as trustworthy as the fork's own job/);
  });
});

describe('the reusable workflow', () => {
  const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/benchgate.yml'), 'utf8'));
  const inputs = workflow.on.workflow_call.inputs as Record<string, { default?: unknown }>;

  it("forwards only what the caller set, so .benchgate.yml's settings are not overridden", () => {
    for (const job of ['measure', 'publish']) {
      const action = (workflow.jobs[job].steps as Step[]).find((s) => s.uses === './.benchgate-action')!;
      const forwarded = Object.entries(action.with!)
        .filter(([key]) => (CONFIG_KEYS as readonly string[]).includes(key))
        .map(([, v]) => /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(String(v))?.[1]);
      expect(forwarded.length).toBeGreaterThan(4);
      for (const name of forwarded) {
        expect(name).toBeDefined();
        expect({ name, default: inputs[name!]!.default }).toEqual({ name, default: '' });
      }
    }
  });
});

describe('action.yml', () => {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8'));

  it('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(execFileSync('git', ['ls-files', 'dist/index.js'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('dist/index.js');
  });

  it('is what the Marketplace takes: a description under 125 characters, branding of its own', () => {
    expect(action.description.length).toBeLessThan(125);
    // Not CodSpeed's (activity, orange) nor github-action-benchmark's (fast-forward, blue).
    expect([action.branding.icon, action.branding.color]).toEqual(['bar-chart-2', 'purple']);
  });

  it('declares every Config key as an input, plus the action’s own, and the documented outputs', () => {
    const own = ['config', 'comment', 'check', 'override-label', 'report-from', 'history-from', 'history-url', 'token'];
    expect(Object.keys(action.inputs).sort()).toEqual([...CONFIG_KEYS, ...own].sort());
    expect(Object.keys(action.outputs).sort()).toEqual([
      'exit-code',
      'html-report',
      'improvements',
      'regressions',
      'results-path',
      'summary-path',
      'verdict',
    ]);
    // Config keys default to empty so .benchgate.yml can set them; only the action's own have defaults.
    for (const key of CONFIG_KEYS) expect(action.inputs[key].default).toBeUndefined();
    expect(action.inputs.token.default).toBe('${{ github.token }}');
  });

  it('sets every output it declares, and declares every output it sets', () => {
    const sources = ['src/action.ts', 'src/platforms/github-publisher.ts'].map((f) => readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
    const set = [...new Set([...sources.matchAll(/core\.setOutput\('([\w-]+)'/g)].map((m) => m[1]!))].sort();
    expect(set).toEqual(Object.keys(action.outputs).sort());
  });
});

/**
 * Measure, then publish (docs/architecture.md decision 5; issue 22 item 1c): the job that runs
 * the pull request's code holds no write token and no token input; the job that holds them
 * runs none of its code (it checks out only the base's .benchgate.yml) and decides the gate
 * again from the artifact with the same gate settings.
 */
describe('the pull request workflows: measure, then publish', () => {
  interface Job {
    needs?: string;
    permissions?: Record<string, string>;
    steps: Step[];
  }
  const jobs = (file: string) => (parse(readFileSync(path.join(ROOT, file), 'utf8')) as { jobs: Record<string, Job> }).jobs;
  const isBenchgate = (s: Step) => s.uses === PLACEHOLDER || s.uses === './.benchgate-action';
  const GATE_KEYS = ['rounds', 'max-rounds', 'max-time', 'threshold', 'fail-on', 'alpha'];
  const gateInputs = (step: Step) => Object.fromEntries(Object.entries(step.with ?? {}).filter(([key]) => GATE_KEYS.includes(key)));

  it.each(['templates/github/benchgate.yml', '.github/workflows/benchgate.yml'])('%s', (file) => {
    const { measure, publish, ...rest } = jobs(file);
    expect(Object.keys(rest)).toEqual([]);
    expect(measure!.permissions).toEqual({ contents: 'read' });
    const measuring = measure!.steps.find(isBenchgate)!;
    expect(measuring.with).toMatchObject({ token: '', comment: 'off', check: 'off' });
    expect(measuring.with!['report-from']).toBeUndefined();
    // Main's history is the publish job's alone.
    expect(JSON.stringify(measure)).not.toContain('history');

    expect(publish!.needs).toBe('measure');
    // The starter reads main's history (an artifact of the recording workflow): actions: read.
    // The reusable workflow does not, so its callers' permissions line stays as documented.
    const history = file.startsWith('templates/') ? { actions: 'read' } : {};
    expect(publish!.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', checks: 'write', ...history });
    const project = publish!.steps.filter((s) => s.uses?.startsWith('actions/checkout@') && s.with?.path === undefined);
    expect(project).toHaveLength(1);
    expect(project[0]!.with).toMatchObject({ 'sparse-checkout': '.benchgate.yml', 'sparse-checkout-cone-mode': false });
    expect(String(project[0]!.with!.ref)).toMatch(
      /^\$\{\{ github\.event\.pull_request\.base\.sha \|\| github\.event\.merge_group\.base_sha/,
    );
    const publishing = publish!.steps.find(isBenchgate)!;
    expect(publishing.with!['report-from']).toBe('${{ runner.temp }}/benchgate-results');
    expect(gateInputs(publishing)).toEqual(gateInputs(measuring));
    // The one shell step looks up the recording workflow's run, with no expression in its script.
    const scripts = publish!.steps.filter((s) => 'run' in s);
    expect(scripts.map((s) => (s as { id?: string }).id)).toEqual(file.startsWith('templates/') ? ['history-run'] : []);
    expect(scripts.every((s) => !s.run!.includes('${{') && (s as { 'continue-on-error'?: boolean })['continue-on-error'] === true)).toBe(
      true,
    );
    if (file.startsWith('templates/')) {
      const download = publish!.steps.find((s) => s.with?.name === 'benchgate-history')!;
      expect(download).toMatchObject({ 'continue-on-error': true, with: { 'run-id': '${{ steps.history-run.outputs.run-id }}' } });
      expect(String(publishing.with!['history-from'])).toMatch(/^\$\{\{ steps\.history\.outcome == 'success' && /);
    }
  });

  it('the deep run, which may run a pull request branch, holds no write permission', () => {
    const workflow = parse(readFileSync(path.join(ROOT, 'templates/github/benchgate-deep.yml'), 'utf8')) as { permissions: object };
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});

/**
 * `/benchmark` (docs/security.md): the job that runs the pull request's code holds a read-only
 * token and measures the accepted merge commit; the jobs that hold write permissions check out
 * no code of the pull request; every job asks for the least it needs.
 */
describe('/benchmark (benchgate-command.yml)', () => {
  type Job = {
    if?: string;
    needs?: string | string[];
    permissions?: Record<string, string>;
    steps: (Step & { env?: Record<string, string> })[];
  };
  const file = 'templates/github/benchgate-command.yml';
  const workflow = parse(readFileSync(path.join(ROOT, file), 'utf8')) as {
    on: Record<string, { types: string[] }>;
    permissions: Record<string, string>;
    jobs: Record<string, Job>;
  };
  const { accept, measure, publish } = workflow.jobs;
  const text = readFileSync(path.join(ROOT, file), 'utf8');

  it('runs on new comments only, with no permission at the top and the least per job', () => {
    expect(workflow.on).toEqual({ issue_comment: { types: ['created'] } });
    expect(workflow.permissions).toEqual({});
    expect(Object.keys(workflow.jobs)).toEqual(['accept', 'measure', 'publish']);
    expect(accept!.permissions).toEqual({ actions: 'read', contents: 'read', 'pull-requests': 'write' });
    expect(measure!.permissions).toEqual({ contents: 'read', 'pull-requests': 'read' });
    expect(publish!.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', checks: 'write' });
  });

  it('accept checks out nothing and runs only benchgate benchmark-command accept', () => {
    expect(accept!.steps.map((s) => s.uses ?? s.run)).toEqual([
      CLI_GUARD,
      'npx --yes --package="$BENCHGATE_CLI" -- benchgate benchmark-command accept',
    ]);
  });

  it('measure checks out the accepted merge commit and checks its parents before benchgate runs; no cache, no comment, no check', () => {
    expect(measure!.if).toContain("needs.accept.outputs.accepted == 'true'");
    expect(measure!.steps[0]!.with).toMatchObject({ ref: '${{ needs.accept.outputs.merge }}', 'persist-credentials': false });
    expect(measure!.steps[1]!.run).toContain('test "$(git rev-parse HEAD^2)" = "$HEAD_SHA"');
    const benchgate = measure!.steps.find((s) => s.uses === PLACEHOLDER)!;
    expect(measure!.steps.indexOf(benchgate)).toBe(2);
    expect(benchgate.with).toMatchObject({ head: '${{ needs.accept.outputs.merge }}', comment: 'off', check: 'off' });
    expect(JSON.stringify(measure)).not.toMatch(/cache/);
  });

  it("publish checks out only the base tip's .benchgate.yml and publishes with the measuring step's gate settings", () => {
    expect(publish!.steps[0]!.run).toBe(CLI_GUARD);
    expect(publish!.steps[1]!.with).toMatchObject({ ref: '${{ needs.accept.outputs.base }}', 'sparse-checkout': '.benchgate.yml' });
    expect(publish!.steps[2]!.with!.path).toBe('${{ runner.temp }}/benchgate-results');
    const run = publish!.steps[3]!.run!;
    expect(run).toContain('benchgate benchmark-command publish');
    expect(run).toContain('--rounds auto --max-rounds "$MAX_ROUNDS" --max-time "$MAX_TIME" --threshold 1');
    const measured = measure!.steps.find((s) => s.uses === PLACEHOLDER)!.with!;
    expect(measured).toMatchObject({ rounds: 'auto', threshold: 1 });
  });

  it('says its check must not be required', () => {
    expect(text).toMatch(/do\s+#?\s*not make it a required check/);
  });
});

describe('the history recorder (benchgate-record.yml)', () => {
  type Job = {
    if?: string;
    needs?: string;
    permissions?: Record<string, string>;
    outputs?: Record<string, string>;
    steps: Step[];
  };
  const file = 'templates/github/benchgate-record.yml';
  const workflow = parse(readFileSync(path.join(ROOT, file), 'utf8')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    concurrency: { group: string; 'cancel-in-progress': boolean };
    env: Record<string, string>;
    jobs: Record<string, Job>;
  };
  const { jobs } = workflow;
  const run = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])).join('\n');

  it('runs on pushes to the default branch only, one at a time and never cancelled', () => {
    expect(Object.keys(workflow.on)).toEqual(['push']);
    expect(jobs['last-recorded']!.if).toContain("format('refs/heads/{0}', github.event.repository.default_branch)");
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    expect(workflow.permissions).toEqual({});
  });

  it('compares the last recorded commit with the pushed one, the push’s before only when nothing is recorded', () => {
    expect(run(jobs['last-recorded']!)).toMatch(/benchgate history last --store "\$BENCHGATE_STORE" --branch "\$GITHUB_REF_NAME"/);
    expect(run(jobs['last-recorded']!)).toContain('base=${last:-$BEFORE}');
    const step = jobs.measure!.steps.find((s) => s.uses === PLACEHOLDER)!;
    expect(step.with).toMatchObject({ base: '${{ needs.last-recorded.outputs.base }}', 'fail-on': 'none', token: '' });
  });

  it('measures with a read-only token and records with a write token in a job that runs no benchmark code', () => {
    expect(jobs.measure!.permissions).toEqual({ contents: 'read' });
    expect(JSON.stringify(jobs.measure)).not.toContain('BENCHGATE_STORE_TOKEN');
    expect(jobs.record!.needs).toBe('measure');
    expect(jobs.record!.permissions).toEqual({ contents: 'write' });
    expect(jobs.record!.steps[0]!.run).toBe(CLI_GUARD);
    expect(jobs.record!.steps.map((s) => s.uses ?? 'run')).toEqual([
      'run',
      'actions/download-artifact@v8',
      'run',
      'actions/upload-artifact@v7',
      'actions/upload-pages-artifact@v5',
    ]);
    expect(run(jobs.record!)).toContain('benchgate record --store "$BENCHGATE_STORE"');
    expect(run(jobs.record!)).toContain(
      'benchgate history --store "$BENCHGATE_STORE" --branch "$GITHUB_REF_NAME" --json --out "$RUNNER_TEMP/benchgate-site"',
    );
  });

  it('publishes the trend site from a job that runs no code and holds only the Pages permissions', () => {
    const pages = jobs.pages!;
    expect(pages.needs).toBe('record');
    expect(pages.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(pages.steps.map((s) => s.uses ?? 'run')).toEqual(['actions/deploy-pages@v5']);
    expect(jobs.record!.steps.at(-1)!.with).toEqual({ path: '${{ runner.temp }}/benchgate-site' });
  });

  it('gives the store its token through a credential helper reading the environment, never in a URL', () => {
    expect(workflow.env.BENCHGATE_STORE).not.toMatch(/token|@/i);
    expect(workflow.env.GIT_CONFIG_KEY_0).toBe('credential.helper');
    expect(workflow.env.GIT_CONFIG_VALUE_0).toContain('password=$BENCHGATE_STORE_TOKEN');
  });
});
