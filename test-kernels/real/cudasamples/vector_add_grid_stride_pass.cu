//pass
//--blockDim=256 --gridDim=196

// C = A + B over 50000 floats with a grid-stride loop, after the public description of the
// CUDA samples' vectorAdd (256-thread blocks, ceil(50000 / 256) = 196 blocks): each thread
// starts at its global id and steps by the number of threads in the grid.
__global__ void vector_add(const float *A, const float *B, float *C, int numElements) {
  __requires(numElements == 50000);
  for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < numElements;
       i += blockDim.x * gridDim.x)
    C[i] = A[i] + B[i];
}
