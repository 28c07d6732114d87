//pass
//--local_size=64 --num_groups=2

// Each work item fills its own slot; the barrier invariant, instantiated for the
// work item and its right neighbour, says what the neighbour's slot holds after the
// barrier (which otherwise forgets local memory).
//
// At -O1 and above clang forwards the work item's own store into the barrier invariant
// (the call comes after the store), so the invariant no longer speaks of the shared array
// after the barrier (it folds to a fact about the ids), and the check after it is reported
// there (not reproduced by execution). Verified at -O0, the level its header asks for; a
// compiler effect on the annotation, not a defect of the kernel.
__kernel void shift(__global int *out) {
  __local int tile[64];
  unsigned lid = get_local_id(0);
  tile[get_local_id(0)] = 3 * get_local_id(0) + 1;
  __barrier_invariant_2(tile[get_local_id(0)] == 3 * get_local_id(0) + 1,
                        get_local_id(0), (get_local_id(0) + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  int right = tile[(lid + 1) % 64];
  __assert(right == 3 * ((lid + 1) % 64) + 1);
  out[get_global_id(0)] = right;
}
