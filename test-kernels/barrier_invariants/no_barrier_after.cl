//xfail:UNSUPPORTED
//--local_size=32 --num_groups=1
//no_barrier_after\.cl:9:3: barrier invariant that is not followed by a barrier in its block

// A barrier invariant must precede a barrier.
__kernel void alone(__global int *out) {
  __local int t[32];
  t[get_local_id(0)] = 1;
  __barrier_invariant_1(t[get_local_id(0)] == 1, get_local_id(0));
  out[get_local_id(0)] = t[get_local_id(0)];
}
