/**
 * templates/benchgate.yml, the GitLab CI/CD component: valid against GitLab's own CI schema
 * (the spec header and the job document separately, as GitLab reads them), its inputs all
 * declared and used, and its job script run for real: inputs interpolated as GitLab would,
 * variables exported, the script run by sh in a shallow merge request clone, with `npx`
 * standing in for the registry by running this checkout's CLI.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { formats } from '../../../src/formats/index.js';
import { CLI, ROOT, tempDir } from '../../e2e/helpers.js';
import { startFakeGitLab } from './fake-gitlab.js';
import {
  MR_IID,
  PROJECT_ID,
  TOKEN,
  gitlabEnv,
  makeManualPipelineClone,
  makeMergeRequestClone,
  manualPipelineEnv,
  type MergeRequestClone,
} from './fixture.js';

// ajv-formats' CommonJS default export, typed as what it is under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Doc = Record<string, unknown>;
type Job = {
  extends?: string;
  variables?: Record<string, string | number | { value: string | number; expand?: boolean }>;
  script?: string[];
  rules?: Record<string, unknown>[];
  artifacts?: { paths: string[]; reports: Record<string, string> };
};

const TEMPLATE = readFileSync(path.join(ROOT, 'templates', 'benchgate.yml'), 'utf8');
const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'gitlab', 'gitlab-ci.json'), 'utf8')) as object;

function documents(text: string): [Doc, Doc] {
  const docs = parseAllDocuments(text);
  expect(docs).toHaveLength(2);
  for (const d of docs) expect(d.errors).toEqual([]);
  return [docs[0]!.toJS() as Doc, docs[1]!.toJS() as Doc];
}

function gitlabSchema() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(SCHEMA);
}

const INTERPOLATION = /\$\[\[\s*inputs\.([A-Za-z0-9_-]+)\s*\]\]/g;

/** GitLab's interpolation, in keys and values: a value that is only `$[[ inputs.x ]]` takes the input's type. */
function interpolate(value: unknown, inputs: Record<string, string | number>): unknown {
  const text = (s: string) => s.replace(INTERPOLATION, (_m, name: string) => String(inputs[name]));
  if (typeof value === 'string') {
    const whole = /^\$\[\[\s*inputs\.([A-Za-z0-9_-]+)\s*\]\]$/.exec(value);
    if (whole) return inputs[whole[1]!];
    return text(value);
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, inputs));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), interpolate(v, inputs)]));
  return value;
}

const { version: VERSION } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
/** What every include must name, since the input has no default: the CLI of the release it includes. */
const CLI_PACKAGE = `benchgate@${VERSION}`;

function inputDefaults(header: Doc): Record<string, string | number> {
  const inputs = (header.spec as { inputs: Record<string, { default?: string | number }> }).inputs;
  return Object.fromEntries(Object.entries(inputs).map(([name, spec]) => [name, spec.default as string | number]));
}

/** The defaults and the one required input besides bench: what an include following the docs passes. */
function includeInputs(header: Doc): Record<string, string | number> {
  return { ...inputDefaults(header), 'cli-package': CLI_PACKAGE };
}

/** Each input's type as GitLab checks a given value: `string` unless the spec says otherwise. */
function inputTypes(header: Doc): Record<string, string> {
  const inputs = (header.spec as { inputs: Record<string, { type?: string }> }).inputs;
  return Object.fromEntries(Object.entries(inputs).map(([name, spec]) => [name, spec.type ?? 'string']));
}

/** `extends` for this template's one level: hashes merge deeply, the job's own keys win. */
function resolveJob(jobs: Record<string, Job>, name: string): Job {
  const job = jobs[name]!;
  if (!job.extends) return job;
  const parent = jobs[job.extends]!;
  return { ...parent, ...job, variables: { ...parent.variables, ...job.variables } };
}

function variableEnv(job: Job): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(job.variables ?? {}).map(([k, v]) => [k, String(typeof v === 'object' ? v.value : v)]));
}

/**
 * The files GitLab's CI/CD Catalog publishes as components: GitLab's own pattern
 * (Ci::Catalog::ComponentsProject::TEMPLATE_PATH_REGEX, `^templates\/[\w-]+(?:\/template)?\.yml$`).
 */
const CATALOG_COMPONENT = /^templates\/[A-Za-z0-9_-]+(?:\/template)?\.yml$/;

