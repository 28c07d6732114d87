//pass
//--local_size=32 --num_groups=1

// Only even work items write; the invariant reads the slot under `__implies`, so odd
// work items need no permission for it.
__kernel void evens(__global int *out) {
  __local int flag[32];
  if (get_local_id(0) % 2 == 0) flag[get_local_id(0)] = 1;
  __barrier_invariant_2(__implies(get_local_id(0) % 2 == 0, flag[get_local_id(0)] == 1),
                        get_local_id(0), get_local_id(0) ^ 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned even = get_local_id(0) & ~1u;
  __assert(flag[even] == 1);
  out[get_local_id(0)] = flag[even];
}
