/** A child process of the pool: runs the cells it is sent and sends back their results. */
import { runAdaptiveCell, type AdaptiveCell } from './adaptive.js';
import { runCell, type Cell } from './experiment.js';

process.on('message', (message: { id: number; cell: Cell | AdaptiveCell }) => {
  const { id, cell } = message;
  if ('kind' in cell) void runAdaptiveCell(cell).then((result) => process.send!({ id, result }));
  else process.send!({ id, result: runCell(cell) });
});
