__kernel void k(__local int *p, __global int *q, int n) {
  p[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (n > 0)
    barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < 4; i++)
    barrier(CLK_LOCAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  q[get_global_id(0)] = p[0];
}
