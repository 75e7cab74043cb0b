import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { DirectoryStore } from '../../src/history/store-directory.js';
import { localPlatform } from '../../src/platforms/local.js';
import { renderJson } from '../../src/report/json.js';
import { comparison, result, summary } from '../builders.js';
import { git, makeRepo } from '../e2e/helpers.js';
import { benchmarkRecord, historyRecord } from './records.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'benchgate-history-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((t) => ((out += String(t)), true));
  try {
    const platform = localPlatform(
      { write: (t: string) => ((out += t), true) } as NodeJS.WritableStream,
      { write: (t: string) => ((err += t), true) } as NodeJS.WritableStream,
    );
    const code = await main(argv, { platform, output: { out: (t) => (out += t), err: (t) => (err += t) } });
    return { code, out, err };
  } finally {
    stdout.mockRestore();
  }
}

const sha = (i: number): string => String(i).padStart(4, '0').padEnd(40, 'a');

/** results.json of link i: commit i-1 against commit i, one benchmark 1% slower each time. */
function resultsFile(i: number, name = 'BenchmarkParse', format = 'auto', head = i): string {
  const file = path.join(dir, `results-${i}-${head}.json`);
  const r = result([
    comparison({
      suite: 'go',
      benchmark: name,
      changePct: 1,
      changeCi: [0.9, 1.1],
      base: summary(100),
      head: summary(101),
      verdict: 'unchanged',
    }),
  ]);
  r.settings = { ...r.settings, format };
  r.base = { ref: `c${i - 1}`, sha: sha(i - 1) };
  r.head = { ref: `c${head}`, sha: sha(head) };
  writeFileSync(file, renderJson(r));
  return file;
}

