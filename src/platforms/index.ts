/** Picks the platform adapter from the environment the process runs in. */
import { LocalPlatform } from './local.js';
import type { Platform } from './types.js';

export function detectPlatform(_env: NodeJS.ProcessEnv = process.env): Platform {
  return new LocalPlatform();
}
