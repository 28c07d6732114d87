//pass
//--local_size=64 --num_groups=1

// Each work item only touches its own element, so the barrier need not order any
// memory, whatever flags each work item reads; it is reached by every work item.
__kernel void k(__local int *A, __global int *flags) {
  A[get_local_id(0)] = 1;
  barrier(flags[0]);
  A[get_local_id(0)] += 1;
}
