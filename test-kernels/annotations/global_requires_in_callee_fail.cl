//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//global_requires_in_callee_fail\.cl:8:3: error: this assertion might not hold for work item \d+

// A global precondition binds every thread, also those that do not make the call: a
// thread with local id 40 would pass 40 - 40 = 0.
void set(__global int *A, int x) {
  __global_requires(x > 0);
  A[get_local_id(0)] = x;
}

__kernel void k(__global int *A) {
  if (get_local_id(0) < 32)
    set(A, 40 - (int)get_local_id(0));
}
