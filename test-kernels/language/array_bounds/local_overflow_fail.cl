//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4 --check-array-bounds
//local_overflow_fail\.cl:8:\d+: error: possible array out-of-bounds access on array tile

// The neighbour's index runs one past the end of the tile for the last work item.
__kernel void k(__global int *out) {
  __local int tile[32];
  tile[get_local_id(0) + 1] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[get_local_id(0)];
}
