//pass
//--blockDim=[8,4] --gridDim=1

// Each thread reads its own element of a two-dimensional shared array (declared through
// a typedef of its rows), then writes it: no race. The twin of multidim_race_fail.cu.

typedef int row[8];

__global__ void k(int *out) {
  __shared__ row A[4];
  out[threadIdx.y * 8 + threadIdx.x] = A[threadIdx.y][threadIdx.x];
  A[threadIdx.y][threadIdx.x] = threadIdx.x;
}
