//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible read-write race on

// The specification reads anywhere in p; the writes after it race with it.

__device__ void __spec_look(int *p) {
  __reads_from(p);
}

__global__ void k(int *p) {
  __spec_look(p);
  p[threadIdx.x] = 0;
}
