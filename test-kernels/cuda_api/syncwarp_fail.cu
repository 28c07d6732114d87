//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//syncwarp_fail\.cu:15:\d+: error: possible (write-read|read-write) race on tile\[\d+\]

// As syncwarp_warp_sync_pass.cu without --warp-sync: lockstep does not model warps
// otherwise, and takes __syncwarp() as ordering nothing between threads (sound; a
// possibly spurious race).

__global__ void rotate_in_warp(const int *in, int *out) {
  __shared__ int tile[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  tile[threadIdx.x] = in[i];
  __syncwarp();
  out[i] = tile[warp * 32 + (lane + 1) % 32];
}
