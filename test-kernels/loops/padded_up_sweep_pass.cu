//pass
//--blockDim=32 --gridDim=16 --unroll=4

// The up-sweep of a work-efficient scan of 64 elements per 32-thread block, with the index
// padding that avoids shared-memory bank conflicts (one extra slot every 8). Race freedom
// needs `offset * d == 32` across the loop, which lockstep's loop invariants do not say;
// the loop's trip count folds (6 iterations, past the `--unroll=4` of this test), so the
// completely unrolled program, which is exact, proves the accesses the cut program could not.
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
      int b = offset * (2 * thid + 2) - 1;
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
