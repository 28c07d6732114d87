//xfail:COMMAND_LINE_ERROR
//--local_size=64 --num_groups=2 --vcgen-opt=/noRaceChecks
//--vcgen-opt=/noRaceChecks is not supported

__kernel void vcgen_opt_other(__global int *A) {
  A[0] = (int)get_global_id(0);
}
