//pass
//--local_size=16 --num_groups=2

__kernel void k(__global int *A) {
  size_t g = get_global_id(0);
  for (int i = 0; i < 4; i++)
    A[4 * g + i] = i;
}
