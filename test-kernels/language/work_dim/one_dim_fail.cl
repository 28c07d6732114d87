//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//one_dim_fail\.cl:6:\d+: error: this assertion might not hold

__kernel void one_dim_fail(__global int *A) {
  __assert(get_work_dim() == 2);
  A[get_global_id(0)] = 0;
}
