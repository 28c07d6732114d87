//pass
//--local_size=64 --num_groups=8 --opt-level=2

// scatter_loop_pass.cl as clang optimises it at -O2.
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0;
       __global_invariant(__write_implies(
           slots, __atomic_has_taken_value(next, 0, __write_offset_bytes(slots)))),
       i < n;
       i++) {
    unsigned s = atomic_inc(next);
    slots[s] = (char)i;
  }
}
