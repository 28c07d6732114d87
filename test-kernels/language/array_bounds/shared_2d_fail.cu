//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=2 --check-array-bounds
//shared_2d_fail\.cu:12:\d+: error: possible array out-of-bounds access on array tile

// The row index is doubled: rows 8 and beyond do not exist.
//
// At -O1 and above clang deletes the store (the tile is never read), and with it the out-
// of-bounds access: verified there. Reported at -O0, the level its header asks for (a
// compiler effect).
__global__ void k(float *out) {
  __shared__ float tile[8][8];
  tile[2 * threadIdx.y][threadIdx.x] = threadIdx.x;
}
