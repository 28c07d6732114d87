//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=2 --unroll=2
//continue_fail\.cu:\d+:\d+: error: possible write-write race on a\[

__global__ void skip_thirds(int *a, int n) {
  // With continue, the written element is i / 2: threads 2k and 2k + 1 write the same
  // element with different values.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (i % 3 == 0)
      continue;
    a[i / 2] = i;
  }
}
