/** The `benchgate bisect` command for a range, as the terminal and the trend site offer it. */
import { quote } from 'shell-quote';

/** Quoted for a POSIX shell by shell-quote, so a glob or name with spaces or `$` stays one word. */
export function bisectCommand(good: string, bad: string, glob: string): string {
  return quote(['benchgate', 'bisect', '--good', good, '--bad', bad, '--benchmark', glob]);
}
