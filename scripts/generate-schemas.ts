/**
 * Writes the JSON Schemas of results.json and of the lines of results.jsonl from the types in
 * src/model.ts, with the limits the types cannot say (string lengths, array sizes, the shape
 * of a SHA) added here. src/validate.ts checks every file benchgate reads against them, and
 * tests/validate/schema.test.ts fails when they drift from the types.
 * Usage: npm run schemas (after any change to src/model.ts)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator, type Schema } from 'ts-json-schema-generator';
import { MAX_NAME_CHARS } from '../src/model.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_URL = 'https://github.com/benchgate/benchgate/schema/';

export const SCHEMAS = [
  {
    file: 'results.schema.json',
    type: 'ComparisonResult',
    title: 'benchgate results.json',
    description:
      'The whole analysis of one comparison, as `benchgate run`, `analyze` and the Action write it; `benchgate report --from` reads it.',
  },
  {
    file: 'results-log.schema.json',
    type: 'LogLine',
    title: 'benchgate results.jsonl line',
    description: 'One line of the results log: a header, then one line per run, then an end line (absent when the job was killed).',
  },
] as const;

export const SCHEMA_DIR = path.join(ROOT, 'schema');

/** Free text: a failure's reason or the tail of a command's output can be long. */
const TEXT_KEYS = new Set(['error', 'message', 'failed']);
const TEXT_MAX = 1024 * 1024;
/** Every other string: names, units, metrics, suites, refs, codes, timestamps. */
const STRING_MAX = MAX_NAME_CHARS;
/** Samples of one benchmark in one run (pooled iterations can be many). */
const NUMBERS_MAX = 10_000_000;
/** Any other list: comparisons, measurements, warnings, failed runs. */
const LIST_MAX = 1_000_000;
/** A full git object name: SHA-1, or SHA-256 in a repository that uses it. */
const SHA_PATTERN = '^[0-9a-f]{40}([0-9a-f]{24})?$';
/** Numbers a computation can leave infinite: JSON has no Infinity, JSON.stringify writes null. */
const MAYBE_INFINITE = new Set(['cv']);

type Node = Schema & Record<string, unknown>;

/** Adds the limits to every string and array under `node`; `key` is the property it belongs to. */
function limit(node: Node, key: string): void {
  if (node.type === 'string' && node.enum === undefined && node.const === undefined) {
    if (key === 'sha') node.pattern = SHA_PATTERN;
    node.maxLength = TEXT_KEYS.has(key) ? TEXT_MAX : STRING_MAX;
  }
  if (node.type === 'number' && MAYBE_INFINITE.has(key)) node.type = ['number', 'null'];
  if (node.type === 'array') {
    const items = node.items as Node | Node[] | undefined;
    // A tuple (a profile's function row) has exactly its items; ajv's strict mode asks for both bounds.
    node.maxItems = Array.isArray(items) ? items.length : items?.type === 'number' ? NUMBERS_MAX : LIST_MAX;
  }
  for (const [k, child] of Object.entries(node.properties ?? {})) limit(child as Node, k);
  for (const child of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) limit(child as Node, key);
  if (node.items && !Array.isArray(node.items)) limit(node.items as Node, key);
  if (Array.isArray(node.items)) for (const child of node.items) limit(child as Node, key);
  for (const child of Object.values(node.definitions ?? {})) limit(child as Node, key);
}

/** The schemas as they should be on disk, by file name. */
export function generateSchemas(): Record<string, string> {
  const generator = createGenerator({
    path: path.join(ROOT, 'src', 'model.ts'),
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    // Fields a newer benchgate adds are let through (and ignored): the fork relay reads artifacts
    // written by the pull request's benchgate, which may be a newer one; the size cap bounds them.
    additionalProperties: true,
    skipTypeCheck: true,
  });
  const out: Record<string, string> = {};
  for (const s of SCHEMAS) {
    const generated = generator.createSchema(s.type) as Node;
    limit(generated, '');
    const schema = {
      $schema: generated.$schema,
      $id: `${BASE_URL}${s.file}`,
      title: s.title,
      description: s.description,
      $ref: generated.$ref,
      definitions: generated.definitions,
    };
    out[s.file] = JSON.stringify(schema, null, 2) + '\n';
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(generateSchemas())) writeFileSync(path.join(SCHEMA_DIR, file), text);
}
