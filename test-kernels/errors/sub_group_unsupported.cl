//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//sub_group_unsupported\.cl:7:\d+: error: unsupported: work-item function `get_sub_group_id`

#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void k(__global int *A) {
  A[get_global_id(0)] = get_sub_group_id();
}
