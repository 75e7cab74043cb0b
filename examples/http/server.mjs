// A tiny HTTP server for the load-testing example. Listens on 127.0.0.1, on the port given in
// PORT (0, the default, lets the OS choose), and prints the port it got on its first line.
// SIGTERM (what bench.mjs sends when the load test ends) stops it, Node's default.
import http from 'node:http';
import { delayMs } from './handler.mjs';

const server = http.createServer((request, response) => {
  setTimeout(() => response.end('ok\n'), delayMs());
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(server.address().port));
