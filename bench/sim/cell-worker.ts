/** A child process of the pool: runs the cells it is sent and sends back their results. */
import { runCell, type Cell } from './experiment.js';

process.on('message', (message: { id: number; cell: Cell }) => {
  process.send!({ id: message.id, result: runCell(message.cell) });
});
