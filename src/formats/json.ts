/** JSON parsing and shape checks that fail with FormatError (never TypeError) for the JSON formats. */
import { FormatError } from './types.js';

export type JsonObject = Record<string, unknown>;

/** Parses JSON, reporting a syntax error as FormatError with the line it happened on. */
export function parseJson(format: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const line = position ? lineAt(text, Number(position[1])) : undefined;
    throw new FormatError(format, `invalid JSON: ${message}`, line);
  }
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Typed accessors that name the JSON path of whatever is missing or mistyped. */
export class JsonShape {
  constructor(readonly format: string) {}

  error(message: string): FormatError {
    return new FormatError(this.format, message);
  }

  object(value: unknown, path: string): JsonObject {
    if (!isObject(value)) throw this.error(`expected an object at ${path}`);
    return value;
  }

  array(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) throw this.error(`expected an array at ${path}`);
    return value;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') throw this.error(`expected a string at ${path}`);
    return value;
  }

  /** A finite number. */
  number(value: unknown, path: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw this.error(`expected a number at ${path}`);
    return value;
  }

  numbers(value: unknown, path: string): number[] {
    return this.array(value, path).map((item, i) => this.number(item, `${path}[${i}]`));
  }

  optionalString(value: unknown, path: string): string | undefined {
    return value === undefined || value === null ? undefined : this.string(value, path);
  }

  optionalNumber(value: unknown, path: string): number | undefined {
    return value === undefined || value === null ? undefined : this.number(value, path);
  }
}
