import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchmarkProfile, Run } from '../../src/model.js';
import { LogError, parseLog, readLog, ResultsLog } from '../../src/runner/log.js';
import { NoSpace } from '../../src/no-space.js';
import { run as baseRun, profile } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { testHeader } from '../helpers/log-header.js';

const header = testHeader({ tool: { name: 'benchgate', version: '0.0.0' }, seed: 1 });

const run = (round: number): Run => baseRun({ suite: 's', round, position: 0, startedAt: '', wallMs: 1 });

describe('results log', () => {
  it('round-trips header, runs and end', () => {
    const file = path.join(tempDir(), 'out', 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    log.append(run(2));
    log.end('completed');
    log.end('failed'); // a second end is ignored
    const parsed = readLog(file);
    expect(parsed.header).toEqual(header);
    expect(parsed.runs.map((r) => r.round)).toEqual([1, 2]);
    expect(parsed.end?.status).toBe('completed');
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('reads profile lines back beside the runs, in the order they were appended', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    const profile = (side: 'base' | 'head'): BenchmarkProfile => ({
      benchmark: 'b',
      side,
      round: 0,
      works: [10, 20],
      tool: 'cprofile',
      level: 'calls',
      files: ['a.py'],
      functions: [[0, 'f', 10, 20]],
      rest: [0, 0],
      unnamed: [0, 0],
    });
    log.append(run(1));
    log.appendProfile(profile('head'));
    log.appendProfile(profile('base'));
    log.end('completed');
    const parsed = readLog(file);
    expect(parsed.profiles).toEqual([profile('head'), profile('base')]);
    expect(parsed.runs).toHaveLength(1);
    expect(parsed.skipped).toEqual([]);
  });

  it('keeps every finished run when the last line was cut off by a kill', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    appendFileSync(file, '{"type":"run","run":{"suite":"s","si');
    const parsed = readLog(file);
    expect(parsed.runs).toHaveLength(1);
    expect(parsed.end).toBeNull();
    expect(parsed.skipped).toEqual([3]);
  });

  it('refuses an unreadable line anywhere but the last, naming it (only a kill cuts a line, and only the last)', () => {
    const lines = [header, { type: 'run', run: run(1) }, { type: 'run', run: run(2) }].map((l) => JSON.stringify(l));
    const corrupted = [lines[0], lines[1]!.slice(0, 30), lines[2], ''].join('\n');
    expect(() => parseLog(corrupted, 'x.jsonl')).toThrow(/^x\.jsonl:2: not a JSON line, and not the last line/);
    // Blank lines after a cut last line do not make it a middle one.
    expect(parseLog([lines[0], lines[1], lines[2]!.slice(0, 30), '', ''].join('\n'), 'x.jsonl').skipped).toEqual([3]);
  });

  it('says what is wrong with a file that is not a results log', () => {
    expect(() => parseLog(`${JSON.stringify({ type: 'run', run: run(1) })}\n`, 'x.jsonl')).toThrow(
      new LogError('x.jsonl: no header line: is this a benchgate results.jsonl?'),
    );
    expect(() => parseLog(JSON.stringify({ ...header, schemaVersion: undefined, schema: 9 }), 'x.jsonl')).toThrow(
      'schema 9 is not supported',
    );
    expect(() => parseLog(JSON.stringify({ ...header, schemaVersion: 99 }), 'x.jsonl')).toThrow(
      'x.jsonl:1: written by a newer benchgate (schemaVersion 99; this one reads up to 5): upgrade benchgate',
    );
  });

  it('reads a version 1 log (schema: 1) as before', () => {
    const { schemaVersion: _v2, ...rest } = header;
    const text = [JSON.stringify({ ...rest, schema: 1 }), JSON.stringify({ type: 'run', run: run(1) })].join('\n');
    const parsed = parseLog(text, 'v1.jsonl');
    expect(parsed.header.schema).toBe(1);
    expect(parsed.runs).toHaveLength(1);
  });

  it('keys a count run by its benchmark and work too, and still refuses a true duplicate', () => {
    const count = (benchmark: string, work: number): Run => ({ ...run(1), benchmark, work });
    const lines = (runs: Run[]) =>
      [
        JSON.stringify({ ...header, countPlan: { a: { small: 10, large: 20 } } }),
        ...runs.map((r) => JSON.stringify({ type: 'run', run: r })),
      ].join('\n');
    const parsed = parseLog(lines([count('a', 10), count('a', 20), count('b', 10)]), 'c.jsonl');
    expect(parsed.runs.map((r) => [r.benchmark, r.work])).toEqual([
      ['a', 10],
      ['a', 20],
      ['b', 10],
    ]);
    expect(parsed.header.countPlan).toEqual({ a: { small: 10, large: 20 } });
    expect(() => parseLog(lines([count('a', 10), count('a', 10)]), 'c.jsonl')).toThrow(
      'c.jsonl:3: a second base run of "a" at work 10 of round 1 of suite "s" (the first is on line 2)',
    );
  });

  it('round-trips profile lines, in the order they were appended', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    log.appendProfile(profile({ side: 'head' }));
    log.appendProfile(profile());
    log.end('completed');
    const parsed = readLog(file);
    expect(parsed.profiles).toEqual([profile({ side: 'head' }), profile()]);
    expect(parsed.runs).toHaveLength(1);
  });

  it('refuses a second profile of one (benchmark, side, round, tool), naming both lines', () => {
    const text = (profiles: object[]) =>
      [header, ...profiles.map((p) => ({ type: 'profile', profile: p }))].map((l) => JSON.stringify(l)).join('\n');
    expect(() => parseLog(text([profile(), profile({ round: 2 }), profile({ functions: [] })]), 'p.jsonl')).toThrow(
      new LogError(
        'p.jsonl:4: a second base cachegrind profile of "B" for round 1 (the first is on line 2); two runs wrote into one log: keep one run per log, and combine logs with "benchgate merge"',
      ),
    );
    const others = [
      profile(),
      profile({ side: 'head' }),
      profile({ round: 2 }),
      profile({ benchmark: 'C' }),
      profile({ tool: 'callgrind' }),
    ];
    expect(parseLog(text(others), 'q.jsonl').profiles).toHaveLength(5);
  });

  it('says which line a full disk kept out, a run or a profile', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const log = new ResultsLog(file, header);
    log.append(run(1));
    // Every write to /dev/full fails with ENOSPC.
    rmSync(file);
    symlinkSync('/dev/full', file);
    expect(() => log.appendProfile(profile())).toThrow(
      new NoSpace(
        file,
        'ENOSPC',
        'the base profile of "B" in round 1 could not be added to the results log (it keeps the 1 runs before it)',
      ),
    );
    expect(() => log.append(run(2))).toThrow(
      new NoSpace(file, 'ENOSPC', 'the base run of round 2 could not be added to the results log (it keeps the 1 runs before it)'),
    );
    log.end('failed');
  });

  it('refuses a rounds auto header whose last look comes before its first, naming the line', () => {
    const adaptive = {
      minRounds: 20,
      lookEvery: 5,
      maxRounds: 10,
      maxTimeSec: 0,
      spending: 'obrien-fleming',
      test: 'mann-whitney',
      filter: false,
    };
    const text = JSON.stringify({ ...header, config: { ...header.config, adaptive } });
    expect(() => parseLog(text, 'x.jsonl')).toThrow(new LogError('x.jsonl:1: config.adaptive.maxRounds (10) is below minRounds (20)'));
  });

  it('reads a log saved with a UTF-8 byte order mark', () => {
    const text = `\uFEFF${JSON.stringify(header)}\n${JSON.stringify({ type: 'run', run: run(1) })}\n`;
    const parsed = parseLog(text, 'bom.jsonl');
    expect(parsed.header).toEqual(header);
    expect(parsed.runs).toHaveLength(1);
  });

  it('refuses a log holding the same run twice (two runs wrote into it), naming both lines', () => {
    const lines = [header, { type: 'run', run: run(1) }, { type: 'run', run: run(2) }, { type: 'run', run: run(1) }].map((l) =>
      JSON.stringify(l),
    );
    expect(() => parseLog(lines.join('\n'), 'x.jsonl')).toThrow(
      new LogError(
        'x.jsonl:4: a second base run of round 1 of suite "s" (the first is on line 2); two runs wrote into one log: keep one run per log, and combine logs with "benchgate merge"',
      ),
    );
    // The same round of another side or another suite is another run.
    const valid = [header, run(1), { ...run(1), side: 'head' }, { ...run(1), suite: 't' }].map((r, i) =>
      JSON.stringify(i === 0 ? r : { type: 'run', run: r }),
    );
    expect(parseLog(valid.join('\n'), 'y.jsonl').runs).toHaveLength(3);
  });
});