describe('benchgate record and history', () => {
  it('skips, with a warning and exit 0, a link whose base is not the latest recorded head: the chain never forks', async () => {
    const store = path.join(dir, 'store-fork');
    expect((await cli('record', '--store', store, resultsFile(1))).code).toBe(0);
    expect((await cli('record', '--store', store, resultsFile(2))).code).toBe(0);
    // A second recording measured against commit 1 too, landing after commit 2's.
    const stale = await cli('record', '--store', store, resultsFile(2, 'BenchmarkParse', 'auto', 3));
    expect(stale.code).toBe(0);
    expect(stale.err).toMatch(
      /not recorded: suite "go" of 0003aaaaaaaa was measured against 0001aaaaaaaa, but the latest record of branch main is 0002aaaaaaaa/,
    );
    const heads = (await new DirectoryStore(store).read({ branch: 'main' })).map((r) => r.head.slice(0, 4));
    expect(heads).toEqual(['0001', '0002']);
    // The next link from the latest head is recorded; the same link again (a job run twice) is not duplicated.
    expect((await cli('record', '--store', store, resultsFile(3))).code).toBe(0);
    const again = await cli('record', '--store', store, resultsFile(3));
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/already the latest record/);
    expect(again.err).not.toMatch(/not recorded/);
    expect((await new DirectoryStore(store).read({ branch: 'main' })).map((r) => r.head.slice(0, 4))).toEqual(['0001', '0002', '0003']);
  });

  it("records the head commit's subject and date from the clone it runs in, and none without one", async () => {
    const repo = makeRepo([{ 'a.txt': 'a\n' }]);
    git(repo, 'commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', 'parse: fewer allocations');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const file = resultsFile(1);
    const r = JSON.parse(readFileSync(file, 'utf8')) as { head: { sha: string } };
    r.head.sha = head;
    writeFileSync(file, JSON.stringify(r));
    const store = path.join(dir, 'store-subject');
    const here = process.cwd();
    process.chdir(repo);
    try {
      expect((await cli('record', '--store', store, file)).code).toBe(0);
    } finally {
      process.chdir(here);
    }
    const [recorded] = await new DirectoryStore(store).read({ branch: 'main' });
    expect(recorded!.commit!.subject).toBe('parse: fewer allocations');
    expect(Number.isNaN(Date.parse(recorded!.commit!.committedAt))).toBe(false);
    const elsewhere = await cli('record', '--store', path.join(dir, 'store-no-subject'), resultsFile(1));
    expect(elsewhere.err).toMatch(/no clone of 0001aaaaaaaa here: recorded without its subject/);
  });

  it('records links into a directory store and prints creep as JSON and as a table', async () => {
    const store = path.join(dir, 'store');
    for (let i = 1; i <= 6; i++) expect((await cli('record', '--store', store, resultsFile(i))).code).toBe(0);
    const json = await cli('history', '--store', store, '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as { records: number; creep: { changePct: number; contributors: unknown[] }[] };
    expect(report.records).toBe(6);
    expect(report.creep).toHaveLength(1);
    expect(report.creep[0]!.changePct).toBeCloseTo(100 * (1.01 ** 6 - 1), 6);
    expect(report.creep[0]!.contributors).toHaveLength(6);
    const text = await cli('history', '--store', store);
    expect(text.out).toMatch(/go: BenchmarkParse\s+0000a{8}\.\.0006a{8} \(6\)\s+\+6\.2%\s+\[\+5\.9%, \+6\.4%\]\s+0001a{8} \+1\.0%/);
    expect(text.out).toContain("A chain of k links carries √k times one link's error");
    // --out writes the trend site beside the report: the page, its assets, the overview and one file per series.
    const site = path.join(dir, 'site');
    expect((await cli('history', '--store', store, '--out', site)).code).toBe(0);
    expect(readdirSync(site).sort()).toEqual(['assets', 'data', 'index.html']);
    expect(readdirSync(path.join(site, 'data', 'series'))).toEqual(['0.js']);
    expect(readFileSync(path.join(site, 'data', 'overview.js'), 'utf8')).toMatch(
      /^benchgateSite\.overview\(\{"branch":"main","records":6,/,
    );
  });

  it("keeps one identity across runner sizes: a Go name's -N suffix is dropped", async () => {
    const store = path.join(dir, 'sizes');
    for (let i = 1; i <= 4; i++) await cli('record', '--store', store, resultsFile(i, `BenchmarkParse-${i % 2 ? 2 : 4}`, 'go'));
    const json = await cli('history', '--store', store, '--json');
    const report = JSON.parse(json.out) as { creep: { id: { benchmark: string }; contributors: unknown[] }[] };
    expect(report.creep.map((c) => [c.id.benchmark, c.contributors.length])).toEqual([['BenchmarkParse', 4]]);
  });

  it('prints a hostile benchmark name inert', async () => {
    const store = path.join(dir, 'hostile');
    for (let i = 1; i <= 3; i++) await cli('record', '--store', store, resultsFile(i, 'x\u001b[2J::error::pwned'));
    const text = await cli('history', '--store', store);
    expect(text.out).not.toContain('\u001b');
    expect(text.out).toMatch(/^go: x.\[2J::error::pwned /m);
  });

  it('exits 2 without a store, and on a results file that is not one', async () => {
    expect((await cli('history')).code).toBe(2);
    expect((await cli('record', resultsFile(1))).code).toBe(2);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{}');
    expect((await cli('record', '--store', path.join(dir, 'x'), bad)).code).toBe(2);
    expect((await cli('history', '--store', dir, '--creep-links', '1')).code).toBe(2);
  });

  it('history last prints the last recorded commit, per suite when asked; nothing when none is recorded', async () => {
    const store = path.join(dir, 'last');
    const empty = await cli('history', 'last', '--store', store);
    expect([empty.code, empty.out]).toEqual([0, '']);
    expect(empty.err).toContain('no records of branch main');
    for (let i = 1; i <= 3; i++) await cli('record', '--store', store, resultsFile(i));
    expect(await cli('history', 'last', '--store', store, '--branch', 'main')).toMatchObject({ code: 0, out: `${sha(3)}\n` });
    expect((await cli('history', 'last', '--store', store, '--suite', 'go')).out).toBe(`${sha(3)}\n`);
    expect((await cli('history', 'last', '--store', store, '--suite', 'other')).out).toBe('');
    expect((await cli('history', 'last', '--store', store, '--branch', 'release')).out).toBe('');
    expect((await cli('history', 'first', '--store', store)).code).toBe(2);
  });

  it('history last refuses a recorded head that is not a full SHA: it becomes the next --base', async () => {
    const store = path.join(dir, 'last-bad');
    const directory = new DirectoryStore(store);
    await directory.append(historyRecord(1, [benchmarkRecord()], { head: '--upload-pack=touch pwned' }));
    const last = await cli('history', 'last', '--store', store);
    expect([last.code, last.out]).toEqual([2, '']);
  });
});
