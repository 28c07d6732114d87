//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//vector_lane_fail\.cu:11:\d+: error: possible write-write race on A\[\d+\]

typedef int int4v __attribute__((ext_vector_type(4)));

// Threads 4k .. 4k+3 each write one lane of vector k, but a vector lane store
// loads, updates and stores the whole vector.
__global__ void k(int4v *A) {
  unsigned t = threadIdx.x;
  A[t / 4][t % 4] = t;
}
