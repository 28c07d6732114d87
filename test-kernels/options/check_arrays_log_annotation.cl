//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2 --vcgen-opt=/checkArrays:B
//this assertion might not hold

// The named array keeps its log: the annotation about it sees the write. (Arrays not
// named are not instrumented, as in GPUVerify: their race-log predicates see no access.)
__kernel void check_arrays_log_annotation(__global int *A, __global int *B) {
  A[get_global_id(0)] = 1;
  B[get_global_id(0)] = 2;
  __assert(__no_write(B));
}
