//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//brev_permute_fail\.cu:11:\d+: error: possible write-write race on re\[\d+\]

// As brev_permute_pass.cu with 13 reversed bits for 16384 threads: thread i and thread
// i ^ 8192 write the same element.

__global__ void bit_reverse(const float2 *in, float *re, float *im) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = __brev(i) >> (32 - 13);
  re[j] = in[i].x;
  im[j] = in[i].y;
}
