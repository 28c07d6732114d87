//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//fresh_array_local_unsupported\.cl:9:\d+: error: unsupported: `__requires_fresh_array` of `tile`

// Only pointer parameters and pointer fields of by-value parameters can be fresh arrays.
__kernel void k(__global int *out) {
  __local int tile[64];
  size_t i = get_local_id(0);
  __requires_fresh_array(tile);
  tile[i] = (int)i;
  out[i] = tile[i];
}
