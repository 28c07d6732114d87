//xfail:NOT_ALL_VERIFIED
//--blockDim=[4,4] --gridDim=[256,256]

// As gauss_fan2_pass.cu with the row index missing its + 1 (rows x+t): thread x == 0
// updates pivot row t, which every other thread reads.
// Rodinia gaussian's Fan2 kernel, written from the public description: Gaussian elimination
// of a 1024x1024 system, step t. Thread (x, y) of a 2-D grid of 4x4 blocks subtracts
// m[x+1+t][t] times pivot row t from row x+1+t, column y+t, of a; the threads of column 0
// also update the right-hand side b. Threads past the trailing submatrix return.
// 1024 / 4 -> 256x256 blocks.
__global__ void Fan2(float *m_cuda, float *a_cuda, float *b_cuda, int Size, int j1, int t) {
  __requires(Size == 1024);
  __requires(t >= 0 && t < Size - 1);
  int xidx = blockIdx.x * blockDim.x + threadIdx.x;
  int yidx = blockIdx.y * blockDim.y + threadIdx.y;
  if (xidx >= Size - 1 - t) return;
  if (yidx >= Size - t) return;
  a_cuda[Size * (xidx + t) + (yidx + t)] -=
      m_cuda[Size * (xidx + 1 + t) + t] * a_cuda[Size * t + (yidx + t)];
  if (yidx == 0)
    b_cuda[xidx + 1 + t] -= m_cuda[Size * (xidx + 1 + t) + (yidx + t)] * b_cuda[t];
}
