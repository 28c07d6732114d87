//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=8
//memory_invariant_two_arrays_fail\.cl:13:8: error: loop invariant might not be maintained by the loop for work item \d+

// The two slots drift apart: the body adds 2 to one and 3 to the other.
__kernel void k(__global int *out) {
  __local int lo[256];
  __local int hi[256];
  unsigned t = get_local_id(0);
  lo[t] = 3;
  hi[t] = 3;
  for (int r = 0;
       __invariant(hi[get_local_id(0)] == lo[get_local_id(0)]),
       r < 50;
       r++) {
    lo[t] = lo[t] + 2;
    hi[t] = hi[t] + 3;
  }
  out[get_global_id(0)] = hi[t] - lo[t];
}
