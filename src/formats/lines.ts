/** Line iteration shared by the text parsers: no array of all lines, so memory stays bounded. */

export interface Line {
  /** The line without its terminator ("\n" or "\r\n"). */
  text: string;
  /** 1-based line number in the input. */
  number: number;
}

export function* lines(text: string): Generator<Line> {
  let start = 0;
  let number = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    yield { text: text.slice(start, stop), number };
    start = end + 1;
    number++;
  }
}

/** The first `count` lines, for error messages and detection. */
export function firstLines(text: string, count: number): string[] {
  const result: string[] = [];
  for (const line of lines(text.slice(0, 64 * 1024))) {
    if (result.length === count) break;
    result.push(line.text);
  }
  return result;
}

/** The beginning of the input that `detect` functions look at, so detection stays cheap on huge outputs. */
export function head(text: string, chars = 256 * 1024): string {
  return text.length > chars ? text.slice(0, chars) : text;
}
