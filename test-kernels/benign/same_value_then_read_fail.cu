//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//same_value_then_read_fail\.cu:10:\d+: error: possible write-read race on A\[0\]
//Read by thread \(0, 0, 0\) in group \(0, 0, 0\), same_value_then_read_fail\.cu:10:\d+

__global__ void k(int *A, int *out) {
  // Same-value tolerance is for write-write pairs only: thread 0's read of
  // A[0] still races with the other threads' writes of A[0].
  A[0] = 1;
  out[threadIdx.x] = A[threadIdx.x];
}
