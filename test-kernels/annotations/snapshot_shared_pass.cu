//pass
//--blockDim=32 --gridDim=4

// CUDA: a snapshot of a __shared__ tile before each thread doubles its element; after the
// barrier a thread checks its neighbour's element against the snapshot.
__global__ void k(int *out) {
  __shared__ int tile[32];
  __shared__ int before[32];
  unsigned t = threadIdx.x;
  tile[t] = (int)(blockIdx.x * 32 + t);
  __array_snapshot(before, tile);
  tile[t] = 2 * tile[t];
  __read_permission(int, before[t]);
  __barrier_invariant_2(tile[threadIdx.x] == 2 * before[threadIdx.x], threadIdx.x,
                        (threadIdx.x + 1) % 32);
  __syncthreads();
  unsigned n = (t + 1) % 32;
  __assert(tile[n] == 2 * before[n]);
  out[blockIdx.x * 32 + t] = tile[n];
}
