//pass
//--blockDim=128 --gridDim=8

__global__ void any_negative(const int *data, int *flag) {
  // Many threads may set the flag, but all write the same value.
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (data[i] < 0)
    flag[0] = 1;
}
