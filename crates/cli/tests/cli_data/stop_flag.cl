__kernel void rounds(__local int *stop, __global int *out) {
  int n = 0;
  for (;;) {
    if (get_local_id(0) == 0)
      *stop = out[0] > n;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (*stop == 0)
      break;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    n++;
  }
  out[get_global_id(0) + 1] = n;
}
