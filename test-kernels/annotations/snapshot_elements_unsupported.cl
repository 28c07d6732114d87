//xfail:UNSUPPORTED
//--local_size=32 --num_groups=2
//snapshot_elements_unsupported\.cl:10:3: `__array_snapshot` of `a` into `b`: their elements differ in size \(4 and 2 bytes\)

// The snapshot must have the elements of the array it copies.
__kernel void k(__global int *out) {
  __local int a[32];
  __local short b[64];
  a[get_local_id(0)] = 1;
  __array_snapshot(b, a);
  out[get_global_id(0)] = b[get_local_id(0)];
}
