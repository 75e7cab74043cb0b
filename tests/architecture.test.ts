// The architecture rules (.dependency-cruiser.cjs, run by `npm run lint` over src/) cannot pass
// by matching nothing: a tree planted with one break of each rule is reported, rule by rule, and
// every path the layers name still exists in src/; no code imports make a cycle between rooms
// (the folders of src/ and its top-level files: scripts/room-cycles.ts, since dependency-cruiser's
// rules see files); tests/ mirrors src/ (docs/architecture.md, "Where a test lives").
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { cruiseSrc, roomCycles } from '../scripts/room-cycles.js';

const root = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; from: { path?: string[]; pathNot?: string[] }; to: { path?: string[] } }[];
};

/** Cruises a planted tree (relative path -> source) with the project's rules. */
async function cruisePlanted(files: Record<string, string>): Promise<ICruiseResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'benchgate-layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', verbatimModuleSyntax: true } }),
    );
    const result = await cruise(['src'], {
      baseDir: dir,
      ruleSet: { forbidden: config.forbidden } as never,
      tsPreCompilationDeps: true,
      validate: true,
      outputType: 'json',
    });
    return (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const violationsIn = (output: ICruiseResult): string[] =>
  (output.summary.violations as IViolation[]).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

describe('the architecture rules', () => {
  it('report a planted break of each rule, and pass what the rules allow', async () => {
    const violations = violationsIn(
      await cruisePlanted({
        // Breaks: a pure folder reading a file and reaching the network; a layer importing one above it; a cycle.
        'src/stats/reads.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
        'src/formats/fetches.ts': "import http from 'node:http';\nexport const get = http.get;\n",
        'src/analysis/upward.ts': "import { render } from '../report/render.js';\nexport const r = render;\n",
        'src/runner/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'src/runner/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
        // Types count too: a type-only import upward, and a cycle of type-only imports.
        'src/stats/typed.ts': "import type { Shape } from '../runner/shape.js';\nexport const s: Shape | null = null;\n",
        'src/runner/shape.ts': 'export interface Shape { n: number }\n',
        'src/diagnostics/c.ts': "import type { D } from './d.js';\nexport interface C { d?: D }\n",
        'src/diagnostics/d.ts': "import type { C } from './c.js';\nexport interface D { c?: C }\n",
        // A platform rendering for itself instead of sending the registry's views.
        'src/platforms/renders.ts': "import { render } from '../report/render.js';\nexport const shown = render;\n",
        // Allowed: the writer at the renderers' edge; a downward import; a platform sending the registry's views.
        'src/platforms/sends.ts': "import { views } from '../report/index.js';\nexport const sent = views;\n",
        'src/report/index.ts': "import { render } from './render.js';\nexport const views = [render];\n",
        'src/report/render.ts': "import { median } from '../stats/median.js';\nexport const render = median;\n",
        'src/stats/median.ts': 'export const median = (xs: number[]) => xs[0];\n',
        'src/report/write.ts':
          "import { writeFileSync } from 'node:fs';\nimport { median } from '../stats/median.js';\nexport const w = [writeFileSync, median];\n",
      }),
    );
    expect(violations).toEqual([
      'layer-analyse: src/analysis/upward.ts -> src/report/render.ts',
      'layer-parse-and-count: src/stats/typed.ts -> src/runner/shape.ts',
      'no-cycle: src/diagnostics/c.ts -> src/diagnostics/d.ts',
      'no-cycle: src/runner/a.ts -> src/runner/b.ts',
      'platforms-send-views: src/platforms/renders.ts -> src/report/render.ts',
      'pure-no-io: src/formats/fetches.ts -> http',
      'pure-no-io: src/stats/reads.ts -> fs',
    ]);
  });

  it('find a cycle between rooms that no file-level cycle shows, type-only imports included', async () => {
    const output = await cruisePlanted({
      // git.ts -> runner/, runner/ -> git.ts through other files: no file imports itself back.
      'src/git.ts': "import { mark } from './runner/mark.js';\nexport const git = mark;\n",
      'src/runner/mark.ts': 'export const mark = 1;\n',
      'src/runner/files.ts': "import { git } from '../git.js';\nexport const files = git;\n",
      // report/ names a runner/ type while runner/ imports report/: a type is an arrow too (and one up the layers).
      'src/report/write.ts': "import type { Files } from '../runner/types.js';\nexport const f: Files | null = null;\n",
      'src/runner/types.ts': 'export interface Files { n: number }\n',
      'src/runner/uses-report.ts': "import { f } from '../report/write.js';\nexport const u = f;\n",
    });
    expect(violationsIn(output)).toEqual(['layer-render: src/report/write.ts -> src/runner/types.ts']);
    // One circle of three rooms: both cycles pass through runner/.
    expect(roomCycles(output)).toEqual([
      [
        'git.ts, report/, runner/',
        'git.ts -> runner/ (src/git.ts -> src/runner/mark.ts)',
        'report/ -> runner/ (src/report/write.ts -> src/runner/types.ts)',
        'runner/ -> git.ts (src/runner/files.ts -> src/git.ts)',
        'runner/ -> report/ (src/runner/uses-report.ts -> src/report/write.ts)',
      ],
    ]);
  });

  it('hold no cycle between the rooms of src/ (its folders and top-level files)', async () => {
    expect(roomCycles(await cruiseSrc(root))).toEqual([]);
  });

  it('place every file of src/ in a layer, and name only paths that exist there', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(relative);
        else files.push(relative);
      }
    };
    walk('src');
    const patterns = config.forbidden.flatMap((rule) => [rule.from.path, rule.from.pathNot, rule.to.path].flat());
    const srcPatterns = patterns.filter((p): p is string => typeof p === 'string' && p.startsWith('^src/'));
    expect(srcPatterns.length).toBeGreaterThan(20);
    expect(srcPatterns.filter((p) => !files.some((f) => new RegExp(p).test(f)))).toEqual([]);
    // A file in no layer would be bound by no direction rule: the ground's rule names every layer above it.
    const layered = config.forbidden
      .filter((rule) => rule.name.startsWith('layer-'))
      .flatMap((rule) => [rule.from.path ?? [], rule.to.path ?? []].flat());
    expect(files.filter((f) => /\.[cm]?[jt]s$/.test(f) && !layered.some((p) => new RegExp(p).test(f)))).toEqual([]);
  });

  it('keep tests/ a mirror of src/: each folder and file there is named after a folder or module of src/', () => {
    const src = readdirSync(path.join(root, 'src'), { withFileTypes: true });
    const mirrored = new Set(src.map((e) => (e.isDirectory() ? e.name : e.name.replace(/\.ts$/, ''))));
    // What tests no one module (the table in docs/architecture.md).
    const ownFolders = new Set(['e2e', 'timed', 'bench', 'release', 'helpers', 'fixtures']);
    const ownFiles = new Set(['builders.ts', 'architecture.test.ts']);
    const misplaced = readdirSync(path.join(root, 'tests'), { withFileTypes: true })
      .filter((e) =>
        e.isDirectory()
          ? !mirrored.has(e.name) && !ownFolders.has(e.name)
          : !ownFiles.has(e.name) && !mirrored.has(e.name.replace(/\.test\.ts$/, '')),
      )
      .map((e) => e.name);
    expect(misplaced).toEqual([]);
  });
});

describe('the guide (docs/architecture.md, "How to add …")', () => {
  const doc = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  const start = doc.indexOf('\n## How to add …\n');
  const guide = doc.slice(start, doc.indexOf('\n## ', start + 1));
  /** A path with a placeholder (NAME, FILE, EXT) names a file still to be written. */
  const placeholder = /\b[A-Z]{3,}\b/;

  it('names only paths that exist', () => {
    const paths = [...new Set(guide.match(/\b(?:src|tests|docs|templates|scripts)\/[\w./-]*[\w/]/g) ?? [])].filter(
      (p) => !placeholder.test(p),
    );
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });

  it('names each function, list or type in the file it says holds it', () => {
    const named = [...guide.matchAll(/`(\w+)`,?\s+(?:in\s+|\()?`((?:src|scripts)\/[\w./-]+\.ts)`/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter(([name, file]) => !new RegExp(`\\b${name}\\b`).test(readFileSync(path.join(root, file), 'utf8')));
    expect(missing).toEqual([]);
  });
});
