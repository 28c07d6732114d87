//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1 --benign=none
//same_constant_then_read_benign_none_fail\.cu:9:\d+: error: possible write-write race on G1\[0\]

// The kernel of same_constant_then_read_pass.cu with no benign tolerance: the stores of
// the same constant race.
__global__ void k(unsigned int *G1, unsigned int *G2) {
  unsigned int gid = blockIdx.x * blockDim.x + threadIdx.x;
  G1[0] = 1u;
  unsigned int v = G1[gid % 16u];
  G2[gid % 8u] = v + v;
}
