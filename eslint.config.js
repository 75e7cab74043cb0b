// Lint rules: ESLint's and typescript-eslint's recommended sets over the code, tests, benchmarks
// and scripts, and the type-checked set over src/ (it reads the types: about 30 s more lint time).
// Layout is prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'test-artifacts/',
      'tests/fixtures/',
      'examples/',
      'src/report/html/client.generated.ts',
      'src/history/site/assets.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-checked rules for the shipped code: they see what a value's type says, not only its syntax.
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The pure folders (docs/architecture.md, .dependency-cruiser.cjs) read no input: inputs become one Config at the edge.
    files: ['src/{stats,analysis,diagnostics,adaptive,formats,harness,counts,report}/**/*.ts'],
    ignores: ['src/report/html/generate-client.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['env', 'argv', 'cwd', 'stdout', 'stderr', 'stdin', 'exit'].map((property) => ({
          object: 'process',
          property,
          message: 'a pure folder reads no input and prints nothing: take it from Config or return it (docs/architecture.md)',
        })),
      ],
    },
  },
  { files: ['src/report/html/client.js', 'src/history/site/client.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    // Escaping and sanitising code matches control characters on purpose.
    files: [
      'src/report/escape.ts',
      'src/log-text.ts',
      'src/report/junit.ts',
      'src/report/metrics.ts',
      'src/git.ts',
      'src/runner/error-line.ts',
      'scripts/screenshot-terminal.ts',
      'tests/**/*.ts',
    ],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Published coefficients (normal.ts) and harness output copied verbatim (tests) keep their digits.
    files: ['src/stats/normal.ts', 'tests/**/*.ts'],
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    // Tests spoil typed values on purpose to check what the readers say about them.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
