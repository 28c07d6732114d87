//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//error: possible (read-write|write-read) race on A\[

// Without --warp-sync the same in-warp pattern is a race.

__global__ void neighbour_sum_no_warp(int *A) {
  unsigned t = threadIdx.x;
  unsigned lane = t % 32;
  if (lane >= 1) A[t] = A[t - 1] + A[t];
}
