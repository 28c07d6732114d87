//pass
//--local_size=64 --num_groups=4

__kernel void k(__global const int *A, __global int *B) {
  size_t g = get_global_id(0);
  B[g] = A[0] + A[g] + A[g + 1];
}
