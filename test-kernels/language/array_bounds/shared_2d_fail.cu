//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=2 --check-array-bounds
//shared_2d_fail\.cu:8:\d+: error: possible array out-of-bounds access on array tile

// The row index is doubled: rows 8 and beyond do not exist.
__global__ void k(float *out) {
  __shared__ float tile[8][8];
  tile[2 * threadIdx.y][threadIdx.x] = threadIdx.x;
}
