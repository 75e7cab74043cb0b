/**
 * Writes what the option table (src/options.ts) documents elsewhere: the README's flag table,
 * the descriptions of action.yml's inputs (then docs/github-action.md from action.yml), and the
 * descriptions of the GitLab component's inputs it shares with the table.
 * tests/options.test.ts fails when any of them drifts.
 * Usage: node --import tsx scripts/generate-options.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { commandOptions, defaultText, OPTIONS, type OptionSpec } from '../src/options.js';
import { DOC, withTables } from './generate-docs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FILES = {
  readme: path.join(ROOT, 'README.md'),
  action: path.join(ROOT, 'action.yml'),
  gitlab: path.join(ROOT, 'templates', 'benchgate.yml'),
};
const START = '<!-- generated from src/options.ts by scripts/generate-options.ts: start -->';
const END = '<!-- generated from src/options.ts by scripts/generate-options.ts: end -->';

const sentence = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}.`;
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The README's table of `benchgate run`'s flags. */
export function flagTable(): string {
  const rows = commandOptions('run').map((o) => {
    const shown = o.defaultText ?? (o.default === undefined ? 'none' : `\`${o.default}\``);
    return `| \`--${o.name} ${o.arg}\` | ${cell(shown)} | ${cell(o.help)} |`;
  });
  return [START, '| flag | default | meaning |', '| --- | --- | --- |', ...rows, END].join('\n');
}

/**
 * An input's description: the help, and the default in words unless action.yml declares it.
 * Config inputs declare none: left empty they fall through to .benchgate.yml, then the default.
 */
export function actionDescription(o: OptionSpec): string {
  const fallback = declaredDefault(o) === undefined ? defaultText(o) : undefined;
  return `${sentence(o.help)}${fallback === undefined ? '' : ` Default ${fallback}.`}`;
}

/** The `default:` action.yml declares for an input: the Action's own inputs only. */
export function declaredDefault(o: OptionSpec): string | undefined {
  return o.file || o.default === undefined ? undefined : String(o.default);
}

/** A GitLab component input's description: the help (GitLab shows the default beside it). */
export function gitlabDescription(o: OptionSpec): string {
  return sentence(o.help);
}

export function withFlagTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FILES.readme}: the generated-block markers are missing`);
  return readme.slice(0, start) + flagTable() + readme.slice(end + END.length);
}

/**
 * The YAML text with the `description:` line of each input under `inputs:` that `describe`
 * knows replaced. Line by line, so comments, order and the rest of the file stay as written.
 */
export function withDescriptions(yamlText: string, describe: (input: string) => string | undefined): string {
  const lines = yamlText.split('\n');
  let inputsIndent: number | null = null;
  let inputIndent: number | null = null;
  let input: string | null = null;
  return lines
    .map((line) => {
      const indent = line.length - line.trimStart().length;
      const blank = line.trim() === '' || line.trimStart().startsWith('#');
      if (/^\s*inputs:\s*$/.test(line)) {
        inputsIndent = indent;
        return line;
      }
      if (inputsIndent === null || blank) return line;
      if (indent <= inputsIndent) {
        inputsIndent = inputIndent = input = null;
        return line;
      }
      inputIndent ??= indent;
      if (indent === inputIndent) input = line.trim().replace(/:.*$/, '');
      const description = /^(\s*)description:/.exec(line);
      const text = input === null ? undefined : describe(input);
      if (!description || indent !== inputIndent + 2 || text === undefined) return line;
      return `${description[1]}description: ${stringify(text, { lineWidth: 0 }).trimEnd()}`;
    })
    .join('\n');
}

const byName = (name: string) => OPTIONS.find((o) => o.name === name);

export function actionYml(text: string): string {
  return withDescriptions(text, (name) => {
    const o = byName(name);
    return o?.action ? actionDescription(o) : undefined;
  });
}

export function gitlabYml(text: string): string {
  return withDescriptions(text, (name) => {
    const o = byName(name);
    return o?.file ? gitlabDescription(o) : undefined;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const update = (file: string, edit: (text: string) => string) => writeFileSync(file, edit(readFileSync(file, 'utf8')));
  update(FILES.readme, withFlagTable);
  update(FILES.action, actionYml);
  update(FILES.gitlab, gitlabYml);
  update(DOC, (doc) => withTables(doc, readFileSync(FILES.action, 'utf8')));
}
