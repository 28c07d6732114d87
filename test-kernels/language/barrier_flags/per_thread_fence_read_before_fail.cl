//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//per_thread_fence_read_before_fail\.cl:17:\d+: error: possible read-write race on A\[\d+\]

// The twin of per_thread_fence_read_before_pass with the flags swapped: the second
// half, which writes after the barrier, fences local memory, and the first half, which
// read before it, fences nothing. Nothing orders the reads, so the later writes race
// with them.
__kernel void k(__local int *A, __global int *out) {
  unsigned lid = get_local_id(0);
  int fence = lid < 32 ? 0 : CLK_LOCAL_MEM_FENCE;
  int x = 0;
  if (lid < 32)
    x = A[lid + 32];
  barrier(fence);
  if (lid >= 32)
    A[lid] = 7;
  out[get_global_id(0)] = x;
}
