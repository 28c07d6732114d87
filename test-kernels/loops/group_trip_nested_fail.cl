//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=16
//barrier may be reached by non-uniform control flow

// As group_trip_nested_pass, but the barrier sits inside the work-item-dependent branch.
__kernel void rounds(__local int *tile, __global int *out) {
  unsigned lid = get_local_id(0);
  for (unsigned r = 0; r < get_group_id(0); r++) {
    if (r > lid) {
      for (unsigned k = 0; k < get_group_id(0); k++)
        tile[lid] += (int)k;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[get_global_id(0)] = tile[lid];
}
