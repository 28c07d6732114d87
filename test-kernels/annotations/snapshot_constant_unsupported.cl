//xfail:UNSUPPORTED
//--local_size=32 --num_groups=2
//snapshot_constant_unsupported\.cl:8:3: `__array_snapshot` of `b` into `a`: a `__constant` array cannot be written

// A snapshot into __constant memory would write memory nothing may write.
__kernel void k(__constant int *a, __constant int *b, __global int *out) {
  out[get_global_id(0)] = a[0];
  __array_snapshot(a, b);
}
