//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=196
//error: possible [a-z-]+ race on C

// As `vector_add_grid_stride_pass.cu`, with the block size as the stride instead of the grid
// size: thread t of block b + 1 reaches the element that thread t of block b starts from
// on its second iteration, so both write it.
__global__ void vector_add(const float *A, const float *B, float *C, int numElements) {
  __requires(numElements == 50000);
  for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < numElements; i += blockDim.x)
    C[i] = A[i] + B[i];
}
