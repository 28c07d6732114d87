//xfail:COMMAND_LINE_ERROR
//--local_size=* --num_groups=2
//--local_size \(or --blockDim\) must be a number in every dimension

__kernel void any_groups_local_star(__global int *A) {
  A[get_global_id(0)] = 0;
}
