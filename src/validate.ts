/**
 * Checks what benchgate reads back from disk (results.json, each line of results.jsonl) against
 * its JSON Schema (schema/, generated from model.ts by scripts/generate-schemas.ts), so that a
 * malformed, truncated or hostile file stops with an error naming the file, the line and the
 * field, before any code relies on its shape. A results.json may come from another job's
 * artifact (the fork relay): its types, string lengths, list sizes and SHAs are all checked.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import logSchema from '../schema/results-log.schema.json' with { type: 'json' };
import resultsSchema from '../schema/results.schema.json' with { type: 'json' };
import { ConfigError } from './config.js';
import { SCHEMA_VERSION, type ComparisonResult, type LogLine, type TestOutcome } from './model.js';
import { inertForLog } from './log-text.js';

/** Bad input, like a bad flag or config value (exit code 2); the message says where. */
export class ValidationError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** results.json files larger than this are refused unread (a real one is a few MiB). */
export const MAX_RESULTS_BYTES = 32 * 1024 * 1024;

const ajv = new Ajv({ strict: true, allowUnionTypes: true });
ajv.addSchema(resultsSchema).addSchema(logSchema);

/** The compiled check for a schema id; compiled on first use, as a command may read neither file. */
const compiled = new Map<string, ValidateFunction>();
function checker<T>(id: string): ValidateFunction<T> {
  if (!compiled.has(id)) compiled.set(id, ajv.getSchema(id)!);
  return compiled.get(id) as ValidateFunction<T>;
}

/** The schema id of each line type, from the variants of LogLine in the schema. */
const lineSchemas = new Map(
  logSchema.definitions.LogLine.anyOf.map(({ $ref }) => {
    const name = $ref.split('/').pop() as keyof typeof logSchema.definitions;
    const tag = (logSchema.definitions[name] as { properties: { type: { const: string } } }).properties.type.const;
    return [tag, `${logSchema.$id}${$ref}`];
  }),
);

/** "comparisons[3].unit" for the JSON pointer "/comparisons/3/unit". */
function fieldName(pointer: string, extra?: string): string {
  const parts = [...pointer.split('/').slice(1), ...(extra === undefined ? [] : [extra])].map((p) =>
    p.replace(/~1/g, '/').replace(/~0/g, '~'),
  );
  return parts.reduce((name, p) => (/^\d+$/.test(p) ? `${name}[${p}]` : name ? `${name}.${p}` : p), '') || '(the whole value)';
}

function valueAt(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, p) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      data,
    );
}

/** What a value is, never the value itself: it may be long or hostile, and errors reach logs. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return `a string of ${value.length} character${value.length === 1 ? '' : 's'}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** One sentence for ajv's first error: the field, what it must be, and what it is. */
function describeError(error: ErrorObject, data: unknown): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${fieldName(error.instancePath, String(p.missingProperty))}: missing`;
    case 'pattern':
      return `${fieldName(error.instancePath)}: not a full commit SHA (40 or 64 lowercase hex digits)`;
    case 'maxLength':
      return `${fieldName(error.instancePath)}: longer than ${String(p.limit)} characters`;
    case 'maxItems':
      return `${fieldName(error.instancePath)}: more than ${String(p.limit)} entries`;
    case 'const':
      return `${fieldName(error.instancePath)}: must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `${fieldName(error.instancePath)}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${fieldName(error.instancePath)}: ${error.message ?? 'invalid'} (is ${kindOf(valueAt(data, error.instancePath))})`;
  }
}

/**
 * A header of another version would fail field by field; say what is wrong instead. Every version
 * up to SCHEMA_VERSION reads (version 1 says `schema: 1`); a newer one is refused.
 */
function checkVersion(header: Record<string, unknown>, where: string): void {
  const shown = (v: unknown) => inertForLog(String(JSON.stringify(v)).slice(0, 20));
  const { schema, schemaVersion } = header;
  if (schema !== undefined || schemaVersion === undefined) {
    if (schema === 1 && schemaVersion === undefined) return;
    throw new ValidationError(`${where}: schema ${shown(schema)} is not supported (expected schemaVersion 1 to ${SCHEMA_VERSION})`);
  }
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 2)
    throw new ValidationError(`${where}: schemaVersion ${shown(schemaVersion)} is not a version (expected 2 to ${SCHEMA_VERSION})`);
  if (schemaVersion > SCHEMA_VERSION)
    throw new ValidationError(
      `${where}: written by a newer benchgate (schemaVersion ${schemaVersion}; this one reads up to ${SCHEMA_VERSION}): upgrade benchgate`,
    );
}

