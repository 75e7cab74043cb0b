// How long the server takes to answer one request (simulated I/O: a database call, a cache miss).
// Head, "the pull request": most requests got faster (3 ms), but one in 50 takes a slow path (a
// cold cache, a lock) of 600 ms. The mean stays 15 ms, so an average hides it; p99 does not.
let served = 0;

export function delayMs() {
  served++;
  return served % 50 === 0 ? 600 : 3;
}
