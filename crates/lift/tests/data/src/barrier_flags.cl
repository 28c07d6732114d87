__kernel void barrier_flags(__local int *A, int flags) {
  A[get_local_id(0)] = 1;
  barrier(flags);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