/** The `test` of a comparison in a results.json before version 4: its name as a string, U in uBase. */
const OLDER_TEST_NAMES: Record<string, TestOutcome['name']> = {
  'mann-whitney-exact': 'mann-whitney',
  'mann-whitney-asymptotic': 'mann-whitney',
  'mann-whitney': 'mann-whitney',
  'count-rule': 'count-rule',
  'exact-count': 'exact-count',
  deterministic: 'exact-count',
};

/**
 * A results.json before schemaVersion 4 (docs/formats.md): each comparison's `test` string and
 * `uBase`/`uHead` become the TestOutcome, held to the file's alpha (those files did not record
 * the family's level); a rank test without a percent change was the zero-base rule. Anything
 * else is left for the schema to name.
 */
function fromOlderResults(data: Record<string, unknown>): Record<string, unknown> {
  const alpha = (data.settings as { alpha?: unknown } | undefined)?.alpha;
  if (!Array.isArray(data.comparisons) || typeof alpha !== 'number') return data;
  const comparisons = data.comparisons.map((c: unknown) => {
    if (!c || typeof c !== 'object' || Array.isArray(c)) return c;
    const { uBase, uHead: _uHead, test, ...rest } = c as Record<string, unknown>;
    const known = typeof test === 'string' ? OLDER_TEST_NAMES[test] : undefined;
    if (known === undefined) return { ...rest, test: test ?? null };
    const name = known === 'mann-whitney' && rest.changePct === null ? 'zero-base' : known;
    const outcome: TestOutcome = {
      name,
      statistic: typeof uBase === 'number' ? { name: 'U of base', value: uBase } : null,
      p: typeof rest.p === 'number' ? rest.p : null,
      interval: name === 'zero-base' ? null : ((rest.changeCi as [number, number] | null | undefined) ?? null),
      level: alpha,
      assumes: `as recorded by an older benchgate (test ${JSON.stringify(test)})`,
    };
    return { ...rest, test: outcome };
  });
  return { ...data, comparisons };
}

/** results.json's content, typed, or a ValidationError naming the file and the field. */
export function validateResults(data: unknown, file: string): ComparisonResult {
  const version = data && typeof data === 'object' ? (data as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (typeof version === 'number' && version > SCHEMA_VERSION)
    throw new ValidationError(
      `${file}: written by a newer benchgate (schemaVersion ${version}; this one reads up to ${SCHEMA_VERSION}): upgrade benchgate`,
    );
  const older = data && typeof data === 'object' && !Array.isArray(data) && !(typeof version === 'number' && version >= 4);
  if (older) data = fromOlderResults(data as Record<string, unknown>);
  const check = checker<ComparisonResult>(resultsSchema.$id);
  if (check(data)) return data;
  throw new ValidationError(`${file}: not a results.json this benchgate can read: ${describeError(check.errors![0]!, data)}`);
}

/** One line of results.jsonl, typed, or a ValidationError naming the file, the line and the field. */
export function validateLogLine(data: unknown, file: string, line: number): LogLine {
  const where = `${file}:${line}`;
  const type = data && typeof data === 'object' && !Array.isArray(data) ? (data as { type?: unknown }).type : undefined;
  const id = typeof type === 'string' ? lineSchemas.get(type) : undefined;
  if (!id)
    throw new ValidationError(
      `${where}: not a results log line (expected an object whose "type" is ${[...lineSchemas.keys()].map((t) => `"${t}"`).join(', ')})`,
    );
  if (type === 'header') checkVersion(data as Record<string, unknown>, where);
  const check = checker<LogLine>(id);
  if (check(data)) return data;
  throw new ValidationError(`${where}: ${describeError(check.errors![0]!, data)}`);
}
