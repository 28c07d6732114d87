//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//taken_value_barrier_invariant\.cl:11:3: a barrier invariant over `__atomic_has_taken_value`

// A barrier invariant is instantiated for other work items after the barrier, but the
// log of values taken is one work item's own.
__kernel void k(__local unsigned *count, __local int *tile) {
  unsigned a = atomic_inc(count);
  tile[a % 64] = 1;
  __read_permission(int, tile[a % 64]);
  __barrier_invariant_1(__atomic_has_taken_value(count, 0, a), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
}
