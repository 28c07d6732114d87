//pass
//--local_size=64 --num_groups=2

__kernel void k(__global int *A, int n) {
  size_t g = get_global_id(0);
  if (n == 0)
    return;
  A[g] = n;
  barrier(CLK_GLOBAL_MEM_FENCE);
  A[g] = 2 * n;
}
