//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//read_without_own_write_fail\.cu:11:\d+: error: possible write-read race on A\[0\]
//Read by thread \(0, 0, 0\) in group \(0, 0, 0\), read_without_own_write_fail\.cu:11:\d+

__global__ void k(int *A, int *out) {
  // The others write 1, but thread 0 did not write A[0] itself: it may read
  // the old value or 1.
  if (threadIdx.x != 0)
    A[0] = 1;
  out[threadIdx.x] = A[0];
}