describe('the GitLab CI/CD component', () => {
  const [header, jobs] = documents(TEMPLATE);
  const validate = gitlabSchema();

  it('is the one file in templates/ the CI/CD Catalog publishes, as the component `benchgate`', () => {
    const files = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' }).map(
      (f) => `templates/${f.split(path.sep).join('/')}`,
    );
    // The GitHub starter workflows in templates/github/ must not look like components.
    expect(files.filter((f) => f.startsWith('templates/github/')).length).toBeGreaterThan(0);
    expect(files.filter((f) => CATALOG_COMPONENT.test(f))).toEqual(['templates/benchgate.yml']);
  });

  it('has a spec header that validates against GitLab’s CI schema', () => {
    expect(validate(header)).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
    expect(Object.keys(header)).toEqual(['spec']);
  });

  it('has a job document that validates against GitLab’s CI schema', () => {
    const ok = validate(jobs);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('still validates once GitLab has put the inputs in (numbers as numbers)', () => {
    const interpolated = interpolate(jobs, { ...includeInputs(header), bench: 'npm run bench' });
    expect(validate(interpolated)).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('is checked by a schema that does reject broken configuration', () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b' }) as Doc;
    expect(validate(all)).toBe(true);
    expect(validate({ spec: { inputs: { rounds: { type: 'integer' } } } })).toBe(false);
    expect(validate({ ...all, benchgate: { ...(all.benchgate as Doc), when: 'sometimes' } })).toBe(false);
  });

  it('included twice with two job prefixes (two suites), defines separate jobs that write separate directories', () => {
    const include = (prefix: string, suite: string) =>
      interpolate(jobs, { ...includeInputs(header), bench: `make bench-${suite}`, 'job-prefix': prefix, suite }) as Record<string, Job>;
    const cpu = include('bench-cpu', 'cpu');
    const io = include('bench-io', 'io');
    expect(Object.keys(cpu).sort()).toEqual([
      '.bench-cpu-history',
      '.bench-cpu-job',
      '.bench-cpu-publish-job',
      'bench-cpu',
      'bench-cpu-deep',
      'bench-cpu-deep-manual',
      'bench-cpu-deep-manual-publish',
      'bench-cpu-deep-publish',
      'bench-cpu-last-recorded',
      'bench-cpu-pages',
      'bench-cpu-publish',
      'bench-cpu-record',
      'bench-cpu-record-measure',
    ]);
    expect(Object.keys(cpu).filter((name) => name in io)).toEqual([]);
    // GitLab merges the two includes into one configuration, which must still be valid.
    const merged = { ...cpu, ...io };
    expect(validate(merged) ? [] : validate.errors).toEqual([]);
    const cpuJob = resolveJob(merged, 'bench-cpu');
    const ioJob = resolveJob(merged, 'bench-io');
    expect(variableEnv(cpuJob).BENCHGATE_INPUT_BENCH).toBe('make bench-cpu');
    expect(variableEnv(ioJob).BENCHGATE_INPUT_BENCH).toBe('make bench-io');
    expect(cpuJob.artifacts!.paths).toEqual(['benchgate-out/bench-cpu/']);
    expect(ioJob.artifacts!.paths).toEqual(['benchgate-out/bench-io/']);
    // The same prefix twice would collide: the second include's jobs replace the first's.
    expect(Object.keys(include('benchgate', 'cpu'))).toEqual(Object.keys(include('benchgate', 'io')));
  });

  it('takes only job prefixes GitLab accepts as job names', () => {
    const prefix = (header.spec as { inputs: Record<string, { regex: string }> }).inputs['job-prefix']!.regex;
    const accepts = (p: string) => new RegExp(prefix).test(p);
    expect(['benchgate', 'bench-cpu', 'suite_2'].every(accepts)).toBe(true);
    expect(['', '.hidden', 'a b', 'x:y', 'Bench'].some(accepts)).toBe(false);
  });

  it('uses every input it declares and declares every input it uses', () => {
    const declared = Object.keys(inputDefaults(header)).sort();
    const used = [...new Set([...TEMPLATE.split('---')[1]!.matchAll(INTERPOLATION)].map((m) => m[1]!))].sort();
    expect(used).toEqual(declared);
    expect(inputDefaults(header).bench).toBeUndefined();
    // No default package: whoever held that name on the registry would run in every pipeline that kept it.
    expect(inputDefaults(header)['cli-package']).toBeUndefined();
    expect(inputDefaults(header).image).toMatch(/^node:24/);
  });

  it('is documented with include: component and include: remote, valid and with inputs it declares', () => {
    const declared = Object.keys(inputDefaults(header));
    const version = VERSION;
    for (const doc of ['README.md', path.join('docs', 'gitlab.md')]) {
      const blocks = [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].map(
        (m) => parseAllDocuments(m[1]!)[0]!.toJS() as Doc,
      );
      const includes = blocks.filter((b) => Array.isArray(b.include)).flatMap((b) => b.include as Record<string, unknown>[]);
      const kinds = includes.map((i) => Object.keys(i).find((k) => k !== 'inputs'));
      expect([...new Set(kinds)].sort()).toEqual(['component', 'remote']);
      for (const include of includes) {
        expect(validate({ include: [include], job: { script: ['true'] } }) ? [] : [doc, include, validate.errors]).toEqual([]);
        const inputs = include.inputs as Doc;
        expect(Object.keys(inputs).filter((name) => !declared.includes(name))).toEqual([]);
        // GitLab refuses a value of another type than the input's (a bare 20 for rounds, a string input).
        const types = Object.entries(inputs).map(([name, value]) => [name, typeof value]);
        expect(types).toEqual(Object.keys(inputs).map((name) => [name, inputTypes(header)[name]]));
        expect(inputs.bench).toEqual(expect.any(String));
        // The required input, naming the CLI of the same release as the component.
        expect([doc, inputs['cli-package']]).toEqual([doc, CLI_PACKAGE]);
        expect(['auto', 'command', ...formats.map((f) => f.name)]).toContain(inputs.format ?? 'auto');
        // The component itself, pinned to this release's tag.
        expect(
          [`/benchgate@${version}`, `/${version}/templates/benchgate.yml`].some((end) =>
            String(include.component ?? include.remote).endsWith(end),
          ),
        ).toBe(true);
      }
    }
  });

  it('runs the gate in merge request pipelines with rounds auto in a CI-sized budget, and the deep run by hand with more and a smaller threshold', () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b' }) as Record<string, Job>;
    const mrOnly = '$CI_PIPELINE_SOURCE == "merge_request_event"';
    expect(all.benchgate!.rules).toEqual([{ if: mrOnly }]);
    expect(all['benchgate-deep']!.rules).toEqual([{ if: mrOnly, when: 'manual', allow_failure: true }]);
    const budget = (name: string) => {
      const env = variableEnv(resolveJob(all, name));
      return [env.BENCHGATE_INPUT_ROUNDS, env.BENCHGATE_INPUT_MAX_ROUNDS, env.BENCHGATE_INPUT_MAX_TIME, env.BENCHGATE_INPUT_THRESHOLD];
    };
    expect(budget('benchgate')).toEqual(['auto', '30', '20m', '2']);
    expect(budget('benchgate-deep')).toEqual(['auto', '60', '45m', '1']);
  });

  it('records the default branch in three jobs: last recorded head, a measure that never fails, a record that runs no benchmark code', () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b' }) as Record<string, Job & Doc>;
    const pushOnly = '$CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $BENCHGATE_HISTORY_STORE';
    const last = resolveJob(all, 'benchgate-last-recorded') as Job & Doc;
    const measure = resolveJob(all, 'benchgate-record-measure') as Job & Doc;
    const record = resolveJob(all, 'benchgate-record') as Job & Doc;
    for (const job of [last, measure, record]) {
      expect(job.rules).toEqual([{ if: pushOnly }]);
      expect(job.interruptible).toBe(false);
    }
    expect(String(last.script)).toContain('benchgate history last --store "$BENCHGATE_HISTORY_STORE"');
    expect(measure.needs).toEqual(['benchgate-last-recorded']);
    expect(variableEnv(measure).BENCHGATE_INPUT_FAIL_ON).toBe('none');
    expect(String(measure.script)).toContain('${BENCHGATE_RECORD_BASE:+--base "$BENCHGATE_RECORD_BASE"}');
    // The push token's environment is declared by the record job alone, which checks out nothing
    // (the publish jobs' environment holds the note token, never the push token).
    const environments = Object.entries(all).filter(([, job]) => (job as Doc).environment !== undefined);
    const named = (environment: string) =>
      environments.filter(([, job]) => ((job as Doc).environment as Doc).name === environment).map(([name]) => name);
    expect(named('benchgate-history')).toEqual(['benchgate-record']);
    expect(named('benchgate-publish')).toEqual(['.benchgate-publish-job']);
    expect(measure.environment).toBeUndefined();
    expect(variableEnv(record).GIT_STRATEGY).toBe('none');
    expect(String(record.script)).not.toContain('BENCHGATE_INPUT_BENCH');
    expect(String(record.script)).toContain('benchgate record --store "$BENCHGATE_HISTORY_STORE"');
  });

  it('publishes the trend site the record job wrote to GitLab Pages from a job that runs no code and holds no token', () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b' }) as Record<string, Job & Doc>;
    const record = resolveJob(all, 'benchgate-record') as Job & Doc;
    const pages = resolveJob(all, 'benchgate-pages') as Job & Doc;
    expect(String(record.script)).toContain('--json --out benchgate-site > benchgate-history.json');
    expect((record.artifacts as { paths: string[] }).paths).toContain('benchgate-site');
    expect(pages.needs).toEqual(['benchgate-record']);
    expect(pages.pages).toEqual({ publish: 'benchgate-site' });
    expect(pages.environment).toBeUndefined();
    expect(variableEnv(pages).GIT_STRATEGY).toBe('none');
    expect(pages.script).toEqual(['echo "publishing benchmark history from the record job to GitLab Pages"']);
    expect(pages.rules).toEqual(record.rules);
  });

  it('takes a number of rounds or auto, and durations benchgate reads', () => {
    const inputs = (header.spec as { inputs: Record<string, { regex?: string }> }).inputs;
    const accepts = (name: string, value: string) => new RegExp(inputs[name]!.regex!).test(value);
    for (const name of ['rounds', 'deep-rounds']) {
      expect(['auto', '10', '40'].every((v) => accepts(name, v))).toBe(true);
      expect(['', '0', 'Auto', '10 ', 'auto; rm -rf /', '-1'].some((v) => accepts(name, v))).toBe(false);
    }
    for (const name of ['max-time', 'deep-max-time']) {
      expect(['20m', '90s', '1h30m', '1.5h', '0', ''].every((v) => accepts(name, v))).toBe(true);
      expect(['20', '20 m', 'm', '1d', '$(x)'].some((v) => accepts(name, v))).toBe(false);
    }
    expect(['', '0.01', '.005', '1e-3'].every((v) => accepts('alpha', v))).toBe(true);
    expect(['x', '0.05 ', '--alpha'].some((v) => accepts('alpha', v))).toBe(false);
  });
});

