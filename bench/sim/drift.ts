/**
 * How the machine's speed changes over one benchmark job. A run's time is multiplied by
 * factor(t), t in [0, 1] being the run's slot in the job (first run 0, last run 1).
 */
export interface Drift {
  name: string;
  factor(t: number): number;
}

const DRIFT = 0.05;

export const NO_DRIFT: Drift = { name: 'none', factor: () => 1 };

export const LINEAR_DRIFT: Drift = {
  name: `linear +${DRIFT * 100}%`,
  factor: (t) => 1 + DRIFT * t,
};

export const STEP_DRIFT: Drift = {
  name: `step +${DRIFT * 100}% half way`,
  factor: (t) => (t >= 0.5 ? 1 + DRIFT : 1),
};

export const DRIFTS = { none: NO_DRIFT, linear: LINEAR_DRIFT, step: STEP_DRIFT };
export type DriftKey = keyof typeof DRIFTS;
