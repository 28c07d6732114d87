//pass
//--local_size=16 --num_groups=2

// Candidate invariants are guesses: Houdini keeps the true one (the logged write is the
// thread's own column) and drops the false ones, which are never reported.
__kernel void k(__local int *p) {
  for (unsigned i = 0;
       __candidate_invariant(__write_implies(p, (__write_offset_bytes(p) / sizeof(int)) % get_local_size(0) == get_local_id(0))),
       __candidate_invariant(i == 12345),
       __candidate_global_invariant(false),
       i < 100; i++) {
    p[i * get_local_size(0) + get_local_id(0)] = 1;
  }
}
