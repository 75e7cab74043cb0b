/**
 * benchgate's own initial environment block. Linux shows a process's environment as it started
 * in /proc/<pid>/environ, readable by any process of the same user: the pull request's
 * benchmark could read benchgate's GITHUB_TOKEN there although its own environment lacks it.
 * Deleting a variable does not change that block, so its bytes are overwritten through
 * /proc/self/mem at the range /proc/self/stat names (env_start..env_end), after each value is
 * copied to the heap (setenv), where process.env goes on finding it. Defence in depth only: the
 * heap copy stays in memory, readable through /proc/<pid>/mem by whoever may ptrace benchgate
 * (root, or the same user where Yama's ptrace_scope is 0); docs/security.md says what holds.
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** env_start and env_end: fields 50 and 51 of /proc/self/stat, counted after the `(comm)` field, which may hold spaces. */
function environRange(): { start: number; end: number } | null {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start ? { start, end } : null;
}

/**
 * Overwrites the values of `names` in this process's initial environment block with `*`, so
 * /proc/<pid>/environ no longer shows them; process.env keeps every value. Returns the names
 * overwritten; [] off Linux or where the kernel refuses (a hardened /proc/self/mem).
 */
export function forgetInitialValues(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  if (process.platform !== 'linux' || names.length === 0) return [];
  const wanted = new Set(names);
  // Copy first: setenv gives each variable new storage, so the block is no longer what getenv reads.
  for (const name of wanted) if (env[name] !== undefined) env[name] = `${env[name]}`;
  let fd: number | undefined;
  try {
    const range = environRange();
    if (!range) return [];
    fd = openSync('/proc/self/mem', 'r+');
    const block = Buffer.alloc(range.end - range.start);
    readSync(fd, block, 0, block.length, range.start);
    const done: string[] = [];
    let offset = 0;
    while (offset < block.length) {
      const stop = block.indexOf(0, offset);
      const end = stop === -1 ? block.length : stop;
      const equals = block.indexOf(0x3d, offset); // '='
      if (equals !== -1 && equals < end && wanted.has(block.toString('utf8', offset, equals)) && end > equals + 1) {
        writeSync(fd, Buffer.alloc(end - equals - 1, '*'), 0, end - equals - 1, range.start + equals + 1);
        done.push(block.toString('utf8', offset, equals));
      }
      offset = end + 1;
    }
    return done;
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
