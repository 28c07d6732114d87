//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=2 --unroll=2
//grid_stride_fail\.cl:9:\d+: error: possible (read-write|write-read|write-write) race on a\[

__kernel void scale(__global int *a, int n) {
  // Strided by the local size although several groups run: item g of group 1 and item
  // g + 64 of group 0 meet.
  for (int i = get_global_id(0); i < n; i += get_local_size(0))
    a[i] = a[i] + 1;
}
