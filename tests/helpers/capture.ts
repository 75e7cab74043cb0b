/** A writable stream that keeps what is written to it, for platforms that log to a stream. */
import { Writable } from 'node:stream';

export function capture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk;
      done();
    },
  });
  return { stream, text: () => text };
}
