//xfail:COMMAND_LINE_ERROR
//--local_size=64 --num_groups=2 --vcgen-opt=/checkArrays:C
//Array name 'C' specified for restricted checking is not found

__kernel void check_arrays_unknown(__global int *A, __global int *B) {
  A[get_global_id(0)] = 0;
  B[get_global_id(0)] = 1;
}
