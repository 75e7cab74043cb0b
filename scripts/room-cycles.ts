/**
 * The layer rule dependency-cruiser cannot state (it checks files): no code imports make a cycle
 * between the rooms of src/, each folder right under it and each of its top-level files, even
 * where no file imports itself back (docs/architecture.md, "The rules"). Type-only imports are
 * erased at compile time and make none. `npm run lint` runs it over src/;
 * tests/architecture.test.ts plants a break. Prints each cycle with the file imports that make
 * it, and exits 1 if there is any.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A file's room: its folder right under src/ (`runner/`), or the file itself when it lies in src/ (`git.ts`). */
export function roomOf(file: string): string | null {
  const match = /^src\/([^/]+)(\/)?/.exec(file);
  return match ? `${match[1]}${match[2] ?? ''}` : null;
}

/** Room -> room it imports -> the file imports that make that arrow. */
type Arrows = Map<string, Map<string, string[]>>;

function arrowsOf(output: ICruiseResult): Arrows {
  const arrows: Arrows = new Map();
  for (const module of output.modules) {
    const from = roomOf(module.source);
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (from === null || to === null || from === to) continue;
      const targets = arrows.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), `${module.source} -> ${dependency.resolved}`]);
      arrows.set(from, targets);
    }
  }
  return arrows;
}

/** Every room `start` reaches through one arrow or more. */
function reachedFrom(arrows: Arrows, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  for (let room = stack.pop(); room !== undefined; room = stack.pop()) {
    for (const next of arrows.get(room)?.keys() ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

/**
 * The cycles between rooms: one entry per set of rooms that reach each other, its rooms first
 * ("git.ts, runner/"), then each arrow inside it with the file imports that make it.
 */
export function roomCycles(output: ICruiseResult): string[][] {
  const arrows = arrowsOf(output);
  const reached = new Map([...arrows.keys()].map((room) => [room, reachedFrom(arrows, room)]));
  const together = (a: string, b: string): boolean => !!reached.get(a)?.has(b) && !!reached.get(b)?.has(a);
  const cycles = new Map<string, string[]>();
  for (const [from, targets] of arrows) {
    const rooms = [from, ...[...reached.get(from)!].filter((room) => room !== from && together(from, room))].sort().join(', ');
    for (const [to, imports] of targets) {
      if (together(from, to)) cycles.set(rooms, [...(cycles.get(rooms) ?? []), `${from} -> ${to} (${imports.join('; ')})`]);
    }
  }
  return [...cycles].map(([rooms, arrowLines]) => [rooms, ...arrowLines.sort()]);
}

/** src/ under `baseDir`, cruised for its imports. */
export async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(['src'], { baseDir, tsPreCompilationDeps: true, outputType: 'json' });
  return (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = roomCycles(await cruiseSrc(ROOT));
  for (const [rooms, ...arrowLines] of cycles) {
    console.error(`cycle between rooms of src/: ${rooms}; move the shared piece down to a module all of them may import`);
    for (const line of arrowLines) console.error(`  ${line}`);
  }
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
