//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1 --output-style=gpuverify
//possible_sources_fail\.cu: error: possible read-write race on S\[\d+\]:
//Read by thread \d+ in thread block 0 \(global id \d+\), possible sources are:\n\S*possible_sources_fail\.cu:11:\d+:\n.*\n.*\n\S*possible_sources_fail\.cu:15:\d+:\n.*\n.*\nnote:

// The twin of possible_sources_fail.cl: the reads of S are made in two device functions
// called in a loop that is cut with invariants; both are listed (GPUVerify's style, full
// paths), in source order.

__device__ int first(int *p, int i) {
  return p[i];
}

__device__ int last(int *p, int i) {
  return p[31 - i];
}

__global__ void k(int *out) {
  __shared__ int S[32];
  int x = 0;
  for (int i = 0; i < 100; i++) {
    x += last(S, i % 32) + first(S, i % 32);
  }
  S[threadIdx.x] = x;
  out[threadIdx.x] = x;
}
