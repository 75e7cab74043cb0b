/**
 * `benchgate history --store SPEC [--json]`: change points and slow creep on a branch's records.
 * `benchgate history last --store SPEC`: the head of the branch's latest record, the base of the
 * next recording run (docs/history.md): a push is compared with what was last recorded, not
 * with the event's `before`, so a run that failed or never ran leaves no gap in the chain.
 */
import { ConfigError } from '../config.js';
import { EXIT } from '../exit.js';
import { analyseHistory } from '../history/analyse.js';
import { CREEP_DEFAULTS } from '../history/creep.js';
import { CHANGE_POINT_DEFAULTS } from '../history/e-divisive.js';
import { openStore } from '../history/open-store.js';
import { chronological, type HistoryRecord } from '../history/record.js';
import { renderHistoryJson, renderHistoryText } from '../history/render.js';
import type { RecordQuery } from '../history/store.js';
import type { Command } from './types.js';
import { siteData } from '../history/site/data.js';
import { writeSite } from '../history/site/write.js';
import path from 'node:path';

/** Where the site links a commit: the CI's own repository page (trusted variables of the recording job). */
function commitUrl(env: NodeJS.ProcessEnv): string | null {
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY) return `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/commit/`;
  if (env.CI_PROJECT_URL) return `${env.CI_PROJECT_URL}/-/commit/`;
  return null;
}

const USAGE =
  'usage: benchgate history --store SPEC [--branch main] [--json] [--out SITE_DIR [--window N]], or benchgate history last --store SPEC [--branch main] [--suite NAME]';

async function readRecords(spec: string, query: RecordQuery): Promise<{ store: string; records: HistoryRecord[] }> {
  const store = await openStore(spec, process.cwd());
  try {
    return { store: store.name, records: await store.read(query) };
  } finally {
    await store.close();
  }
}

export const cmdHistory: Command = async ({ values, positionals, platform: { logger }, output, env }) => {
  const last = positionals[0] === 'last';
  if (positionals.length > 1 || (positionals.length === 1 && !last) || values.store === undefined) throw new ConfigError(USAGE);
  const branch = values.branch ?? 'main';
  if (last) {
    const { store, records } = await readRecords(values.store, { branch, ...(values.suite !== undefined && { suite: values.suite }) });
    const latest = chronological(records).at(-1);
    // Nothing printed: the caller has no recorded base and chooses its own (the templates: the push's parent).
    if (latest === undefined) logger.warn(`no records of branch ${branch} in ${store}: no last recorded commit`);
    else if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(latest.head))
      // It becomes the next run's --base: only a full SHA, never something git would read as an option.
      throw new ConfigError(
        `the latest record of branch ${branch} in ${store} has head "${latest.head.slice(0, 80)}", not a full commit SHA`,
      );
    else output.out(`${latest.head}\n`);
    return EXIT.pass;
  }
  if (values.suite !== undefined) throw new ConfigError('--suite is for `benchgate history last`; the report covers every suite');
  const links = values['creep-links'] === undefined ? CREEP_DEFAULTS.links : Number(values['creep-links']);
  if (!Number.isInteger(links) || links < 2)
    throw new ConfigError(`--creep-links: expected a whole number >= 2, got "${values['creep-links']}"`);
  const window = values.window === undefined ? undefined : Number(values.window);
  if (window !== undefined && !(Number.isInteger(window) && window >= 1))
    throw new ConfigError(`--window: expected a whole number >= 1, got "${values.window}"`);
  const { store, records } = await readRecords(values.store, { branch });
  if (records.length === 0) logger.warn(`no records of branch ${branch} in ${store}: nothing to look at (is --store right?)`);
  const report = analyseHistory(branch, records, CHANGE_POINT_DEFAULTS, { ...CREEP_DEFAULTS, links });
  if (values.out !== undefined) {
    const dir = path.resolve(values.out);
    writeSite(dir, siteData(chronological(records), report, commitUrl(env), window));
    logger.info(`trend site written to ${dir}/index.html`);
  }
  output.out(values.json === 'true' ? renderHistoryJson(report) : renderHistoryText(report));
  return EXIT.pass;
};
