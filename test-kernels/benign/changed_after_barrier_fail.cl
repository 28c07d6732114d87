//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//changed_after_barrier_fail\.cl:12:\d+: error: possible write-read race on A\[0\]

__kernel void k(__local int *A, __global int *B) {
  // As unchanged_after_barrier_pass, but work item 0 writes 2: the others
  // may read 1 or 2.
  A[0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    A[0] = 2;
  B[get_local_id(0)] = A[0];
}
