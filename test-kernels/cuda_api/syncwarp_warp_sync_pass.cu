//pass
//--blockDim=256 --gridDim=64 --warp-sync=32

// Lanes exchange values through shared memory within their warp, separated by
// __syncwarp(). With --warp-sync=32 a warp runs in lock-step, which orders the exchange.
// __syncwarp() itself orders nothing in lockstep's model: the twin without the flag,
// syncwarp_fail.cu, is reported.

__global__ void rotate_in_warp(const int *in, int *out) {
  __shared__ int tile[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  tile[threadIdx.x] = in[i];
  __syncwarp();
  out[i] = tile[warp * 32 + (lane + 1) % 32];
}
