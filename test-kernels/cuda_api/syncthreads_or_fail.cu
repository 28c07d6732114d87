//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//syncthreads_or_fail\.cu:18:\d+: error: barrier may be reached by non-uniform control flow

// syncthreads_or_pass.cu's mistake: a thread that found the key leaves before the
// barrier (`hit || ...` does not call __syncthreads_or when hit holds).

__global__ void find_key(const int *data, int n, int key, int *pos) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = n;
  __syncthreads();
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    int i = base + threadIdx.x;
    int hit = i < n && data[i] == key;
    if (hit)
      atomicMin(&best, i);
    if (hit || __syncthreads_or(hit))
      break;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    pos[blockIdx.x] = best;
}
