//pass
//--local_size=64 --num_groups=2

__kernel void k(__global int *A) {
  size_t g = get_global_id(0);
  A[2 * g] = (int)g;
  A[2 * g + 1] = (int)g;
}
