//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//nondet_barrier_fail\.cl:11:\d+: error: barrier may be reached by non-uniform control flow

// The result of a bodiless function is arbitrary in every work item, so a barrier
// it guards may be reached by some work items only.
int choose(void);

__kernel void k(__local int *A) {
  if (choose())
    barrier(CLK_LOCAL_MEM_FENCE);
  A[get_local_id(0)] = 1;
}
