/** The PR comment's creep line, from the history JSON the recording workflow publishes (`analyze --history-from`). */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli.js';
import { publishSaved, publishSavedGitLab } from '../../src/commands/report.js';
import { analyseHistory } from '../../src/history/analyse.js';
import { renderHistoryJson } from '../../src/history/render.js';
import { gitlabPlatform } from '../../src/platforms/gitlab.js';
import { localPlatform } from '../../src/platforms/local.js';
import { measurement, run } from '../builders.js';
import { tempDir } from '../e2e/helpers.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';
import { benchmarkRecord, historyRecord } from './records.js';

const quiet = { write: () => true } as unknown as NodeJS.WritableStream;
const cli = (...argv: string[]) => main(argv, { platform: localPlatform(quiet, quiet), output: { out: () => {}, err: () => {} } });

/** A finished log of one benchmark the pull request did not change. */
function logFile(dir: string): string {
  const file = path.join(dir, 'results.jsonl');
  const runs = [1, 2, 3, 4, 5, 6].flatMap((round) =>
    (['base', 'head'] as const).map((side) =>
      run({ side, round, measurements: [measurement({ benchmark: 'x', values: [1 + round / 100] })] }),
    ),
  );
  const end = { type: 'end', endedAt: '2026-01-01T00:00:00Z', status: 'completed' };
  const lines = [testHeader({ config: TEST_SETTINGS }), ...runs.map((r) => ({ type: 'run', run: r })), end];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

/** `benchgate history --json` of 40 links, each +0.2% on a quiet machine: creep, no link's own verdict. */
function historyJson(dir: string, name: string): string {
  const records = Array.from({ length: 40 }, (_, i) =>
    historyRecord(i + 1, [benchmarkRecord({ benchmark: name, changePct: 0.2, interval: [0.15, 0.25] })]),
  );
  const file = path.join(dir, 'history.json');
  writeFileSync(file, renderHistoryJson(analyseHistory('main', records)));
  return file;
}

describe("the PR comment's line on main's creep", () => {
  it('says how much main crept, over how many commits, with its interval', async () => {
    const dir = tempDir();
    expect(await cli('analyze', logFile(dir), '--out', dir, '--history-from', historyJson(dir, 'BenchmarkParse'))).toBe(0);
    const comment = readFileSync(path.join(dir, 'comment.md'), 'utf8');
    expect(comment).toMatch(
      /^- 📈 main: \+8\.32% \[\+7\.98%, \+8\.66%\] over the last 40 commits \(`go: BenchmarkParse`; not this pull request's doing\)$/m,
    );
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { mainCreep: { links: number } };
    expect(results.mainCreep.links).toBe(40);
  });

  it('quotes a hostile name inert, and says nothing without creep or without the file', async () => {
    const dir = tempDir();
    await cli('analyze', logFile(dir), '--out', dir, '--history-from', historyJson(dir, '@all <img src=x> [x](https://evil.example)\n# h'));
    const line = readFileSync(path.join(dir, 'comment.md'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('- 📈 main:'))!;
    // One line, the name inside a code span (where markup and mentions are text), as the table quotes names.
    expect(line).toMatch(/\(`go: @all <img src=x> \[x\]\(https:\/\/evil\.example\) # h`; not this pull request's doing\)$/);
    const flat = path.join(dir, 'flat.json');
    writeFileSync(flat, renderHistoryJson(analyseHistory('main', [])));
    await cli('analyze', logFile(dir), '--out', dir, '--history-from', flat);
    expect(readFileSync(path.join(dir, 'comment.md'), 'utf8')).not.toContain('main:');
    await cli('analyze', logFile(dir), '--out', dir);
    expect(readFileSync(path.join(dir, 'comment.md'), 'utf8')).not.toContain('main:');
  });

  it('exits 2 on a file that is not history JSON', async () => {
    const dir = tempDir();
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"creep": [{"id": {}}]}');
    expect(await cli('analyze', logFile(dir), '--out', dir, '--history-from', bad)).toBe(2);
  });

  it("reaches the comment on the publish job's report-from path, decided again from the artifact's log", async () => {
    const dir = tempDir();
    logFile(dir);
    const history = historyJson(tempDir(), 'BenchmarkParse');
    // This run's own artifact (the log's head is b…b); no token: nothing is posted, comment.md is written.
    const env = { GITHUB_EVENT_NAME: 'push', GITHUB_SHA: 'b'.repeat(40) };
    const outcome = await publishSaved(dir, { trusted: [], historyFrom: history, env, comment: false, check: false });
    expect(outcome.exitCode).toBe(0);
    expect(readFileSync(path.join(dir, 'comment.md'), 'utf8')).toMatch(
      /^- 📈 main: \+8\.32% \[\+7\.98%, \+8\.66%\] over the last 40 commits /m,
    );
    expect(outcome.result.mainCreep?.links).toBe(40);
  });

  it("reaches the merge request's note on GitLab's publish job (report --from --history-from)", async () => {
    const dir = tempDir();
    logFile(dir);
    const history = historyJson(tempDir(), 'BenchmarkParse');
    // The pipeline's own measure job's artifact; no note token: comment.md is written, nothing posted.
    const env = { GITLAB_CI: 'true', CI_COMMIT_SHA: 'b'.repeat(40) };
    const platform = gitlabPlatform({ ...env }, quiet, quiet);
    const outcome = await publishSavedGitLab(dir, platform.publisher, [], env, history);
    expect(outcome.exitCode).toBe(0);
    expect(readFileSync(path.join(dir, 'comment.md'), 'utf8')).toMatch(
      /^- 📈 main: \+8\.32% \[\+7\.98%, \+8\.66%\] over the last 40 commits /m,
    );
  });
});
