//pass
//--local_size=[16,4] --num_groups=[2,2]

// get_work_dim() is the number of dimensions the launch flags give.
__kernel void two_dims_pass(__global int *A) {
  __assert(get_work_dim() == 2);
  A[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int)get_work_dim();
}
