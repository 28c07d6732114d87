//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2
//candidate_invariant_fail\.cl:12:\d+: error: possible write-write race

// A false candidate (the logged write is in the thread's own column, but the loop writes
// its neighbour's) is dropped: it cannot hide the race.
__kernel void k(__local int *p) {
  for (unsigned i = 0;
       __candidate_invariant(__write_implies(p, (__write_offset_bytes(p) / sizeof(int)) % get_local_size(0) == get_local_id(0))),
       i < 100; i++) {
    p[i * get_local_size(0) + get_local_id(0)] = 1;
    p[i * get_local_size(0) + (get_local_id(0) + 1) % get_local_size(0)] = 2;
  }
}
