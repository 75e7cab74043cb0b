/**
 * A small C program whose work is fixed at compile time, for instruction mode's bench section
 * and end-to-end tests: `iterations` steps of a linear congruential generator (about four
 * instructions each at -O1), the result printed so the loop is not optimised away.
 */
export function lcgProgram(iterations: number): string {
  return `#include <stdio.h>
int main(void) {
  unsigned long x = 1;
  for (long i = 0; i < ${Math.round(iterations)}L; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;
  printf("%lu\\n", x & 1);
  return 0;
}
`;
}
