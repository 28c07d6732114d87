//pass
//--blockDim=256 --gridDim=6000

// B+tree range query, one block per query and one thread per key slot (order 256): the
// block descends two cursors (start and end of the range) together; the threads whose key
// interval contains a cursor's key publish the child through atomicMin into shared memory;
// after the last level thread 0 writes the range's leaf positions. 256-thread blocks, 6000
// queries, after the public description of Rodinia's b+tree findRangeK.
#define ORDER 256

__global__ void find_range(const int *keys, const int *children, const int *start_keys,
                           const int *end_keys, int *start_leaf, int *end_leaf,
                           int height) {
  __shared__ int next[2];
  int tid = threadIdx.x;
  int lo = start_keys[blockIdx.x], hi = end_keys[blockIdx.x];
  int a = 0, b = 0;
  for (int level = 0; level < height; level++) {
    if (tid < 2)
      next[tid] = 0x7fffffff;
    __syncthreads();
    if (keys[a * (ORDER + 1) + tid] <= lo && lo < keys[a * (ORDER + 1) + tid + 1])
      atomicMin(&next[0], children[a * (ORDER + 1) + tid]);
    if (keys[b * (ORDER + 1) + tid] <= hi && hi < keys[b * (ORDER + 1) + tid + 1])
      atomicMin(&next[1], children[b * (ORDER + 1) + tid]);
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
