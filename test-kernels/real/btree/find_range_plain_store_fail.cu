//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=6000
//error: possible [a-z-]+ race on next

// The B+tree range query publishing the chosen child with a plain store, as the published
// Rodinia kernel does: it relies on exactly one key interval matching, which nothing in the
// kernel guarantees (keys are input data, and duplicate or unsorted keys make two threads
// store different children). 256-thread blocks, 6000 queries.
#define ORDER 256

__global__ void find_range(const int *keys, const int *children, const int *start_keys,
                           const int *end_keys, int *start_leaf, int *end_leaf,
                           int height) {
  __shared__ int next[2];
  int tid = threadIdx.x;
  int lo = start_keys[blockIdx.x], hi = end_keys[blockIdx.x];
  int a = 0, b = 0;
  for (int level = 0; level < height; level++) {
    if (keys[a * (ORDER + 1) + tid] <= lo && lo < keys[a * (ORDER + 1) + tid + 1])
      next[0] = children[a * (ORDER + 1) + tid];
    if (keys[b * (ORDER + 1) + tid] <= hi && hi < keys[b * (ORDER + 1) + tid + 1])
      next[1] = children[b * (ORDER + 1) + tid];
    __syncthreads();
    a = next[0];
    b = next[1];
    __syncthreads();
  }
  if (tid == 0) {
    start_leaf[blockIdx.x] = a;
    end_leaf[blockIdx.x] = b;
  }
}
