//pass
//--local_size=256 --num_groups=8

// Each work item keeps its slots of two local arrays equal across the loop:
// the invariant over both arrays is preserved by the body.
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
    hi[t] = hi[t] + 2;
  }
  out[get_global_id(0)] = hi[t] - lo[t];
}
