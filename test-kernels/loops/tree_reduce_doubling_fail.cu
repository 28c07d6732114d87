//xfail:NOT_ALL_VERIFIED
//--blockDim=16 --gridDim=2 --unroll=2
//tree_reduce_doubling_fail\.cu:14:\d+: error: possible (read-write|write-read|write-write) race on buf\[

__global__ void reduce(int *data) {
  // The doubling reduction with the barrier outside the loop: one step's writes race
  // with the next step's reads.
  __shared__ int buf[16];
  unsigned t = threadIdx.x;
  buf[t] = data[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned i = 2 * s * t;
    if (i < blockDim.x) buf[i] += buf[i + s];
  }
  __syncthreads();
  if (t == 0)
    data[blockIdx.x * blockDim.x] = buf[0];
}
