/**
 * Colour for a terminal: on when the stream is a TTY, unless NO_COLOR is set (no-color.org);
 * FORCE_COLOR (any value but 0/false) turns it on for a pipe too. picocolors does the painting.
 */
import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

export interface Stream {
  isTTY?: boolean;
}

export function colorEnabled(stream: Stream, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function colorsFor(stream: Stream, env: NodeJS.ProcessEnv): Colors {
  return pc.createColors(colorEnabled(stream, env));
}