/**
 * An `npx` on PATH that records its arguments, checks the package spec, then runs this
 * checkout's CLI (`run-cli`) or stops there (`record-only`).
 */
function fakeNpx(mode: 'run-cli' | 'record-only'): { bin: string; args: () => string[] } {
  const bin = tempDir();
  const argsFile = path.join(bin, 'npx-args.json');
  const then = mode === 'run-cli' ? `exec "${process.execPath}" "${CLI}" "$@"` : 'exit 0';
  const npx = path.join(bin, 'npx');
  writeFileSync(
    npx,
    `#!/bin/sh\nnode -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)))' "${argsFile}" "$@"\n` +
      `[ "$1 $2 $3 $4" = "--yes --package=${CLI_PACKAGE} -- benchgate" ] || exit 99\nshift 4\n${then}\n`,
  );
  chmodSync(npx, 0o755);
  return { bin, args: () => JSON.parse(readFileSync(argsFile, 'utf8')) as string[] };
}

/**
 * The job's script as the runner runs it: the job's variables exported, one shell, `-e`. `ci` is
 * what GitLab sets (a merge request pipeline's variables unless given).
 */
function scriptEnv(
  job: Job,
  clone: MergeRequestClone,
  npxBin: string,
  apiUrl = 'http://127.0.0.1:9/api/v4',
  ci = gitlabEnv(clone, apiUrl, { BENCHGATE_GITLAB_TOKEN: '' }),
): NodeJS.ProcessEnv {
  const env = { ...process.env, ...ci, ...variableEnv(job) };
  env.PATH = `${npxBin}${path.delimiter}${env.PATH}`;
  return env;
}

