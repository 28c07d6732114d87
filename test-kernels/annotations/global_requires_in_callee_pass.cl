//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//error: unsupported: annotation `__global_requires` in a called function

// A global precondition binds every thread, also those that do not make the call; lockstep
// cannot express that yet and says so rather than check it for the callers only.
void set(__global int *A, int x) {
  __global_requires(x > 0);
  A[get_local_id(0)] = x;
}

__kernel void k(__global int *A) {
  if (get_local_id(0) < 32)
    set(A, 1);
}
