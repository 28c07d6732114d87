//pass
//--blockDim=32 --gridDim=2

// A pointer kept in a local struct and read back: it still points into `A`.
struct holder {
  int *p;
  int n;
};

__global__ void k(int *A) {
  holder h;
  h.p = A;
  h.n = 1;
  int *q = h.p;
  q[blockIdx.x * blockDim.x + threadIdx.x] = h.n;
}
