/**
 * Runs cells in a few child processes (one per core by default): the statistics are CPU-bound
 * and the cells are independent, and each cell's result does not depend on where it ran.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AdaptiveCell, AdaptiveCellResult } from './adaptive.js';
import type { Cell, CellResult } from './experiment.js';

const WORKER = fileURLToPath(new URL('./cell-worker.ts', import.meta.url));

export function runCells(cells: Cell[], workers?: number): Promise<CellResult[]>;
export function runCells(cells: AdaptiveCell[], workers?: number): Promise<AdaptiveCellResult[]>;
export async function runCells(cells: (Cell | AdaptiveCell)[], workers = os.availableParallelism()): Promise<unknown[]> {
  const results = new Array<unknown>(cells.length);
  // Longest first, so one big cell does not run alone at the end.
  const queue = cells.map((cell, id) => ({ id, cell })).sort((a, b) => cost(b.cell) - cost(a.cell));
  const children: ChildProcess[] = [];
  const drain = (child: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      let busy = false;
      const sendNext = () => {
        const next = queue.shift();
        busy = next !== undefined;
        if (next) child.send(next);
        else resolve();
      };
      child.on('message', (m: { id: number; result: unknown }) => {
        results[m.id] = m.result;
        sendNext();
      });
      child.on('exit', (code, signal) => {
        if (busy) reject(new Error(`cell worker stopped in the middle of a cell (code ${code}, signal ${signal})`));
      });
      child.on('error', reject);
      sendNext();
    });
  try {
    for (let i = 0; i < Math.max(1, Math.min(workers, cells.length)); i++) {
      children.push(fork(WORKER, [], { execArgv: ['--import', 'tsx'] }));
    }
    await Promise.all(children.map(drain));
  } finally {
    for (const child of children) child.kill();
  }
  return results;
}

function cost(cell: Cell | AdaptiveCell): number {
  if ('kind' in cell) return cell.trials * cell.benchmarks * cell.maxRounds * cell.rules.length;
  return cell.trials * cell.benchmarks * cell.rounds * cell.methods.length;
}
