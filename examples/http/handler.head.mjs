// How long the server takes to answer one request (simulated I/O: a database call, a cache miss).
// Head, "the pull request": most requests got faster (1 ms), but one in 50 takes a slow path (a
// cold cache, a lock) of 200 ms. The mean stays 5 ms, so an average hides it; p99 does not.
let served = 0;

export function delayMs() {
  served++;
  return served % 50 === 0 ? 200 : 1;
}
