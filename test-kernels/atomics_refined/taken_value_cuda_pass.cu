//pass
//--blockDim=64 --gridDim=4

// CUDA's atomicAdd adds an arbitrary amount, so two threads' results are not refined;
// still, each thread's log holds what its own atomic returned.
__global__ void k(unsigned *count, int *out) {
  unsigned a = atomicAdd(count, 1u);
  __assert(__atomic_has_taken_value(count, 0, a));
  __assert(!__atomic_has_taken_value(count, 1, a));
  out[blockIdx.x * blockDim.x + threadIdx.x] = (int)a;
}
