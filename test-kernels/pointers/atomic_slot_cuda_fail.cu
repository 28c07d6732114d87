//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//atomic_slot_cuda_fail\.cu:\d+:\d+: error: possible (atomic-write|write-atomic) race on hist\[\d+\]

// A pointer kept in a struct selects one of two buffers for an atomic add; thread 0 also
// writes the first buffer plainly.
struct target {
  unsigned *bins;
};

__global__ void k(unsigned *hist, unsigned *other) {
  target t;
  t.bins = (threadIdx.x < 32) ? hist : other;
  atomicAdd(&t.bins[threadIdx.x % 4], 1u);
  if (threadIdx.x == 63)
    hist[0] = 0;
}
