//pass
//--blockDim=64 --gridDim=8 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's shuffles (llvm.nvvm.shfl.sync.*). What a shuffle's result is known to be:
// the thread's own value when its source lane is itself or out of its segment, the other
// thread's value when the source is that thread, the other thread's result when both read
// one source (as ../cuda_api/shfl_relations_pass.cu, with lockstep's cuda.h).

__global__ void shuffles(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[tid];
  int lane = threadIdx.x % 32;
  int same_warp = __same_group && threadIdx.x / 32 == __other_int(threadIdx.x) / 32;
  int own = __shfl_xor_sync(0xffffffffu, v, 0);
  __assert(own == v);
  int up = __shfl_up_sync(0xffffffffu, v, 1);
  if (lane == 0)
    __assert(up == v);
  int down = __shfl_down_sync(0xffffffffu, v, 1);
  __assert(!same_warp || __other_int(lane) != lane + 1 || down == __other_int(v));
  int half = __shfl_sync(0xffffffffu, v, 3, 16);
  __assert(!same_warp || __other_int(lane) / 16 != lane / 16 || half == __other_int(half));
  out[tid] = own + up + down + half;
}
