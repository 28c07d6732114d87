//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//first_iteration_fail\.cu:9:\d+: error: possible write-write race on out\[

__global__ void k(int *out, int n) {
  // Only the first iteration writes a shared slot, with each thread's own value.
  for (int i = 0; i < n; i++) {
    if (i == 0)
      out[0] = threadIdx.x;
    else
      out[1 + threadIdx.x] = i;
  }
}
