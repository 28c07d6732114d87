//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//shared_memset_fail\.cu:10:\d+: error: possible write-write race on counts\[\d+\]

// Thread 0 clears the counters while the others already set theirs.
__global__ void k(int *out) {
  __shared__ int counts[32];
  if (threadIdx.x == 0)
    memset(counts, 0, sizeof(counts));
  counts[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = counts[31 - threadIdx.x];
}
