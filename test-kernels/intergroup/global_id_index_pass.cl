//pass
//--local_size=64 --num_groups=4

__kernel void k(__global int *A) {
  A[get_global_id(0)] = (int)get_local_id(0);
}
