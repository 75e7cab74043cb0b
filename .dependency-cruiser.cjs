// The rules of docs/architecture.md ("Each folder's job", "The rules"), checked by `npm run lint`
// and by tests/architecture.test.ts (which also plants a file that breaks each rule).
//
// Layers, from the ground up. A module may import its own layer and the layers below it, never a
// layer above, and no imports form a cycle, between files (no-cycle below) or between rooms, the
// folders of src/ and its top-level files (scripts/room-cycles.ts: these rules see files). Type-only
// imports count like the others: a shape that crosses layers lives in the model (src/model/), so
// even the types stand on the ground.
const LAYERS = [
  {
    name: 'ground',
    paths: [
      'src/model\\.ts',
      'src/model/',
      'src/options\\.ts',
      'src/version\\.ts',
      'src/suggest\\.ts',
      'src/help\\.ts',
      'src/log-text\\.ts',
      'src/no-space\\.ts',
    ],
  },
  { name: 'parse-and-count', paths: ['src/counts/', 'src/stats/', 'src/formats/', 'src/harness/'] },
  { name: 'diagnose', paths: ['src/diagnostics/', 'src/adaptive/'] },
  { name: 'analyse', paths: ['src/analysis/'] },
  { name: 'render', paths: ['src/report/'] },
  {
    name: 'edges',
    paths: [
      'src/environment\\.ts',
      'src/config\\.ts',
      'src/runner/',
      'src/git\\.ts',
      'src/refs\\.ts',
      'src/run-owner\\.ts',
      'src/validate\\.ts',
      'src/history/',
      'src/counts-policy\\.ts',
      'src/exit\\.ts',
    ],
  },
  { name: 'publish', paths: ['src/platforms/', 'src/trust\\.ts'] },
  {
    name: 'pipeline',
    paths: [
      'src/measure\\.ts',
      'src/measure-counts\\.ts',
      'src/measure-attribution\\.ts',
      'src/measure-rounds\\.ts',
      'src/bench-from-head\\.ts',
      'src/conclude\\.ts',
      'src/bisect/',
    ],
  },
  { name: 'commands', paths: ['src/commands/'] },
  {
    name: 'doors',
    paths: ['src/cli\\.ts', 'src/main\\.ts', 'src/action\\.ts', 'src/action-entry\\.ts', 'src/action-inputs\\.ts'],
  },
];

const anchored = (paths) => paths.map((p) => `^${p}`);

// The folders that take data and return data: no file, process or network (eslint.config.js
// keeps process.env and argv out of them).
// report/index.ts (the registry that writes --out), report/write.ts and the build-time
// report/html/generate-client.ts are the renderers' edge: they write files, and import nothing above render.
const PURE = [
  'src/stats/',
  'src/analysis/',
  'src/diagnostics/',
  'src/adaptive/',
  'src/formats/',
  'src/harness/',
  'src/counts/',
  'src/report/',
];
const PURE_EDGE = ['src/report/index\\.ts$', 'src/report/write\\.ts$', 'src/report/html/generate-client\\.ts$'];
const IO_MODULES = [
  '^(node:)?(fs|fs/promises|child_process|net|http|https|http2|tls|dgram|dns|worker_threads|cluster)$',
  '^(pg|undici|node-fetch|axios)$',
  '^@actions/',
  '^@octokit/',
];

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} (docs/architecture.md) imports only its own layer and those below it`,
  severity: 'error',
  from: { path: anchored(layer.paths) },
  to: { path: anchored(LAYERS.slice(i + 1).flatMap((l) => l.paths)) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-cycle',
      comment: 'no cycles, type-only imports included: a shape two modules share lives in the model',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platforms-send-views',
      comment:
        'a platform sends the views the report registry rendered: of report/ it imports the registry (index.ts) and the view types (view.ts), never a renderer',
      severity: 'error',
      from: { path: '^src/platforms/' },
      to: { path: '^src/report/', pathNot: ['^src/report/(index|view)\\.ts$'] },
    },
    {
      name: 'pure-no-io',
      comment: 'the pure folders read no file, run no process and reach no network: that happens in runner/, platforms/, commands/',
      severity: 'error',
      from: { path: PURE.map((p) => `^${p}`), pathNot: PURE_EDGE.map((p) => `^${p}`) },
      to: { path: IO_MODULES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/report/html/client\\.generated\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
