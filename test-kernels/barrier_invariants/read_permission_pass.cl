//pass
//--local_size=64 --num_groups=1

// Between the barriers a work item only writes `sum`; `__read_permission` lets the
// second invariant mention its slot of `val`, whose value the first invariant gave.
//
// At -O1 and above clang forwards the work item's own store into the barrier invariant
// (the call comes after the store), so the invariant no longer speaks of the shared array
// after the barrier (the first folds to a fact about the ids), and the check after it is
// reported there (not reproduced by execution). Verified at -O0, the level its header asks
// for; a compiler effect on the annotation, not a defect of the kernel.
__kernel void twice(__global int *out) {
  __local int val[64];
  __local int sum[64];
  val[get_local_id(0)] = get_local_id(0);
  __barrier_invariant_1(val[get_local_id(0)] == get_local_id(0), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  sum[get_local_id(0)] = 2 * get_local_id(0);
  __read_permission(int, val[get_local_id(0)]);
  __barrier_invariant_2(sum[get_local_id(0)] == 2 * val[get_local_id(0)],
                        get_local_id(0), 63 - get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned m = 63 - get_local_id(0);
  __assert(sum[m] == 2 * val[m]);
  out[get_local_id(0)] = sum[m];
}
