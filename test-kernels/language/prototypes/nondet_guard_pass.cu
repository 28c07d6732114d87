//pass
//--blockDim=64 --gridDim=4

// A device function declared without a body returns an arbitrary value and touches no
// memory; a struct passed to it by value is only read.
struct pair { int lo, hi; };

__device__ int choose(void);
__device__ void consume(pair p);

__global__ void k(pair *P, int *A) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  consume(P[i]);
  if (choose())
    A[i] = choose();
}
