//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//vector_lane_fail\.cu:15:\d+: error: possible write-write race on A\[\d+\]

// At -O0 clang writes the lane back as a store of the whole vector, which four threads
// share: a write-write race in the code as compiled. At -O1 and above it stores the one
// lane, and the kernel is verified (a compiler effect).

typedef int int4v __attribute__((ext_vector_type(4)));

// Threads 4k .. 4k+3 each write one lane of vector k, but a vector lane store
// loads, updates and stores the whole vector.
__global__ void k(int4v *A) {
  unsigned t = threadIdx.x;
  A[t / 4][t % 4] = t;
}
