//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//shared_state_fail\.cu:8:\d+: error: possible (read|write)-write race on states\[0\]

// Every thread draws from the first state: an XORWOW state serves one thread.
__global__ void k(curandState *states, unsigned *out) {
  out[threadIdx.x] =
      curand(states);
}
