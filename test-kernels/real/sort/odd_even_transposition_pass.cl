//pass
//--local_size=256 --num_groups=256

// Odd-even transposition sort of 512 keys per group in local memory: phase p compares the
// pairs (2t, 2t + 1) when p is even and (2t + 1, 2t + 2) when odd; a barrier separates the
// phases. 256 work items per group, 256 groups.
#define N 512

__kernel void odd_even_sort(__global int *keys) {
  __local int l[N];
  uint t = get_local_id(0);
  __global int *base = keys + get_group_id(0) * N;
  l[t] = base[t];
  l[t + N / 2] = base[t + N / 2];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint phase = 0; phase < N; phase++) {
    uint i = 2 * t + (phase & 1);
    if (i + 1 < N) {
      int a = l[i], b = l[i + 1];
      if (a > b) {
        l[i] = b;
        l[i + 1] = a;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  base[t] = l[t];
  base[t + N / 2] = l[t + N / 2];
}
