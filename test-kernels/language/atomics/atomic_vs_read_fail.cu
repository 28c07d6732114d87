//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//atomic_vs_read_fail\.cu:8:\d+: error: possible (atomic-read|read-atomic) race on count\[0\]

// Reading the counter while other threads update it is a race.
__global__ void k(int *count, int *out) {
  atomicAdd(count, 1);
  out[threadIdx.x] = count[0];
}
