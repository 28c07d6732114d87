//pass
//--local_size=64 --num_groups=4

// Without a loop the log of values taken is exact: a work item took what its atomic_inc
// returned (here from the fourth counter), not the next value, and after a barrier it
// remembers nothing.
__kernel void k(__global unsigned *counters, __global int *slots) {
  unsigned a = atomic_inc(counters + 3);
  __assert(__atomic_has_taken_value(counters, 3, a));
  __assert(!__atomic_has_taken_value(counters, 3, a + 1));
  __assert(!__atomic_has_taken_value(counters, 2, a));
  slots[a] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(!__atomic_has_taken_value(counters, 3, a));
}
