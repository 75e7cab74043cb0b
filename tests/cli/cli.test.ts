/** The command line's contract: help from the option table, usage errors exit 2, version. */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { formats } from '../../src/formats/index.js';
import { commandOptions } from '../../src/options.js';
import { localPlatform } from '../../src/platforms/local.js';
import { VERSION } from '../../src/version.js';
import { measurement, run } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const platform = localPlatform(
    { write: (t: string) => ((out += t), true) } as NodeJS.WritableStream,
    { write: (t: string) => ((err += t), true) } as NodeJS.WritableStream,
  );
  const code = await main(argv, { platform, output: { out: (t) => (out += t), err: (t) => (err += t) } });
  return { code, out, err };
}

describe('benchgate --help', () => {
  it('lists the commands, the formats from the registry and the exit codes', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    for (const command of ['run', 'analyze', 'merge', 'report', 'demo']) expect(r.out).toMatch(new RegExp(`^  ${command} `, 'm'));
    for (const f of formats) expect(r.out).toContain(f.name);
    expect(r.out).toContain('4 internal error');
  });

  it('gives each command its own help, every option from the table with its default', async () => {
    for (const command of ['run', 'analyze', 'merge', 'report', 'demo'] as const) {
      const r = await cli(command, '--help');
      expect(r.code).toBe(0);
      for (const o of commandOptions(command)) expect(r.out).toContain(o.type === 'flag' ? `--${o.name} ` : `--${o.name} <${o.arg}>`);
    }
    expect((await cli('run', '--help')).out.replace(/\s+/g, ' ')).toContain(
      '--rounds <N|auto> measured rounds per side; each round runs base and head once, in seeded random order. auto: look every few rounds and stop each benchmark once it is decided',
    );
    expect((await cli('analyze', '--help')).out).not.toContain('--bench ');
  });

  it('prints the version with -V and --version', async () => {
    expect(await cli('-V')).toMatchObject({ code: 0, out: `${VERSION}\n` });
    expect(await cli('--version')).toMatchObject({ code: 0, out: `${VERSION}\n` });
  });
});

describe('usage errors exit 2 and say how to fix them', () => {
  it('no command: the help, on stderr', async () => {
    const r = await cli();
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage: benchgate');
  });

  it('a misspelt command or flag: what was meant', async () => {
    expect(await cli('anlyze', 'x.jsonl')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^benchgate: unknown command 'anlyze'\n\(Did you mean analyze\?\)/),
    });
    expect(await cli('run', '--rouds', '3')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^benchgate: unknown option '--rouds'\n\(Did you mean --rounds\?\)/),
    });
    // A flag of another command is not this one's.
    expect((await cli('analyze', 'x.jsonl', '--bench', 'make')).code).toBe(2);
  });

  it('a missing argument or value', async () => {
    expect(await cli('analyze')).toMatchObject({ code: 2, err: expect.stringContaining("missing required argument 'results.jsonl'") });
    expect(await cli('run', '--rounds')).toMatchObject({
      code: 2,
      err: expect.stringContaining("option '--rounds <N|auto>' argument missing"),
    });
  });

  it('a bad value or an unreadable file, named', async () => {
    expect(await cli('run', '--bench', 'make', '--rounds', 'ten')).toMatchObject({
      code: 2,
      err: 'benchgate: --rounds: expected a whole number >= 1, or auto, got "ten"\n',
    });
    expect(await cli('merge', '/nonexistent/a.jsonl', '--out', '/nonexistent/b.jsonl')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^benchgate: \/nonexistent\/a\.jsonl: cannot read/),
    });
  });
});

describe('benchgate analyze: gate settings never from the log', () => {
  it("a log claiming fail-on none, threshold 50 and ignore * still fails on a 2x regression; --config's settings apply", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.jsonl');
    const header = testHeader({ config: { ...TEST_SETTINGS, failOn: 'none', thresholdPct: 50, ignore: ['*'] } });
    const runs = [1, 2, 3, 4, 5, 6].flatMap((round) =>
      (['base', 'head'] as const).map((side) =>
        run({
          side,
          round,
          measurements: [measurement({ benchmark: 'x', values: [side === 'base' ? 1 + round / 100 : 2 + round / 100] })],
        }),
      ),
    );
    const end = { type: 'end', endedAt: '2026-01-01T00:00:00Z', status: 'completed' };
    writeFileSync(file, [header, ...runs.map((r) => ({ type: 'run', run: r })), end].map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect((await cli('analyze', file, '--out', dir)).code).toBe(1);
    // The command's own trusted config decides: here a threshold above the change.
    const config = path.join(dir, 'gate.yml');
    writeFileSync(config, 'threshold: 150\nbench: ignored, not a gate setting\n');
    expect((await cli('analyze', file, '--out', dir, '--config', config)).code).toBe(0);
  });
});
