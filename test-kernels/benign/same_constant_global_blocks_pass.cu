//pass
//--blockDim=32 --gridDim=4

__global__ void k(int *flag) {
  // Every thread of every block writes the same value.
  flag[0] = 1;
}
