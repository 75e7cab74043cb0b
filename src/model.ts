/**
 * The plain data that flows between benchgate's stages (docs/architecture.md, "The data model"):
 * the whole contract of the results log and results.json, one file per concern in src/model/.
 * Nothing here does I/O and nothing here imports from outside src/model/: every stage stands on
 * these shapes, and the modules that compute a shape (a diagnostic's numbers, the machine's facts)
 * import it from here.
 */
export * from './model/measurement.js';
export * from './model/environment.js';
export * from './model/settings.js';
export * from './model/warnings.js';
export * from './model/log.js';
export * from './model/profile.js';
export * from './model/diagnostics.js';
export * from './model/comparison.js';
export * from './model/result.js';
