/**
 * Runs tasks with at most `jobs` at once, in order of start; each result is handed to `onDone`
 * the moment it finishes (the results log appends in finishing order). The first failure stops
 * new tasks from starting, waits for those under way and is thrown.
 */
export async function runPool<T, R>(
  tasks: readonly T[],
  jobs: number,
  run: (task: T) => Promise<R>,
  onDone: (result: R, task: T) => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        onDone(await run(task), task);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, tasks.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
