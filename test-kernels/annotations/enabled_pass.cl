//pass
//--local_size=64 --num_groups=2

// `__enabled()` is the thread's predicate where it is evaluated: true inside the branch
// for the threads that take it; a global assertion sees every thread.
__kernel void k(__global int *A) {
  unsigned lid = get_local_id(0);
  if (lid < 16) {
    __assert(__enabled());
    __global_assert(__implies(__enabled(), lid < 16));
    A[get_global_id(0)] = 1;
  }
  __global_assert(__enabled());
}
