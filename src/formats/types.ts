import type { Measurement } from '../model.js';

/**
 * One benchmark harness's output format. Parsers are pure: text in, measurements out.
 * A new harness is a new file implementing this plus one line in the registry (index.ts).
 */
export interface FormatParser {
  /** The name users pass to --format. */
  readonly name: string;
  /** One line for error messages and the README ("Google Benchmark --benchmark_format=json"). */
  readonly description: string;
  /** Cheap sniff of the content for --format auto; must never throw. */
  detect(text: string): boolean;
  /** Parses one run's output. Throws FormatError (and nothing else) on malformed input. */
  parse(text: string): Measurement[];
}

/** The only error a parser may throw: names the format, the line and what was expected. */
export class FormatError extends Error {
  constructor(
    readonly format: string,
    message: string,
    /** 1-based line of the input where parsing failed, when known. */
    readonly line?: number,
  ) {
    super(line === undefined ? `${format}: ${message}` : `${format}: line ${line}: ${message}`);
    this.name = 'FormatError';
  }
}
