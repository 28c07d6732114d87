//xfail:COMMAND_LINE_ERROR
//--blockDim=[32,0] --gridDim=1
//(?i)block.?dim

__global__ void k(int *A) {
  A[threadIdx.x] = 1;
}
