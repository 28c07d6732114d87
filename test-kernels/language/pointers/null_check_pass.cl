//pass
//--local_size=64 --num_groups=4

// The pointer may be null, but it is only written through after a null check.
__kernel void k(__global int *A, int flag) {
  __global int *p = 0;
  if (flag)
    p = A;
  if (p != 0)
    p[get_global_id(0)] = 1;
}
