//pass
//--local_size=64 --num_groups=2 --no-barrier-access-checks
//read permissions were not checked

// The second invariant reads A[0], which work items other than 0 have not accessed since
// the last barrier: an error by default (no_access_checks_option_fail.cl), accepted with
// --no-barrier-access-checks, and the report says that this was assumed.
//
// At -O1 and above clang forwards the work item's own store into the barrier invariant
// (the call comes after the store), so the invariant no longer speaks of the shared array
// after the barrier (the first folds to `true`), and the check after it is reported there
// (not reproduced by execution). Verified at -O0, the level its header asks for; a
// compiler effect on the annotation, not a defect of the kernel.
__kernel void k(__global int *out) {
  __local int A[64];
  A[get_local_id(0)] = 0;
  __barrier_invariant_2(A[get_local_id(0)] == 0, 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  __barrier_invariant_1(A[0] == 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0);
}
