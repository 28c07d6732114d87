//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//binary_distinct_fail\.cl:9:3: error: this barrier invariant might not hold for work item \d+

// Neighbouring work items share a key: the binary invariant fails for such a pair.
__kernel void keys(__global int *out) {
  __local int key[64];
  key[get_local_id(0)] = get_local_id(0) / 2;
  __barrier_invariant_binary_1(key[get_local_id(0)] != key[__other_int(get_local_id(0))],
                               get_local_id(0), __other_int(get_local_id(0)));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = key[get_local_id(0)];
}
