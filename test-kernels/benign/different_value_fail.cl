//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//different_value_fail\.cl:6:\d+: error: possible write-write race on A\[0\]

__kernel void k(__local int *A) {
  A[0] = (int)(get_local_id(0) % 2);
}
