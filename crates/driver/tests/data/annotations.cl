// Uses the annotation language: every annotation must compile to a __lockstep_* call.
__axiom(get_local_size(0) == 64);

__kernel void annotated(__global int *a, __local int *b) {
  __requires(get_group_id(0) == 0);
  int i = get_local_id(0);
  while (__invariant(__no_read(b)),
         __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) == get_global_id(0))),
         i < 64) {
    a[get_global_id(0)] = i;
    i += 64;
  }
  __assume(i >= 64);
  __assert(__implies(i > 100, __other_int(i) > 100));
  __assert(__uniform_bool(__enabled()));
  __barrier_invariant_1(b[get_local_id(0)] == 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
}
