// The annotation language in CUDA, with pointers to global and shared memory.
__axiom(blockDim.x == 32);

__global__ void annotated(int *a) {
  __shared__ int s[32];
  for (unsigned int i = threadIdx.x;
       __invariant(__no_write(s)), __global_invariant(__read_implies(a, true)), i < 32;
       i += blockDim.x) {
    a[i] = i;
  }
  __assert(__no_read(s) && __all(threadIdx.x < 32));
  __syncthreads();
}
