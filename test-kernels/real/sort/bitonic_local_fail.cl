//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//error: possible [a-z-]+ race on l_key

// BROKEN TWIN: the barrier is hoisted out of the inner stride loop of the sort stage, so
// consecutive comparator steps of one stage race on l_key.
// Bitonic sort of 512 keys per work group in local memory (each of 256 work items owns one
// comparator per step), as the bitonic sort samples do for their shared-memory stage: 256
// work items per group, 128 groups (64K keys). Every comparator step is preceded by a
// barrier; the final merge sorts in the requested direction.
#define N 512

void compare_swap(__local uint *a, __local uint *b, uint dir) {
  uint x = *a, y = *b;
  if ((x > y) == dir) {
    *a = y;
    *b = x;
  }
}

__kernel void bitonic_local(__global uint *keys, uint dir) {
  __local uint l_key[N];
  uint lid = get_local_id(0);
  __global uint *base = keys + get_group_id(0) * N;
  l_key[lid] = base[lid];
  l_key[lid + N / 2] = base[lid + N / 2];
  for (uint size = 2; size < N; size <<= 1) {
    uint ddd = dir ^ ((lid & (size / 2)) != 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
      uint pos = 2 * lid - (lid & (stride - 1));
      compare_swap(&l_key[pos], &l_key[pos + stride], ddd);
    }
  }
  for (uint stride = N / 2; stride > 0; stride >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    uint pos = 2 * lid - (lid & (stride - 1));
    compare_swap(&l_key[pos], &l_key[pos + stride], dir);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  base[lid] = l_key[lid];
  base[lid + N / 2] = l_key[lid + N / 2];
}
