// A loop bounded by the warp's largest limit (a warp reduction), with a barrier inside:
// the interpreter does not compute reductions and draws one per thread, so what a run
// shows after one is only possible.
__global__ void reduce_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (i < __reduce_max_sync(0xffffffffu, limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
