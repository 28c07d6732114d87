//xfail:CLANG_ERROR
//--local_size=64 --num_groups=1
//error: use of undeclared identifier 'y'

__kernel void k(__global int *A) {
  A[get_global_id(0)] = y;
}
