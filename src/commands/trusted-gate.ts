/**
 * The publish job's verdict (docs/architecture.md decision 5): the measuring job ran the pull
 * request's code, so its artifact is untrusted. The gate is decided again here from the
 * artifact's results log, with the settings of this job's trusted config (the base's
 * `.benchgate.yml` and the workflow's inputs): a verdict, counts or gate setting the artifact
 * claims is never taken. What describes the data (bench, format, suite, rounds run) comes from
 * the log, since it says how the numbers were made.
 */
import { resolveConfig, type RawConfig } from '../config.js';
import { ConfigError } from '../config.js';
import type { RunSettings } from '../model.js';

/** The log's settings with every gate setting replaced by the trusted config's value (or its default). */
export function trustedSettings(logged: RunSettings, trusted: readonly RawConfig[], where: string): RunSettings {
  // What was measured comes from the log; a trusted layer may not say another command ran.
  const measured: RawConfig = {
    bench: { value: logged.bench, where },
    format: { value: logged.format, where },
    ...(logged.measure && { measure: { value: logged.measure, where } }),
  };
  const gate = trusted.map((layer) => {
    const { bench: _b, 'bench-command': _c, format: _f, measure: _m, ...rest } = layer;
    return rest;
  });
  const config = resolveConfig([measured, ...gate], '.');
  if (Boolean(config.adaptive) !== Boolean(logged.adaptive)) {
    throw new ConfigError(
      `${where}: measured with rounds: ${logged.adaptive ? 'auto' : String(logged.rounds)}, but the trusted config says rounds: ${config.adaptive ? 'auto' : String(config.rounds)}; give the publish job the same rounds as the measuring job`,
    );
  }
  return {
    ...logged,
    alpha: config.alpha,
    thresholdPct: config.thresholdPct,
    correction: config.correction,
    sampling: config.sampling,
    failOn: config.failOn,
    gateMetrics: config.gateMetrics,
    gateProcess: config.gateProcess,
    ignore: config.ignore,
    thresholds: config.thresholds,
    // The looks are replayed at the trusted design, on the rounds the run chose.
    ...(logged.adaptive && config.adaptive && { adaptive: config.adaptive }),
  };
}
