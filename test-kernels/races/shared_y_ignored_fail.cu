//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=1
//shared_y_ignored_fail\.cu:9:\d+: error: possible write-write race on s\[\d+\]

__shared__ int s[16];

__global__ void k(int *out) {
  // Threads that differ only in y write the same element, different values.
  s[threadIdx.x] = threadIdx.y;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x];
}
