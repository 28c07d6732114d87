//pass
//--blockDim=64 --gridDim=2

// CUDA: the logged write to shared memory is at the thread's own offset.
__global__ void k(int *A) {
  __shared__ int S[64];
  S[threadIdx.x] = A[threadIdx.x];
  __assert(__write_implies(S, __write_offset_bytes(S) == threadIdx.x * sizeof(int)));
  __assert(__no_write(A));
}
