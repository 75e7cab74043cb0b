// How long the server takes to answer one request (simulated I/O: a database call, a cache miss).
// Base: every request takes 15 ms.
export function delayMs() {
  return 15;
}
