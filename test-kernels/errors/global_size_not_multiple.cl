//xfail:COMMAND_LINE_ERROR
//--global_size=100 --local_size=64
//global.size

__kernel void k(__global int *A) {
  A[get_global_id(0)] = 1;
}
