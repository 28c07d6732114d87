//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=1
//twod_y_ignored_fail\.cl:7:\d+: error: possible write-write race on A\[\d+\]

__kernel void k(__local int *A) {
  // Work items that differ only in y write the same element, different values.
  A[get_local_id(0)] = (int)get_local_id(1);
}
