//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1 --warp-sync=32
//error: this assertion might not hold

// Lane 0 may change L[0] between two reads by other lanes of its warp without a race,
// so lockstep cannot assume the two reads agree.
//
// At -O2 and above clang reuses the first read of L[0] for the second, so the assertion
// holds in the optimised code: verified there. Reported at -O0 and -O1 (a compiler
// effect).

__kernel void value_from_other_lane(__local int *L) {
  size_t l = get_local_id(0);
  int x = L[0];
  if (l == 0) L[0] = x + 1;
  int y = L[0];
  __assert(l == 0 || x == y);
}
