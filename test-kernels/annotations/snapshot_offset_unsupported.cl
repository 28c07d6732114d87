//xfail:UNSUPPORTED
//--local_size=32 --num_groups=2
//snapshot_offset_unsupported\.cl:9:3: .*unsupported: `__array_snapshot` of a pointer that may not be the start of `a`

// A snapshot copies whole arrays: its arguments are arrays, not pointers into them.
__kernel void k(__global int *out) {
  __local int a[32];
  __local int b[32];
  __array_snapshot(b, a + 1);
  out[get_global_id(0)] = b[0];
}
