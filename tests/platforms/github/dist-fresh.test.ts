/**
 * dist/ is what the runner executes (action.yml main) and what `benchgate` runs: it must be
 * the bundle of the committed sources. Jest's global setup bundles the sources with dist/'s
 * options (tests/helpers/cli-bundle.mjs); compare that byte for byte; after changing src/, run
 * `npm run bundle` and commit dist/.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, ROOT } from '../../e2e/helpers.js';

describe('dist/', () => {
  it('is exactly what npm run bundle builds from the current sources', () => {
    const fresh = path.dirname(CLI);
    const committed = path.join(ROOT, 'dist');
    expect(readdirSync(committed).sort()).toEqual(readdirSync(fresh).sort());
    const stale = readdirSync(fresh).filter((f) => !readFileSync(path.join(fresh, f)).equals(readFileSync(path.join(committed, f))));
    expect({ stale, fix: 'npm run bundle, then commit dist/' }).toEqual({ stale: [], fix: 'npm run bundle, then commit dist/' });
  });
});
