//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//nondet_index_fail\.cu:11:\d+: error: possible write-write race on A\[\d+\]

// Every thread gets its own arbitrary result, so two threads may pick the same index
// and write different values there.
__device__ unsigned choose(void);

__global__ void k(int *A) {
  unsigned j = choose() % 64;
  A[j] = threadIdx.x;
}
