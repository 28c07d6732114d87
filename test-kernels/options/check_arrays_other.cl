//pass
//--local_size=64 --num_groups=2 --vcgen-opt=/checkArrays:B

// Only B is checked: the race on A is outside the requested checks.
__kernel void check_arrays_other(__global int *A, __global int *B) {
  A[0] = (int)get_global_id(0);
  B[get_global_id(0)] = 1;
}
