/** Several runs taking over one stale results-log lock at once: exactly one may win (issue 22, item 10). */
import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, tempDir } from '../e2e/helpers.js';

const TRIES = 30;
const TAKERS = 6;
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

describe('a stale lock taken over by many runs at once', () => {
  it(`gives it to exactly one of ${TAKERS} takers, ${TRIES} times out of ${TRIES}`, async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    for (let t = 1; t <= TRIES; t++) {
      mkdirSync(path.join(dir, String(t)));
      writeFileSync(path.join(dir, String(t), 'results.jsonl.lock'), `${dead}\n${os.hostname()}\n`);
    }
    const outcomes = new Map<number, string[]>();
    let wake: () => void = () => {};
    const takers = Array.from({ length: TAKERS }, () => {
      const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'tests', 'helpers', 'lock-taker.ts'), dir, String(TRIES)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let buffered = '';
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          const [t, ...outcome] = line.split(' ');
          outcomes.set(Number(t), [...(outcomes.get(Number(t)) ?? []), outcome.join(' ')]);
        }
        wake();
      });
      return new Promise<number | null>((resolve) => child.on('close', resolve));
    });
    for (let t = 1; t <= TRIES; t++) {
      writeFileSync(path.join(dir, `go-${t}`), '');
      while ((outcomes.get(t)?.length ?? 0) < TAKERS) await new Promise<void>((resolve) => (wake = resolve));
    }
    expect(await Promise.all(takers)).toEqual(Array(TAKERS).fill(0));
    const winners = [...outcomes.entries()].map(([t, o]) => [
      t,
      o.filter((x) => x === 'won').length,
      o.filter((x) => x.startsWith('error')),
    ]);
    expect(winners).toEqual(Array.from({ length: TRIES }, (_, i) => [i + 1, 1, []]));
    for (let t = 1; t <= TRIES; t++) {
      // One header: no second run wrote into the log; no temporary or moved lock left behind.
      expect(
        readFileSync(path.join(dir, String(t), 'results.jsonl'), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(1);
      expect(readdirSync(path.join(dir, String(t))).sort()).toEqual(['results.jsonl', 'results.jsonl.lock']);
    }
  }, 30_000);
});
