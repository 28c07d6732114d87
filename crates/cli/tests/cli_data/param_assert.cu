// The assertion fails for the threads past 15 when x > 100 (lockstep run --arg x=101).
__global__ void k(int x) {
  if (x > 100)
    __assert(threadIdx.x < 16);
}
