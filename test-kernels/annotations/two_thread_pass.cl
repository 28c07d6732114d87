//pass
//--local_size=64 --num_groups=4

// Two-thread expressions: the other thread's value, uniformity, distinctness, `__all`,
// `__exclusive` and `__same_group`. The pair of threads is always two distinct threads.
__kernel void k(__global int *A) {
  unsigned lid = get_local_id(0);
  int g = get_group_id(0);
  __assert(__uniform_int(get_local_size(0)));
  __assert(__implies(__same_group, __uniform_int(g)));
  __assert(__implies(__same_group, __distinct_int(lid)));
  __assert(__distinct_int(get_global_id(0)));
  __assert(__all(lid < 64));
  __assert(__implies(__same_group, __exclusive(lid == 3)));
  __assert(__implies(__same_group & (lid == 0), __other_int(lid) != 0));
  __assert(__uniform_bool(__other_bool(lid < 100)));
}
