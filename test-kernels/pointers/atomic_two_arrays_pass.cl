//pass
//--local_size=64 --num_groups=1

// Work items count into one of two local counters, chosen per work item; only atomics
// touch the counters before the barrier.
__kernel void k(__global int *out) {
  __local int evens[1];
  __local int odds[1];
  size_t i = get_local_id(0);
  if (i == 0) {
    evens[0] = 0;
    odds[0] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *counter = (i % 2) ? odds : evens;
  atomic_inc(counter);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0)
    out[0] = evens[0] + odds[0];
}
