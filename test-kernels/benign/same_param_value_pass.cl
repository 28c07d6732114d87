//pass
//--local_size=64 --num_groups=4

__kernel void k(__global int *A, int x) {
  A[0] = x;
}
