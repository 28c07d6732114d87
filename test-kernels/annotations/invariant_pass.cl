//pass
//--local_size=64 --num_groups=4

// User loop invariants are checked on entry and after every iteration, and are assumed
// at the loop head; `__global_invariant` also holds for the threads that have left.
__kernel void k(__global int *A) {
  unsigned lid = get_local_id(0);
  unsigned i = 0;
  while (__global_invariant(__implies(!__enabled(), i == lid + 1)),
         __invariant(i <= lid + 1),
         i <= lid) {
    i = i + 1;
  }
  __assert(i == lid + 1);
  A[get_global_id(0)] = i;
}
