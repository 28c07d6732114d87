//pass
//--local_size=64 --num_groups=4

// Distinct work items hold distinct keys: a binary invariant over the pair.
//
// At -O1 and above clang forwards the work item's own store into the barrier invariant
// (the call comes after the store), so the invariant no longer speaks of the shared array
// after the barrier (its first operand becomes `5 * id + 2`), and the check after it is
// reported there (not reproduced by execution). Verified at -O0, the level its header asks
// for; a compiler effect on the annotation, not a defect of the kernel.
__kernel void keys(__global int *out) {
  __local int key[64];
  key[get_local_id(0)] = 5 * get_local_id(0) + 2;
  __barrier_invariant_binary_1(key[get_local_id(0)] != key[__other_int(get_local_id(0))],
                               get_local_id(0), __other_int(get_local_id(0)));
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__implies(__same_group, key[get_local_id(0)] != key[__other_int(get_local_id(0))]));
  out[get_global_id(0)] = key[get_local_id(0)];
}
