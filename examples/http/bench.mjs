// The example's benchmark command: starts server.mjs, load-tests it with autocannon, prints
// autocannon's JSON (which benchgate reads, --format auto) and stops the server, also when
// autocannon fails or benchgate kills this process.
//
// autocannon must be on PATH (npm install --global autocannon), or named by AUTOCANNON.
// REQUESTS (default 1000) and CONNECTIONS (default 10) size the load.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const requests = process.env.REQUESTS ?? '1000';
const connections = process.env.CONNECTIONS ?? '10';
const server = spawn(process.execPath, [fileURLToPath(new URL('server.mjs', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
const stopServer = () => server.exitCode === null && server.signalCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

const [port] = await once(createInterface({ input: server.stdout }), 'line');
// --title names the benchmark: the URL's port changes from run to run.
const args = ['--json', '--title', 'GET /', '--amount', requests, '--connections', connections, `http://127.0.0.1:${port}/`];
const autocannon = spawn(process.env.AUTOCANNON ?? 'autocannon', args, {
  stdio: ['ignore', 'inherit', 'ignore'],
});
const [code, signal] = await once(autocannon, 'exit');
stopServer();
process.exitCode = code ?? (signal ? 1 : 0);
