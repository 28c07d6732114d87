//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//variable_flags_divergence_fail\.cl:9:\d+: error: barrier may be reached by non-uniform control flow

// A barrier with variable fence flags still synchronises the group: reaching it from
// a branch on the local id is barrier divergence.
__kernel void k(__local int *A, int flags) {
  if (get_local_id(0) < 32)
    barrier(flags);
  A[get_local_id(0)] = 1;
}
