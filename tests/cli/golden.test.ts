/**
 * The command line's help and error texts, compared whole with files under tests/cli/golden/,
 * so a change of wording shows in review as a diff. `npm run goldens` rewrites them.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { localPlatform } from '../../src/platforms/local.js';

const DIR = path.join(import.meta.dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDENS === '1';

const sink = (into: { text: string }) => ({ write: (t: string) => ((into.text += t), true) }) as NodeJS.WritableStream;

async function cli(argv: string[]): Promise<string> {
  const out = { text: '' };
  const err = { text: '' };
  const platform = localPlatform(sink(out), sink(err));
  const code = await main(argv, { platform, output: { out: (t) => (out.text += t), err: (t) => (err.text += t) } });
  return `$ benchgate ${argv.join(' ')}\nexit ${code}\n--- stdout\n${out.text}--- stderr\n${err.text}`;
}

const CASES: [file: string, argv: string[]][] = [
  ['help.txt', ['--help']],
  ['run-help.txt', ['run', '--help']],
  ['analyze-help.txt', ['analyze', '--help']],
  ['merge-help.txt', ['merge', '--help']],
  ['report-help.txt', ['report', '--help']],
  ['demo-help.txt', ['demo', '--help']],
  ['misspelt-command.txt', ['rnu']],
  ['misspelt-flag.txt', ['run', '--tresholds', '5']],
  ['missing-value.txt', ['run', '--rounds']],
  ['bad-value.txt', ['run', '--bench', 'true', '--rounds', 'two']],
  ['analyze-no-log.txt', ['analyze']],
];

describe('CLI help and error goldens (npm run goldens rewrites them)', () => {
  it.each(CASES)('%s', async (file, argv) => {
    const golden = path.join(DIR, file);
    const text = await cli(argv);
    if (UPDATE) writeFileSync(golden, text);
    if (!existsSync(golden)) throw new Error(`${golden} is missing: run npm run goldens, then review and commit it`);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });
});
