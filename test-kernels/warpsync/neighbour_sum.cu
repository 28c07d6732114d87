//pass
//--blockDim=128 --gridDim=2 --warp-sync=32

// Each lane adds its left neighbour's value, within its own warp: the read of A[t-1]
// and the write of A[t] by the neighbour are ordered by lock-step execution.

__global__ void neighbour_sum(int *A) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  if (lane >= 1) A[t] = A[t - 1] + A[t];
  if (lane >= 2) A[t] = A[t - 2] + A[t];
}
