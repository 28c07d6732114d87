//pass
//--local_size=64 --num_groups=4

// User loop invariants are checked on entry and after every iteration, and are assumed
// at the loop head; `__global_invariant` also holds for the threads that have left.
//
// At -O1 and above the loop lockstep cuts no longer carries the `__invariant` and
// `__global_invariant` checks (clang keeps only the values they test), so the loop is cut
// with inferred invariants alone, which do not prove the assertion: it is reported there,
// possibly spurious (not reproduced by execution). A lockstep limitation (annotations that
// do not survive optimisation), not a defect of the kernel; verified at -O0.
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
