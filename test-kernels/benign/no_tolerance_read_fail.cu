//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1 --no-benign-tolerance
//no_tolerance_read_fail\.cu:9:\d+: error: possible write-write race on A\[0\]

__global__ void k(int *A, int *out) {
  // same_value_then_read_pass with --no-benign-tolerance: writes of the same
  // value and reads of a location the reader wrote itself are races like any
  // other.
  A[0] = 1;
  out[threadIdx.x] = A[threadIdx.x];
}
