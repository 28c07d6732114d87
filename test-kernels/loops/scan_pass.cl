//pass
//--local_size=32 --num_groups=8

__kernel void scan(__global int *data) {
  // Hillis-Steele inclusive scan in local memory: each step reads, waits for every read,
  // then writes, and waits again before the next step.
  __local int buf[32];
  unsigned t = get_local_id(0);
  buf[t] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = 1; d < get_local_size(0); d *= 2) {
    int v = 0;
    if (t >= d)
      v = buf[t - d];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t >= d)
      buf[t] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = buf[t];
}
