//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --opt-level=2
//atomic_vs_read_o2_fail\.cu:9:\d+: error: possible (atomic-read|read-atomic) race on count\[0\]

// Optimised CUDA keeps the parameters' names in reports (clang gives optimised
// device code line tables only unless asked for more).
__global__ void k(int *count, int *out) {
  atomicAdd(count, 1);
  out[threadIdx.x] = count[0];
}
