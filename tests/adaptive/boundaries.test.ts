import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { boundaries, nominalP, spent, type SpendingName } from '../../src/adaptive/boundaries.js';
import { expectAbsolute } from '../stats/reference.js';

interface Case {
  alpha: number;
  spending: SpendingName;
  fractions: number[];
  z: number[];
}

const reference = JSON.parse(readFileSync(new URL('./reference/group_sequential.json', import.meta.url), 'utf8')) as { cases: Case[] };

describe('group-sequential boundaries', () => {
  // Jennison and Turnbull (2000), table 2.x / R ldbounds and gsDesign: Lan-DeMets spending, two-sided
  // 0.05, five equally spaced looks.
  it("match the published O'Brien-Fleming-type and Pocock-type boundaries", () => {
    const t = [0.2, 0.4, 0.6, 0.8, 1];
    [4.8769, 3.3569, 2.6803, 2.2898, 2.031].forEach((z, i) => expectAbsolute(boundaries(0.05, 'obrien-fleming', t)[i]!, z, 2e-4));
    [2.438, 2.4268, 2.4102, 2.3966, 2.386].forEach((z, i) => expectAbsolute(boundaries(0.05, 'pocock', t)[i]!, z, 2e-4));
  });

  it.each(reference.cases.map((c, i) => [i, c] as const))('match scipy multivariate-normal rectangles, case %i', (_, c) => {
    const z = boundaries(c.alpha, c.spending, c.fractions);
    c.z.forEach((expected, i) => expectAbsolute(z[i]!, expected, 2e-4));
  });

  it('with one look at the end are the fixed-sample two-sided boundary', () => {
    expectAbsolute(boundaries(0.01, 'obrien-fleming', [1])[0]!, 2.5758293, 1e-6);
    expectAbsolute(nominalP(boundaries(0.001, 'pocock', [1])[0]!), 0.001, 1e-9);
  });

  it('spend alpha exactly by the end, nothing at the start, and more as information grows', () => {
    for (const s of ['obrien-fleming', 'pocock'] as const) {
      expect(spent(s, 0.01, 0)).toBe(0);
      expectAbsolute(spent(s, 0.01, 1), 0.01, 1e-15);
      expect(spent(s, 0.01, 0.3)).toBeLessThan(spent(s, 0.01, 0.6));
    }
    expect(spent('obrien-fleming', 0.01, 0.3)).toBeLessThan(spent('pocock', 0.01, 0.3));
  });

  it('reject bad input', () => {
    expect(() => boundaries(0, 'pocock', [1])).toThrow(/alpha/);
    expect(() => boundaries(0.05, 'pocock', [0.5, 0.5])).toThrow(/increase/);
    expect(() => boundaries(0.05, 'pocock', [1.2])).toThrow(/increase/);
  });
});
