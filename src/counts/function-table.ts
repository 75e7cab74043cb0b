/**
 * A process tree's self counts per function (decision 8 in docs/architecture.md): what one counted
 * run's valgrind files add up to, keyed by (file, function name) as the tool printed them.
 */

export interface FunctionTable {
  /** Self count per file, then per function name. */
  functions: Map<string, Map<string, number>>;
  /** Counts the tool could not name (`fn=???`: a binary without symbols). */
  unnamed: number;
}

export function emptyTable(): FunctionTable {
  return { functions: new Map(), unnamed: 0 };
}

/** Adds `count` to (file, name) in `table`. */
export function addCount(table: FunctionTable, file: string, name: string, count: number): void {
  let names = table.functions.get(file);
  if (!names) table.functions.set(file, (names = new Map<string, number>()));
  names.set(name, (names.get(name) ?? 0) + count);
}

/** The sum of `tables` (a process tree: one table per process), each file renamed by `fileName`. */
export function addTables(tables: readonly FunctionTable[], fileName: (file: string) => string = (f) => f): FunctionTable {
  const sum = emptyTable();
  for (const table of tables) {
    sum.unnamed += table.unnamed;
    for (const [file, names] of table.functions) {
      const renamed = fileName(file);
      for (const [name, count] of names) addCount(sum, renamed, name, count);
    }
  }
  return sum;
}
