/**
 * templates/gitlab/benchgate-quiet.yml: valid against GitLab's CI schema; it includes the
 * component with measure: instructions and inputs the component declares, installs valgrind in
 * the measure job, and keeps the deep run on time through the variable the component reads.
 */
import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { resolveConfig, sourced } from '../../../src/config.js';
import { ROOT } from '../../e2e/helpers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Job = { extends?: string; before_script?: string[]; variables?: Record<string, string> };
type Quiet = { include: { component: string; inputs: Record<string, string | number> }[] } & Record<string, Job>;

const quiet = parse(readFileSync(path.join(ROOT, 'templates', 'gitlab', 'benchgate-quiet.yml'), 'utf8')) as Quiet;
const COMPONENT = readFileSync(path.join(ROOT, 'templates', 'benchgate.yml'), 'utf8');
const SCHEMA = JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'gitlab', 'gitlab-ci.json'), 'utf8')) as object;

describe('the GitLab quiet template', () => {
  it("validates against GitLab's CI schema", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(SCHEMA);
    expect(validate(quiet) ? [] : validate.errors).toEqual([]);
  });

  it('includes the component with counts per benchmark, with inputs the component declares', () => {
    const { inputs } = quiet.include[0]!;
    const spec = (parseAllDocuments(COMPONENT)[0]!.toJS() as { spec: { inputs: Record<string, unknown> } }).spec.inputs;
    for (const key of Object.keys(inputs)) expect(Object.keys(spec)).toContain(key);
    expect(inputs).toMatchObject({ 'job-prefix': 'benchgate', measure: 'instructions', format: 'go' });
    // The settings are ones benchgate accepts, and they count each Go benchmark.
    const config = resolveConfig(
      [
        sourced(
          { bench: inputs.bench, format: inputs.format, measure: inputs.measure, threshold: String(inputs.threshold) },
          (k) => `input ${k}`,
        ),
      ],
      '.',
    );
    expect(config.countTarget).toMatchObject({ packages: ['./...'], pattern: '.' });
  });

  it('installs valgrind in the measure job only, and keeps the deep run on time', () => {
    expect(quiet.benchgate!.before_script!.join('\n')).toMatch(/apt-get install .*valgrind/);
    expect(quiet['benchgate-deep']!.variables).toEqual({ BENCHGATE_INPUT_MEASURE: 'time' });
    // That variable is the one the component's measure and deep jobs pass to benchgate.
    expect(COMPONENT).toContain('--measure "$BENCHGATE_INPUT_MEASURE"');
    expect(COMPONENT).toMatch(/^\$\[\[ inputs\.job-prefix \]\]-deep:$/m);
    expect(quiet['benchgate-publish']).toBeUndefined();
  });
});
