//pass
//--blockDim=32 --gridDim=16

// Axioms in CUDA: only block 5 is considered, so the write of block 4's slot never
// happens.
__axiom(blockIdx.x == 5);

__global__ void k(int *a) {
  if (blockIdx.x != 5)
    a[0] = threadIdx.x;
  else
    a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
