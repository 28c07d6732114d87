//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//null_pointer_fail\.cu:11:\d+: error: possible null pointer access

// Thread 0 of each block has no tile: its pointer stays null.
__global__ void k(int *out) {
  __shared__ int tile[32];
  int *t = nullptr;
  if (threadIdx.x > 0)
    t = tile;
  t[threadIdx.x] = 1;
}
