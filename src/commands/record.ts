/**
 * `benchgate record --store SPEC results.json`: appends the history records of one recording
 * run (the last recorded commit against the pushed one) to a store. It runs no benchmark
 * code: the recording job downloads the measuring job's results.json and runs only this.
 */
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { normaliseName } from '../harness/index.js';
import { openStore } from '../history/open-store.js';
import { recordsFromResult } from '../history/record.js';
import { readResults } from './report.js';
import type { Command } from './types.js';

export const cmdRecord: Command = async ({ values, positionals, platform }) => {
  if (positionals.length !== 1 || values.store === undefined) {
    throw new ConfigError('usage: benchgate record --store SPEC [--branch main] results.json');
  }
  const result = readResults(positionals[0]!);
  if (result.skipped) {
    // Recording runs are never skipped (skip-paths applies to pull requests); one that was has nothing to record.
    throw new ConfigError(`${positionals[0]}: a run skipped by skip-paths measured nothing: record a measured run (a push's)`);
  }
  // One identity across runner sizes: the harness description's normalisation (Go drops "-N").
  const records = recordsFromResult(result, {
    branch: values.branch ?? 'main',
    recordedAt: new Date(),
    normaliseName: (raw) => normaliseName(result.settings.format, raw),
  });
  const store = await openStore(values.store, process.cwd());
  try {
    for (const record of records) await store.append(record);
  } finally {
    await store.close();
  }
  platform.info(`recorded ${records.length} suite(s) of ${result.head.sha.slice(0, 12)} in ${store.name}`);
  return EXIT.pass;
};
