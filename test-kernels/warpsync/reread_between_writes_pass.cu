//pass
//--blockDim=64 --gridDim=1 --warp-sync=32

__global__ void k(int *A, int *B) {
  // No statement writes A between the two reads: no lane of the warp can
  // change A[threadIdx.x ^ 1] in between, so both reads agree.
  int a = A[threadIdx.x ^ 1];
  B[threadIdx.x] = a;
  int b = A[threadIdx.x ^ 1];
  __assert(a == b);
}
