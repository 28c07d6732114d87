//xfail:UNSUPPORTED
//--local_size=32 --num_groups=2
//snapshot_sizes_unsupported\.cl:10:3: `__array_snapshot` of `a` into `b`: the arrays differ in size \(128 and 64 bytes\)

// The snapshot must be as large as the array it copies.
__kernel void k(__global int *out) {
  __local int a[32];
  __local int b[16];
  a[get_local_id(0)] = 1;
  __array_snapshot(b, a);
  out[get_global_id(0)] = b[get_local_id(0) % 16];
}
