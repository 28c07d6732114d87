//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//work_dim_unsupported\.cl:6:\d+: error: unsupported: work-item function `get_work_dim`

__kernel void k(__global int *A) {
  A[get_global_id(0)] = get_work_dim();
}
