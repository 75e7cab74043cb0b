/** The job summary and PR comment link the workflow run (its job summary) and its artifacts (issue 16). */
import { describe, expect, it } from '@jest/globals';
import { runLinks } from '../../../src/platforms/github-options.js';
import { renderMarkdown } from '../../../src/report/markdown.js';
import { compared, result } from '../../builders.js';

const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/repo', GITHUB_RUN_ID: '123' };

describe('runLinks', () => {
  it('links the run and its artifacts section', () => {
    expect(runLinks(env)).toEqual([
      { text: 'job summary', url: 'https://github.com/octo/repo/actions/runs/123' },
      { text: 'results.json and report.html (artifacts)', url: 'https://github.com/octo/repo/actions/runs/123#artifacts' },
    ]);
  });

  it('links the measuring run from a workflow_run relay', () => {
    const event = { name: 'workflow_run', payload: { workflow_run: { id: 99 } } };
    expect(runLinks(env, event).map((l) => l.url)).toEqual([
      'https://github.com/octo/repo/actions/runs/99',
      'https://github.com/octo/repo/actions/runs/99#artifacts',
    ]);
    expect(runLinks(env, { name: 'workflow_run', payload: { workflow_run: { id: '1/../x' } } })).toEqual([]);
  });

  it('links nothing outside Actions or with odd variables', () => {
    expect(runLinks({})).toEqual([]);
    expect(runLinks({ ...env, GITHUB_RUN_ID: '1) [x](https://evil' })).toEqual([]);
    expect(runLinks({ ...env, GITHUB_SERVER_URL: 'javascript:alert(1)//' })).toEqual([]);
  });

  it('shows the links after the tables and warnings as a list', () => {
    const r = result([compared('a', 'unchanged', 0)], {
      warnings: [
        { code: 'high-load', message: 'load is high' },
        { code: 'high-load', message: 'second (warning)' },
      ],
    });
    const md = renderMarkdown(r, { links: runLinks({ ...env, GITHUB_SERVER_URL: 'https://ghe.example/(x)' }) });
    expect(md).toContain(
      '[job summary](https://ghe.example/%28x%29/octo/repo/actions/runs/123) · [results\\.json and report\\.html \\(artifacts\\)](https://ghe.example/%28x%29/octo/repo/actions/runs/123#artifacts)',
    );
    expect(md).toMatch(/^- ⚠️ load is high\n- ⚠️ second \\\(warning\\\)\n/m);
    expect(md).not.toMatch(/^>/m);
  });
});
