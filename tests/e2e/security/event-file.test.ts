/**
 * Issue 22 item 12: an empty or non-JSON GITHUB_EVENT_PATH is a usage error naming the file
 * (exit 2), and `--version` / `--help` never read the event. The real CLI in a process: the old
 * crash came from a module that parsed the event as it loaded.
 */
import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir } from '../helpers.js';

const dir = tempDir();
const files = { empty: path.join(dir, 'empty.json'), garbage: path.join(dir, 'garbage.json'), array: path.join(dir, 'array.json') };
writeFileSync(files.empty, '');
writeFileSync(files.garbage, 'nope{');
writeFileSync(files.array, '[1, 2]');
const onActions = (file: string) => ({ env: { GITHUB_ACTIONS: 'true', GITHUB_EVENT_PATH: file, GITHUB_EVENT_NAME: 'pull_request' } });

describe('a broken GITHUB_EVENT_PATH', () => {
  it('does not stop --version or --help', async () => {
    const [version, help] = await Promise.all([
      runCli(['--version'], onActions(files.empty)),
      runCli(['run', '--help'], onActions(files.garbage)),
    ]);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--bench');
  });

  it('is exit 2 naming the file for a command that needs the event', async () => {
    const results = await Promise.all(
      Object.values(files).map((file) =>
        runCli(['run', '--bench', 'true', '--base', 'HEAD', '--out', path.join(dir, 'out')], onActions(file)),
      ),
    );
    for (const [i, file] of Object.values(files).entries()) {
      expect(results[i]!.code).toBe(2);
      expect(results[i]!.stderr).toContain(`${file} (GITHUB_EVENT_PATH): not the workflow run's event`);
      expect(results[i]!.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
