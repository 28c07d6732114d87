//xfail:CLANG_ERROR
//--blockDim=32 --gridDim=1
//error: expected ';'

__global__ void k(int *A) {
  A[threadIdx.x] = 1
}
