//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1 --warp-sync=32
//error: possible (read-write|write-read) race on A\[

// Lane 0 reads the last element of the previous warp: warps are not synchronised.

__global__ void neighbour_sum_across_warps(int *A) {
  unsigned t = threadIdx.x;
  if (t >= 1) A[t] = A[t - 1] + A[t];
}
