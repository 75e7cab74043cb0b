/** The CI/CD variables benchgate reads on GitLab beside GitLab's own, and the one check of a merge request IID. */
import { ConfigError } from '../config.js';

export const TOKEN_VARIABLE = 'BENCHGATE_GITLAB_TOKEN';
/** The merge request a manual pipeline measures and publishes to (docs/gitlab.md, "A manual pipeline for a merge request"). */
export const MERGE_REQUEST_VARIABLE = 'BENCHGATE_MERGE_REQUEST';
/** The note a publish job writes (its marker), when not its own job name: the manual pipeline's deep run writes the MR's deep-run note. */
export const NOTE_VARIABLE = 'BENCHGATE_NOTE';
/** Pipelines someone started by hand, through the API or with a trigger token: never a merge request's own. */
export const MANUAL_SOURCES = ['web', 'api', 'trigger'];
const IID = /^[1-9]\d{0,9}$/;

/** A merge request's IID as a variable or flag gives it: a positive whole number and nothing else. */
export function checkMergeRequestIid(value: string, where: string): string {
  if (!IID.test(value))
    throw new ConfigError(`${where}: expected a merge request IID (a positive whole number), got ${JSON.stringify(value.slice(0, 40))}`);
  return value;
}
