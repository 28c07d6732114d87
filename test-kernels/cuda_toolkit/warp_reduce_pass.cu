//pass
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// A block reduction with the toolkit's warp shuffles (llvm.nvvm.shfl.sync.*: an arbitrary
// value per thread and call): lane 0 of each warp writes its warp's slot, warp 0 sums the
// slots. The second kernel exercises votes, matches, __activemask and __syncwarp, and the
// 64-bit shuffles (two 32-bit ones; the double through memcpy).

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[8];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < 8 ? partial[lane] : 0.0f;
    for (int offset = 4; offset > 0; offset /= 2)
      v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

__global__ void votes(const int *in, int *count, double *d, long long *l) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  unsigned mask = __activemask();
  unsigned b = __ballot_sync(mask, v > 0);
  int all = __all_sync(mask, v > 0), any = __any_sync(mask, v > 0);
  int same;
  unsigned m = __match_all_sync(0xffffffffu, v, &same) | __match_any_sync(0xffffffffu, v);
  __syncwarp();
  count[i] = __popc(b) + all + any + same + (int)m;
  d[i] = __shfl_up_sync(0xffffffffu, d[i], 1);
  l[i] = __shfl_sync(0xffffffffu, l[i], 0);
}
