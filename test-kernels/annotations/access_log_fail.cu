//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//access_log_fail\.cu:9:3: error: this assertion might not hold for thread

// CUDA: a write to shared memory may be logged at the thread's own offset, not at 0.
__global__ void k(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = A[threadIdx.x];
  __assert(__write_implies(S, __write_offset_bytes(S) == 0));
}
