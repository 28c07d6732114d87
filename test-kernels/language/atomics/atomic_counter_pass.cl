//pass
//--local_size=64 --num_groups=4

// Every work item bumps shared counters atomically: atomics never race with
// each other.
__kernel void k(__global unsigned *count, __local int *per_group) {
  atomic_inc(count);
  atomic_add(per_group, 1);
  atom_max(count + 1, (unsigned)get_global_id(0));
}
