//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//atomic_vs_write_fail\.cu:10:\d+: error: possible (atomic-write|write-atomic) race on flag\[0\]

// Thread 0 clears the flag with a plain store while the others set it atomically.
__global__ void k(int *flag) {
  if (threadIdx.x != 0)
    atomicExch(flag, 1);
  else
    flag[0] = 0;
}
