// A snapshot of a pointer into the middle of an array.
__kernel void k(__global int *out) {
  __local int a[16];
  __local int b[16];
  a[get_local_id(0)] = 1;
  __array_snapshot(b, a + 4);
  out[0] = b[0];
}
