import { describe, expect, it } from '@jest/globals';
import os from 'node:os';
import { steadinessSummary } from '../../src/report/steadiness.js';
import type { SteadyCheck } from '../../src/model.js';
import { parseCpuList, planSteadiness, type Probe } from '../../src/runner/steady.js';

const ALL = { noAslr: true, noFsync: true, priority: true };

/** A probe that answers as a machine where each program is missing, refused, or works. */
function fakeProbe(answers: Record<string, string | Error>): Probe {
  return (argv) => answers[argv[0]!] ?? new Error(`${argv[0]} is not installed`);
}

describe('planSteadiness', () => {
  it('skips each option that cannot apply, saying why', () => {
    const plan = planSteadiness(
      ALL,
      {},
      fakeProbe({ setarch: '00000000\n', nice: `${os.getPriority()}\n` }), // personality refused, niceness unchanged; no eatmydata
      'linux',
    );
    expect(plan.prefix).toEqual([]);
    expect(plan.checks).toEqual([
      { option: 'no-aslr', applied: false, detail: 'had no effect here (00000000)' },
      { option: 'no-fsync', applied: false, detail: 'eatmydata is not installed (apt-get install eatmydata)' },
      { option: 'priority', applied: false, detail: 'not permitted here (needs root or CAP_SYS_NICE)' },
    ]);
  });

  it('chains the options that work into one prefix', () => {
    const plan = planSteadiness(
      ALL,
      {},
      fakeProbe({ setarch: '0040000\n', eatmydata: 'libeatmydata.so', nice: `${Math.max(-20, os.getPriority() - 5)}\n` }),
      'linux',
    );
    expect(plan.prefix).toEqual(['setarch', os.machine(), '-R', 'eatmydata', 'nice', '-n', '-5']);
    expect(plan.checks.every((c) => c.applied)).toBe(true);
  });

  it('is Linux only', () => {
    const plan = planSteadiness({ ...ALL, pinCpu: 0 }, {}, () => new Error('not called'), 'darwin');
    expect(plan.checks.map((c) => [c.option, c.applied, c.detail])).toEqual([
      ['pin-cpu', false, 'Linux only'],
      ['no-aslr', false, 'Linux only'],
      ['no-fsync', false, 'Linux only'],
      ['priority', false, 'Linux only'],
    ]);
  });

  (process.platform === 'linux' ? it : it.skip)('keeps a GOMAXPROCS the user set when pinning', () => {
    const probe: Probe = (argv) => `Cpus_allowed_list:\t${argv[2]}\n`;
    expect(planSteadiness({ pinCpu: 'auto', noAslr: false, noFsync: false, priority: false }, {}, probe).env).toEqual({
      GOMAXPROCS: String(os.availableParallelism()),
    });
    expect(planSteadiness({ pinCpu: 'auto', noAslr: false, noFsync: false, priority: false }, { GOMAXPROCS: '7' }, probe).env).toEqual({});
  });
});

describe('parseCpuList', () => {
  it('reads the kernel list format', () => {
    expect(parseCpuList('0-3,6,8-9\n')).toEqual([0, 1, 2, 3, 6, 8, 9]);
    expect(parseCpuList('1')).toEqual([1]);
  });
});

describe('steadinessSummary', () => {
  it('says what was in force and what was skipped', () => {
    const steady = [
      { option: 'pin-cpu', applied: true, detail: 'CPU 1 of 0,1', cpu: 1 },
      { option: 'no-aslr', applied: true, detail: '' },
      { option: 'priority', applied: false, detail: 'not permitted' },
    ] as SteadyCheck[];
    expect(steadinessSummary({ steady })).toBe('pinned to CPU 1, ASLR off; skipped: priority');
    expect(steadinessSummary({})).toBeNull();
  });

  it('lets nothing from an untrusted results.json through but known words', () => {
    const steady = [
      { option: 'pin-cpu', applied: true, detail: '![x](https://evil)', cpu: '1 ![x](https://evil)' },
      { option: '<img src=x>', applied: true, detail: '' },
      'junk',
      null,
    ] as unknown as SteadyCheck[];
    expect(steadinessSummary({ steady })).toBe('pinned to one CPU');
  });
});
