//pass
//--blockDim=64 --gridDim=2

typedef int int4v __attribute__((ext_vector_type(4)));

// Each thread writes its own four-lane vector.
__global__ void k(int4v *A, const int4v *B) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int4v v = B[i];
  A[i] = v.wzyx + 1;
}
