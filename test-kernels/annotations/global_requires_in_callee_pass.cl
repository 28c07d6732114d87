//pass
//--local_size=64 --num_groups=1

// A global precondition binds every thread, also those that do not make the call: here
// every thread would pass 1.
void set(__global int *A, int x) {
  __global_requires(x > 0);
  A[get_local_id(0)] = x;
}

__kernel void k(__global int *A) {
  if (get_local_id(0) < 32)
    set(A, 1);
}
