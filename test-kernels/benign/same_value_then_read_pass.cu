//pass
//--blockDim=32 --gridDim=1

__global__ void k(int *A, int *out) {
  // Every thread writes 1 to A[0] before reading it back: thread 0's read
  // returns 1 whichever order the writes of the others take, so the
  // write-read pair is benign (GPUVerify's write-read tolerance).
  A[0] = 1;
  out[threadIdx.x] = A[threadIdx.x];
}
