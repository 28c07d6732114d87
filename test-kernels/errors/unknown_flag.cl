//xfail:COMMAND_LINE_ERROR
//--local_size=64 --num_groups=1 --bogus-flag
//bogus-flag

__kernel void k(__global int *A) {
  A[get_global_id(0)] = 1;
}
