//pass
//--blockDim=128 --gridDim=*

// Each thread writes its own element of the grid, whatever the grid size.
__global__ void any_groups_pass(int *A) {
  A[blockIdx.x * blockDim.x + threadIdx.x] = gridDim.x;
}
