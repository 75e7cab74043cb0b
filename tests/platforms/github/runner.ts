/**
 * Runs dist/index.js the way the GitHub runner does: inputs as INPUT_* variables, the event
 * payload in a file, and the summary and outputs as files the step appends to.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, tempDir } from '../../e2e/helpers.js';

export interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
}

/** The runner's name for an input variable: upper case, spaces to underscores, hyphens kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** A fixture event with the placeholders (__BASE_SHA__, ...) filled in, written to a temp file. */
export function eventFile(fixture: string, values: Record<string, string>): string {
  let text = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'github', fixture), 'utf8');
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`__${key}__`, value);
  const file = path.join(tempDir('benchgate-event-'), 'event.json');
  writeFileSync(file, text);
  return file;
}

/** Parses the GITHUB_OUTPUT file: `name<<delimiter`, value lines, `delimiter`. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    outputs[m[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string) => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',');

/** Workflow commands (`::error title=x::message`) in a step's stdout, unescaped like the runner does. */
export function workflowCommands(stdout: string, names: string[]): WorkflowCommand[] {
  const out: WorkflowCommand[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!m || !names.includes(m[1]!)) continue;
    const properties: Record<string, string> = {};
    for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    out.push({ command: m[1]!, properties, message: unescapeData(m[3]!) });
  }
  return out;
}

/**
 * The Node that runs the bundle: this one, or BENCHGATE_ACTION_NODE (CI points it at Node 24,
 * the runtime action.yml declares).
 */
const ACTION_NODE = process.env.BENCHGATE_ACTION_NODE || process.execPath;

/** Runs the bundled action in `workspace` with `inputs` and extra environment. */
export function runAction(workspace: string, inputs: Record<string, string>, env: Record<string, string>): Promise<StepResult> {
  const files = tempDir('benchgate-step-');
  const summaryFile = path.join(files, 'summary.md');
  const outputFile = path.join(files, 'output.txt');
  writeFileSync(summaryFile, '');
  writeFileSync(outputFile, '');
  // Nothing from the machine's own CI may leak into the step.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(INPUT_|GITHUB_|RUNNER_|GITLAB_|CI_)/.test(k)));
  const child = spawn(ACTION_NODE, [path.join(ROOT, 'dist', 'index.js')], {
    cwd: workspace,
    env: {
      ...base,
      ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [inputVariable(k), v])),
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: files,
      NO_PROXY: '127.0.0.1',
      no_proxy: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        summary: readFileSync(summaryFile, 'utf8'),
        outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
      }),
    ),
  );
}
