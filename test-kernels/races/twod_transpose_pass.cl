//pass
//--local_size=[8,8] --num_groups=[2,2]

__kernel void k(__local int *A, __global int *out) {
  size_t x = get_local_id(0);
  size_t y = get_local_id(1);
  A[y * 8 + x] = (int)x;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = A[x * 8 + y];
}
