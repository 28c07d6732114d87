//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//global_ensures_fail\.cu:9:\d+: error:

// A global postcondition is checked for every thread, also those that do not call.

__device__ void touch(int *p) {
  __global_ensures(__implies(__enabled(), threadIdx.x % 2 == 0));
  __global_ensures(threadIdx.x % 2 == 0);
}

__global__ void k(int *p) {
  if (threadIdx.x % 2 == 0)
    touch(p);
}
