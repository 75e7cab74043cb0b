/** The harness call of one counted run, from a description's count settings (argv words or environment variables). */
import type { CountSetting } from './types.js';

export interface CountCall {
  /** Appended to the harness's command, in the settings' order. */
  args: string[];
  /** Added to the run's environment; a later setting's variable wins. */
  env: Record<string, string>;
}

export function countCall(...settings: readonly CountSetting[]): CountCall {
  const call: CountCall = { args: [], env: {} };
  for (const setting of settings) {
    if (Array.isArray(setting)) call.args.push(...setting);
    else Object.assign(call.env, setting.env);
  }
  return call;
}
