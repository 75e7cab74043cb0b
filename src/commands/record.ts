/**
 * `benchgate record --store SPEC results.json`: appends the history records of one recording
 * run (the last recorded commit against the pushed one) to a store. It runs no benchmark
 * code: the recording job downloads the measuring job's results.json and runs only this.
 */
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { commitSummary } from '../git.js';
import { normaliseName } from '../harness/index.js';
import { openStore } from '../history/open-store.js';
import { chronological, recordsFromResult, type HistoryRecord } from '../history/record.js';
import type { HistoryStore } from '../history/store.js';
import type { Logger } from '../platforms/types.js';
import { readResults } from './report.js';
import type { Command } from './types.js';

/** Appends `record` when it continues its branch's chain; false when it is skipped. */
async function appendRecord(store: HistoryStore, record: HistoryRecord, logger: Logger): Promise<boolean> {
  // A link must continue the chain: when another recording landed since this one read its
  // base (two pipelines at once), appending would fork it. Skipped, the next push closes the
  // link. A job run again finds its own head already recorded.
  const latest = chronological(await store.read({ branch: record.branch, suite: record.suite })).at(-1);
  if (latest?.head === record.head) {
    logger.info(`suite ${JSON.stringify(record.suite)} of ${record.head.slice(0, 12)} is already the latest record`);
    return false;
  }
  if (latest !== undefined && latest.head !== record.base) {
    logger.warn(
      `not recorded: suite ${JSON.stringify(record.suite)} of ${record.head.slice(0, 12)} was measured against ${record.base.slice(0, 12)}, ` +
        `but the latest record of branch ${record.branch} is ${latest.head.slice(0, 12)} (another recording landed first); ` +
        'the next push is compared with that one',
    );
    return false;
  }
  await store.append(record);
  return true;
}

export const cmdRecord: Command = async ({ values, positionals, platform: { logger } }) => {
  if (positionals.length !== 1 || values.store === undefined) {
    throw new ConfigError('usage: benchgate record --store SPEC [--branch main] results.json');
  }
  const result = readResults(positionals[0]!);
  if (result.skipped) {
    // Recording runs are never skipped (skip-paths applies to pull requests); one that was has nothing to record.
    throw new ConfigError(`${positionals[0]}: a run skipped by skip-paths measured nothing: record a measured run (a push's)`);
  }
  // The subject the trend site shows on hover: from a clone of the commit where this runs, if any.
  const commit = await commitSummary(process.cwd(), result.head.sha);
  if (commit === null) logger.info(`no clone of ${result.head.sha.slice(0, 12)} here: recorded without its subject`);
  // One identity across runner sizes: the harness description's normalisation (Go drops "-N").
  const records = recordsFromResult(result, {
    branch: values.branch ?? 'main',
    recordedAt: new Date(),
    normaliseName: (raw) => normaliseName(result.settings.format, raw),
    commit,
  });
  const store = await openStore(values.store, process.cwd());
  let recorded = 0;
  try {
    for (const record of records) if (await appendRecord(store, record, logger)) recorded++;
  } finally {
    await store.close();
  }
  logger.info(`recorded ${recorded} of ${records.length} suite(s) of ${result.head.sha.slice(0, 12)} in ${store.name}`);
  return EXIT.pass;
};
