//pass
//--local_size=64 --num_groups=8

// Each work item claims a slot with atomic_inc: two work items never get the same slot
// (the counter only moves by increments and cannot wrap with 512 work items), so the
// stores to the claimed slots do not race; the same for a counter per group.
__kernel void k(__global unsigned *next, __global int *slots, __local unsigned *mine,
                __local int *tile) {
  unsigned a = atomic_inc(next);
  slots[a] = (int)get_global_id(0);
  unsigned b = atomic_inc(mine);
  tile[b] = get_local_id(0);
}
