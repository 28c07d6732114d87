//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//written_copy_fail\.cu:10:\d+: error: possible write-write race on out\[0\]

// Every thread resets its copy's index to 0 and writes there.
struct range { int base; int step; };

__global__ void k(int *out, range r) {
  r.base = 0;
  out[r.base + r.step * 0] =
      threadIdx.x;
}
