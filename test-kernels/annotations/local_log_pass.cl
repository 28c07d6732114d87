//pass
//--local_size=32 --num_groups=8

// A barrier clears the logs of local memory for a pair in one group; for a pair in two
// groups local memory is not shared, and its log predicates are false.
//
// At -O2 and -O3 clang moves the loop's invariant away from the loop head (it rotates or
// unrolls the loop), and lockstep rejects the kernel there (exit 4: user-specified
// invariant does not appear at loop head); decided at the other levels. A compiler effect
// on the annotation.
__kernel void k(__global int *B) {
  __local int L[32];
  L[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__no_write(L));
  for (int j = 0; __global_invariant(__no_read(L)), __global_invariant(__no_write(L)), j < 4; j++) {
    B[get_global_id(0)] = j;
  }
}
