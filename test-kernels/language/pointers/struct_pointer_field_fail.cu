//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//struct_pointer_field_fail\.cu:12:\d+: error: possible write-write race on j\.out\[0\]

// Every thread writes the first element of the buffer the struct points to.
struct job {
  int *out;
  int n;
};

__global__ void k(job j) {
  j.out[0] = threadIdx.x;
}