describe('one writer per results log', () => {
  it('keeps an earlier log under a dated name instead of truncating it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.jsonl');
    const first = new ResultsLog(file, header);
    first.append(run(1));
    first.end('completed');
    utimesSync(file, new Date('2026-11-23T23:55:01.250Z'), new Date('2026-11-23T23:55:01.250Z'));
    const second = new ResultsLog(file, header);
    expect(second.kept).toBe(path.join(dir, 'results.20261123T235501Z.jsonl'));
    expect(readLog(second.kept!).runs).toHaveLength(1);
    expect(readLog(file).runs).toHaveLength(0);
    second.end('completed');
    utimesSync(file, new Date('2026-11-23T23:55:01Z'), new Date('2026-11-23T23:55:01Z'));
    expect(new ResultsLog(file, header).kept).toBe(path.join(dir, 'results.20261123T235501Z-2.jsonl'));
  });

  it('refuses a second writer while the first is running, and lets the next one in after it ends', () => {
    const file = path.join(tempDir(), 'results.jsonl');
    const first = new ResultsLog(file, header);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid}\n${os.hostname()}\n`);
    expect(() => new ResultsLog(file, header)).toThrow(
      new RegExp(`another benchgate \\(pid ${process.pid} on .*\\) is writing its results log here`),
    );
    first.append(run(1));
    first.end('completed');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(readLog(file).runs).toHaveLength(1);
    new ResultsLog(file, header).end('completed');
  });

  it('takes over the lock of a benchgate that died on this host', () => {
    const dir = tempDir();
    const file = path.join(dir, 'results.jsonl');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(`${file}.lock`, `${dead}\n${os.hostname()}\n`);
    const log = new ResultsLog(file, header);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid}\n${os.hostname()}\n`);
    log.end('completed');
    expect(readdirSync(dir).sort()).toEqual(['results.jsonl']);
  });

  it("leaves another host's lock alone: it cannot tell whether that run is alive", () => {
    const file = path.join(tempDir(), 'results.jsonl');
    writeFileSync(`${file}.lock`, '12345\nsome-other-host\n');
    expect(() => new ResultsLog(file, header)).toThrow(/pid 12345 on some-other-host\) .*delete .*results\.jsonl\.lock/);
  });
});