function runScript(job: Job, clone: MergeRequestClone, npxBin: string) {
  const env = scriptEnv(job, clone, npxBin);
  return spawnSync('sh', ['-ec', job.script!.join('\n')], { cwd: clone.dir, env, encoding: 'utf8', timeout: 60_000 });
}

/** runScript while this process serves GitLab's API (a spawnSync would block the server). */
function runScriptServed(job: Job, clone: MergeRequestClone, npxBin: string, apiUrl: string, ci?: NodeJS.ProcessEnv) {
  const env = { ...scriptEnv(job, clone, npxBin, apiUrl, ci), CI_JOB_TOKEN: 'job-token', CI_DEFAULT_BRANCH: 'main' };
  const child = spawn('sh', ['-ec', job.script!.join('\n')], { cwd: clone.dir, env, timeout: 60_000 });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  return new Promise<{ status: number | null; stderr: string }>((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}

/** GitLab's job-artifacts API for the record job's benchgate-history.json, for the job token only. */
async function serveHistory(body: string | undefined): Promise<{ server: Server; apiUrl: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    const found = body !== undefined && request.headers['job-token'] === 'job-token';
    response.writeHead(found ? 200 : 404).end(found ? body : '{"message":"404 Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`, paths };
}

describe('the component’s job script in a GitLab merge request job', () => {
  const [header, jobs] = documents(TEMPLATE);
  const flag = (args: string[], name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  /** The arguments the job passes to benchgate with these inputs (npx records them and stops). */
  const record = (inputs: Record<string, string | number>, name = 'benchgate') => {
    const job = resolveJob(interpolate(jobs, { ...includeInputs(header), bench: 'b', ...inputs }) as Record<string, Job>, name);
    const npx = fakeNpx('record-only');
    expect(runScript(job, makeMergeRequestClone(), npx.bin).status).toBe(0);
    return npx.args();
  };
  let result: ReturnType<typeof spawnSync>;
  let job: Job;
  let cloneDir: string;
  let measured: MergeRequestClone;
  let npxArgs: string[];

  beforeAll(() => {
    const clone = makeMergeRequestClone();
    measured = clone;
    cloneDir = clone.dir;
    // Quotes and spaces in the command must reach benchgate as one argument.
    const inputs = { ...includeInputs(header), bench: 'node bench.mjs --label "two words"', format: 'benchgate', rounds: '6' };
    job = resolveJob(interpolate(jobs, inputs) as Record<string, Job>, 'benchgate');
    const npx = fakeNpx('run-cli');
    result = runScript(job, clone, npx.bin);
    npxArgs = npx.args();
  });

  /** The publish job's script on the measure job's clone, with GitLab's API serving main's history (or a 404). */
  const publishServed = async (publish: Job, npxBin: string, historyBody: string | undefined) => {
    const origin = spawnSync('git', ['-C', cloneDir, 'remote', 'get-url', 'origin'], { encoding: 'utf8' }).stdout.trim();
    const history = await serveHistory(historyBody);
    const job = { ...publish, variables: { ...publish.variables, CI_REPOSITORY_URL: origin } };
    const published = await runScriptServed(job, measured, npxBin, history.apiUrl).finally(() => history.server.close());
    return { published, history };
  };

  it('runs benchgate through npx with every input as one argument, and fails on the regression', () => {
    expect(npxArgs.slice(0, 6)).toEqual(['--yes', `--package=${CLI_PACKAGE}`, '--', 'benchgate', 'run', '--bench']);
    expect(npxArgs[6]).toBe('node bench.mjs --label "two words"');
    // An empty build input adds no --build flag at all.
    expect(npxArgs).not.toContain('--build');
    expect(result.stderr).toContain('fetching it from origin');
    expect(result.status).toBe(1);
  });

  it('measures with no note token and uploads its output only as a plain artifact, not as reports GitLab shows', () => {
    for (const dir of job.artifacts!.paths) expect(statSync(path.join(cloneDir, dir)).isDirectory()).toBe(true);
    expect(job.artifacts!.reports).toBeUndefined();
    expect(variableEnv(job).BENCHGATE_GITLAB_TOKEN).toBe('');
  });

  it('publishes in a second job that checks out nothing, needs the measure job, and fails on the regression with every report written', async () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b', format: 'benchgate', rounds: '6' }) as Record<string, Job>;
    const publish = resolveJob(all, 'benchgate-publish') as Job & { needs?: string[]; environment?: { name: string } };
    expect(publish.needs).toEqual(['benchgate']);
    expect(resolveJob(all, 'benchgate-deep-publish')).toMatchObject({ needs: ['benchgate-deep'] });
    expect(publish.environment!.name).toBe('benchgate-publish');
    const env = variableEnv(publish);
    expect(env.GIT_STRATEGY).toBe('none');
    expect(env.BENCHGATE_INPUT_BENCH).toBeUndefined();
    expect(env.BENCHGATE_INPUT_BUILD).toBeUndefined();
    const npx = fakeNpx('run-cli');
    const { published } = await publishServed(publish, npx.bin, undefined);
    // Nothing recorded on the default branch yet: said once, and the gate goes on without a creep line.
    expect(published.stderr).toContain('benchgate: no history of the default branch (HTTP 404): no creep line');
    expect(published.stderr).not.toMatch(/benchgate: no (?!history)|fatal|error/);
    expect(npx.args().slice(4, 7)).toEqual(['report', '--from', path.join(cloneDir, 'benchgate-out', 'benchgate')]);
    expect(npx.args()).not.toContain('--history-from');
    expect(published.status).toBe(1);
    const reports = Object.values(publish.artifacts!.reports);
    expect(reports).toHaveLength(4);
    for (const file of reports) expect(existsSync(path.join(cloneDir, file))).toBe(true);
  });

  it("passes main's history to the publish job's report: the record job's artifact on the default branch, read with the job token", async () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b', format: 'benchgate', rounds: '6' }) as Record<string, Job>;
    const publish = resolveJob(all, 'benchgate-publish');
    const npx = fakeNpx('record-only');
    const { published, history } = await publishServed(publish, npx.bin, '{"creep": []}');
    expect(published.status).toBe(0);
    expect(history.paths).toEqual([`/api/v4/projects/${PROJECT_ID}/jobs/artifacts/main/raw/benchgate-history.json?job=benchgate-record`]);
    const args = npx.args();
    const file = args[args.indexOf('--history-from') + 1]!;
    expect(path.basename(file)).toBe('benchgate-history.json');
    expect(readFileSync(file, 'utf8')).toBe('{"creep": []}');
  });

  it('passes warmup, seed, correction, sampling and timeout; an empty seed adds no --seed', () => {
    const set = record({ warmup: 3, seed: '1234', correction: 'bh', sampling: 'pooled', timeout: 90 });
    expect(['--warmup', '--seed', '--correction', '--sampling', '--timeout'].map((f) => flag(set, f))).toEqual([
      '3',
      '1234',
      'bh',
      'pooled',
      '90',
    ]);
    const defaults = record({});
    expect(['--warmup', '--seed', '--correction', '--sampling', '--timeout'].map((f) => flag(defaults, f))).toEqual([
      '1',
      undefined,
      'holm',
      'run',
      '0',
    ]);
  });

  it('passes rounds auto with its budget and no --alpha, so that the design’s own default (0.005) applies', () => {
    const args = record({});
    expect(['--rounds', '--min-rounds', '--look-every', '--max-rounds', '--max-time', '--threshold'].map((f) => flag(args, f))).toEqual([
      'auto',
      '10',
      '5',
      '30',
      '20m',
      '2',
    ]);
    expect(args).not.toContain('--alpha');
    expect(flag(record({ alpha: '0.01' }), '--alpha')).toBe('0.01');
    // An empty max-time is no budget: no flag.
    expect(record({ 'max-time': '' })).not.toContain('--max-time');
  });

  it('with a number of rounds, passes none of the rounds auto settings (benchgate would refuse them)', () => {
    const args = record({ rounds: '20' });
    expect(flag(args, '--rounds')).toBe('20');
    for (const f of ['--min-rounds', '--look-every', '--max-rounds', '--max-time']) expect(args).not.toContain(f);
  });

  it('refuses an empty cli-package in the measure and the publish job with the line to add, before npx installs anything', () => {
    const all = interpolate(jobs, { ...includeInputs(header), bench: 'b', 'cli-package': '' }) as Record<string, Job>;
    for (const name of ['benchgate', 'benchgate-publish']) {
      const npx = fakeNpx('record-only');
      const r = runScript(resolveJob(all, name), makeMergeRequestClone(), npx.bin);
      expect([name, r.status, r.stderr]).toEqual([name, 2, expect.stringContaining('add this line under inputs: of the include')]);
      expect(r.stderr).toContain('cli-package: benchgate@X.Y.Z');
      expect(existsSync(path.join(npx.bin, 'npx-args.json'))).toBe(false);
    }
  });

  it('passes ignore globs as one --ignore argument, and none when empty', () => {
    expect(flag(record({ ignore: 'BenchmarkSlow*, *[big]' }), '--ignore')).toBe('BenchmarkSlow*, *[big]');
    expect(record({})).not.toContain('--ignore');
  });

  it('passes flags benchgate accepts with the default inputs: its config takes them, and the run goes on to the bench command', () => {
    for (const name of ['benchgate', 'benchgate-deep']) {
      const job = resolveJob(interpolate(jobs, { ...includeInputs(header), bench: 'exit 7' }) as Record<string, Job>, name);
      const r = runScript(job, makeMergeRequestClone(), fakeNpx('run-cli').bin);
      // A config error would be exit 2; a bench command that fails is exit 3.
      expect([name, r.status, r.stderr]).toEqual([name, 3, expect.stringContaining('exited with code 7')]);
    }
  });

  it('runs the deep job with its own budget and threshold', () => {
    const args = record({}, 'benchgate-deep');
    expect(['--rounds', '--max-rounds', '--max-time', '--threshold'].map((f) => flag(args, f))).toEqual(['auto', '60', '45m', '1']);
  });

  it('passes a build command as one --build argument, its quotes, `&&` and `$VAR` untouched', () => {
    const build = 'npm ci && npm run "build x" -- --out "$HOME/x y"';
    const deep = resolveJob(interpolate(jobs, { ...includeInputs(header), bench: 'b', build }) as Record<string, Job>, 'benchgate-deep');
    const npx = fakeNpx('record-only');
    const r = runScript(deep, makeMergeRequestClone(), npx.bin);
    expect(r.status).toBe(0);
    const args = npx.args();
    expect(args.slice(args.indexOf('--build'), args.indexOf('--build') + 2)).toEqual(['--build', build]);
    expect(args.slice(args.indexOf('--rounds'), args.indexOf('--rounds') + 2)).toEqual(['--rounds', 'auto']);
  });
});

describe('the component’s deep run of a merge request in a pipeline started by hand on its target branch', () => {
  const [header, jobs] = documents(TEMPLATE);
  const all = interpolate(jobs, { ...includeInputs(header), bench: 'node bench.mjs', format: 'benchgate', 'deep-rounds': '6' }) as Record<
    string,
    Job & Doc
  >;
  const measure = resolveJob(all, 'benchgate-deep-manual') as Job & Doc;
  const publish = resolveJob(all, 'benchgate-deep-manual-publish') as Job & Doc;
  const manual =
    '$CI_PIPELINE_SOURCE =~ /^(web|api|trigger)$/ && $CI_COMMIT_REF_PROTECTED == "true" && $BENCHGATE_MERGE_REQUEST =~ /^[1-9][0-9]*$/';

  it('runs only in a pipeline started by hand on a protected ref with a merge request IID; the measure job holds no token', () => {
    expect(measure.rules).toEqual([{ if: manual }]);
    // The verdict belongs to the merge request: a failed gate leaves the target branch's pipeline passed with a warning.
    expect(publish.rules).toEqual([{ if: manual, allow_failure: true }]);
    // GitLab's rules take RE2; this pattern means the same in JavaScript.
    const iid = /^[1-9][0-9]*$/;
    expect(['7', '1234'].every((v) => iid.test(v))).toBe(true);
    expect(['', '0', '07', '7 ', '7;id', '-7'].some((v) => iid.test(v))).toBe(false);
    expect(variableEnv(measure).BENCHGATE_GITLAB_TOKEN).toBe('');
    expect(measure.environment).toBeUndefined();
    expect(publish.needs).toEqual(['benchgate-deep-manual']);
    expect((publish.environment as Doc).name).toBe('benchgate-publish');
    expect(variableEnv(publish)).toMatchObject({ GIT_STRATEGY: 'none', BENCHGATE_NOTE: 'benchgate-deep-publish' });
    const budget = (job: Job) => ['ROUNDS', 'MAX_ROUNDS', 'MAX_TIME', 'THRESHOLD'].map((k) => variableEnv(job)[`BENCHGATE_INPUT_${k}`]);
    expect(budget(measure)).toEqual(budget(resolveJob(all, 'benchgate-deep')));
    expect(budget(publish)).toEqual(budget(resolveJob(all, 'benchgate-deep-publish')));
  });

  it('measures refs/merge-requests/IID/head with no token, then publishes the MR’s deep-run note from a job that checks out nothing', async () => {
    const clone = makeManualPipelineClone();
    const gitlab = await startFakeGitLab({ projectId: PROJECT_ID, mergeRequestIid: MR_IID, token: TOKEN, otherNotes: 0 });
    try {
      gitlab.mergeRequest = { sha: clone.headSha, target_branch: 'main', state: 'opened' };
      gitlab.mergeBase = clone.baseSha;
      const measureNpx = fakeNpx('run-cli');
      const measured = await runScriptServed(
        measure,
        clone,
        measureNpx.bin,
        gitlab.apiUrl,
        manualPipelineEnv(clone, gitlab.apiUrl, { BENCHGATE_GITLAB_TOKEN: '' }),
      );
      expect([measured.status, measured.stderr]).toEqual([
        1,
        expect.stringContaining(`refs/merge-requests/${MR_IID}/head is not in this clone`),
      ]);
      // The comparison comes from BENCHGATE_MERGE_REQUEST in benchgate, never from a ref in the shell.
      expect(measureNpx.args()).not.toContain('--base');
      expect(measureNpx.args()).not.toContain('--head');
      expect(gitlab.requests).toEqual([]);

      const origin = spawnSync('git', ['-C', clone.dir, 'remote', 'get-url', 'origin'], { encoding: 'utf8' }).stdout.trim();
      const publishNpx = fakeNpx('run-cli');
      const published = await runScriptServed(
        publish,
        clone,
        publishNpx.bin,
        gitlab.apiUrl,
        manualPipelineEnv(clone, gitlab.apiUrl, { CI_JOB_NAME: 'benchgate-deep-manual-publish', CI_REPOSITORY_URL: origin }),
      );
      const args = publishNpx.args();
      expect(args.slice(args.indexOf('--merge-request'), args.indexOf('--merge-request') + 2)).toEqual(['--merge-request', MR_IID]);
      expect([published.status, published.stderr]).toEqual([1, expect.stringContaining(`merge request !${MR_IID}`)]);
      const notes = gitlab.notes.filter((n) => n.body.startsWith('<!-- benchgate-note:benchgate-deep-publish -->'));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toMatch(/### ❌ benchgate failed: 1 regression/);
      expect(gitlab.mergeBaseAsked).toEqual([[clone.targetSha, clone.headSha]]);
    } finally {
      await gitlab.close();
    }
  }, 120_000);

  it('passes no --merge-request from the merge request pipeline’s publish jobs', () => {
    for (const name of ['benchgate-publish', 'benchgate-deep-publish']) {
      expect(variableEnv(resolveJob(all, name)).BENCHGATE_PUBLISH_TO_MERGE_REQUEST).toBeUndefined();
    }
  });
});

describe('the repository’s own .gitlab-ci.yml (the CI/CD Catalog release)', () => {
  const pipeline = parseAllDocuments(readFileSync(path.join(ROOT, '.gitlab-ci.yml'), 'utf8'))[0]!.toJS() as Record<
    string,
    Doc & { rules?: { if: string }[] }
  >;

  it('validates against GitLab’s CI schema', () => {
    const validate = gitlabSchema();
    expect(validate(pipeline) ? [] : validate.errors).toEqual([]);
  });

  it('checks the version, then creates the release that publishes the component, on X.Y.Z tags only', () => {
    const release = pipeline['catalog-release']!;
    expect(release.release).toMatchObject({ tag_name: '$CI_COMMIT_TAG' });
    expect(release.needs).toEqual(['check-version']);
    expect(String((pipeline['check-version']!.script as string[]).join('\n'))).toContain('scripts/release-check.ts "$CI_COMMIT_TAG"');
    for (const job of ['check-version', 'catalog-release']) {
      const rules = pipeline[job]!.rules!;
      expect(rules).toHaveLength(1);
      // The tag pattern as GitLab reads it (RE2, same syntax here): releases, not the moving major tag.
      const pattern = new RegExp(/^\$CI_COMMIT_TAG =~ \/(.+)\/$/.exec(rules[0]!.if)![1]!);
      expect(['0.1.0', '12.3.45'].filter((t) => pattern.test(t))).toEqual(['0.1.0', '12.3.45']);
      expect(['v1', 'v0.1.0', '1.0', '1.0.0-rc1'].filter((t) => pattern.test(t))).toEqual([]);
    }
  });
});
