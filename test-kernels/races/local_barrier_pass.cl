//pass
//--local_size=64 --num_groups=4

__kernel void k(__local int *A, __global int *out) {
  size_t l = get_local_id(0);
  A[l] = (int)get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = A[63 - l];
}
