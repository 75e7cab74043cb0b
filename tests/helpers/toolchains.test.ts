/** The toolchain guard: a missing tool skips a test on a laptop, and never in CI. */
import { describe, expect, it } from '@jest/globals';
import { hasTool, itWhen } from './toolchains.js';

const inCi = Boolean(process.env.BENCHGATE_REQUIRE_TOOLCHAINS);

describe('hasTool and itWhen', () => {
  it('finds a command that runs and exits 0, and no other', () => {
    expect(hasTool('node', '--version')).toBe(true);
    expect(hasTool('node', '-e', 'process.exit(3)')).toBe(false);
    expect(hasTool('benchgate-no-such-tool')).toBe(false);
  });

  it('runs a test whose tools are here; skips one whose tools are missing, except where CI requires them', () => {
    expect(itWhen(() => true)).toBe(it);
    expect(itWhen(() => false)).toBe(inCi ? it : it.skip);
  });

  it('does not probe for the tools where CI requires them', () => {
    let probed = false;
    itWhen(() => (probed = true));
    expect(probed).toBe(!inCi);
  });
});
