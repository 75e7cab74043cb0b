/** `benchgate history --store SPEC [--json]`: change points and slow creep on a branch's records. */
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { analyseHistory } from '../history/analyse.js';
import { CREEP_DEFAULTS } from '../history/creep.js';
import { OTAVA_DEFAULTS } from '../history/e-divisive.js';
import { openStore } from '../history/open-store.js';
import { renderHistoryJson, renderHistoryText } from '../history/render.js';
import type { Command } from './types.js';

export const cmdHistory: Command = async ({ values, positionals, platform }) => {
  if (positionals.length !== 0 || values.store === undefined)
    throw new ConfigError('usage: benchgate history --store SPEC [--branch main] [--json]');
  const links = values['creep-links'] === undefined ? CREEP_DEFAULTS.links : Number(values['creep-links']);
  if (!Number.isInteger(links) || links < 2)
    throw new ConfigError(`--creep-links: expected a whole number >= 2, got "${values['creep-links']}"`);
  const branch = values.branch ?? 'main';
  const store = await openStore(values.store, process.cwd());
  let records;
  try {
    records = await store.read({ branch });
  } finally {
    await store.close();
  }
  if (records.length === 0) platform.warn(`no records of branch ${branch} in ${store.name}: nothing to look at (is --store right?)`);
  const report = analyseHistory(branch, records, OTAVA_DEFAULTS, { ...CREEP_DEFAULTS, links });
  process.stdout.write(values.json === 'true' ? renderHistoryJson(report) : renderHistoryText(report));
  return EXIT.pass;
};
