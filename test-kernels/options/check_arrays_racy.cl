//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --vcgen-opt=/checkArrays:A,B
//error: possible write-write race on A\[0\]

__kernel void check_arrays_racy(__global int *A, __global int *B) {
  A[0] = (int)get_global_id(0);
  B[get_global_id(0)] = 1;
}
