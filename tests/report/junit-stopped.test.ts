/**
 * JUnit for a comparison that stopped before any run was logged (a failed build): one error
 * case naming the failure, so a CI that reads the file does not see zero tests and a pass.
 */
import { describe, expect, it } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { analyze } from '../../src/analysis/index.js';
import { renderJunit } from '../../src/report/junit.js';
import { TEST_SETTINGS, testHeader } from '../helpers/log-header.js';

describe('JUnit for a failed build', () => {
  const result = analyze({
    header: testHeader(),
    runs: [],
    end: {
      type: 'end',
      endedAt: '2026-01-01T00:01:00Z',
      status: 'failed',
      message: 'build failed on head: exited with code 2\n  | make: *** [all] Error 2 <&>',
    },
    settings: TEST_SETTINGS,
  });

  it('has one error test case naming the build failure', () => {
    const xml = renderJunit(result);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true }).parse(xml);
    expect(doc.testsuites).toMatchObject({ tests: '1', errors: '1', failures: '0' });
    expect(doc.testsuites.testsuite).toMatchObject({ name: 'benchmarks', tests: '1', errors: '1' });
    const testcase = doc.testsuites.testsuite.testcase;
    expect(testcase).toMatchObject({ classname: 'benchmarks', name: 'build failed on head' });
    expect(testcase.error).toMatchObject({ type: 'stopped', message: 'build failed on head: exited with code 2' });
  });
});
