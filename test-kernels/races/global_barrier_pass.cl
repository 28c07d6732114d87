//pass
//--local_size=64 --num_groups=1

__kernel void k(__global int *A, __global int *B) {
  size_t tid = get_local_id(0);
  A[tid] = (int)tid;
  barrier(CLK_GLOBAL_MEM_FENCE);
  B[tid] = A[0];
}
