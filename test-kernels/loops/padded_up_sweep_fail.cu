//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=16 --unroll=4
//possible \w+-\w+ race on temp

// padded_up_sweep_pass.cu with the right child one slot too far (no `- 1`): the last
// thread's right child of one level is the next thread's left child.
#define PAD(n) ((n) >> 3)
#define N 64

__global__ void up_sweep(float *g_data) {
  __shared__ float temp[N + N / 8];
  int thid = threadIdx.x;
  int base = blockIdx.x * N;
  temp[thid + PAD(thid)] = g_data[base + thid];
  temp[thid + N / 2 + PAD(thid + N / 2)] = g_data[base + thid + N / 2];
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2);
      a += PAD(a);
      b += PAD(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  __syncthreads();
  g_data[base + thid] = temp[thid + PAD(thid)];
  g_data[base + thid + N / 2] = temp[thid + N / 2 + PAD(thid + N / 2)];
}
