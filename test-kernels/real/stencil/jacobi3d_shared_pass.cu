//pass
//--blockDim=[32,8] --gridDim=[16,64]

// 7-point 3-D stencil with the current xy-plane of the block staged in shared memory (with
// a one-cell halo) at every z step, after the public description of Parboil's stencil
// kernel: 32x8 blocks over a 512x512xnz grid (16x64 blocks); the two barriers per step
// separate the loads of a plane from its uses and from the next plane's loads.
#define BX 32
#define BY 8

__global__ void jacobi3d_shared(const float *A0, float *Anext, int nx, int ny, int nz,
                                float c0, float c1) {
  __requires(nx == gridDim.x * BX && ny == gridDim.y * BY);
  __requires(nz > 2 && nz <= 512);
  __shared__ float sh[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * BX + tx;
  int j = blockIdx.y * BY + ty;
  for (int k = 1; k < nz - 1; k++) {
    const float *plane = A0 + k * nx * ny;
    sh[ty + 1][tx + 1] = plane[j * nx + i];
    if (tx == 0)
      sh[ty + 1][0] = (i > 0) ? plane[j * nx + i - 1] : 0.0f;
    if (tx == BX - 1)
      sh[ty + 1][BX + 1] = (i < nx - 1) ? plane[j * nx + i + 1] : 0.0f;
    if (ty == 0)
      sh[0][tx + 1] = (j > 0) ? plane[(j - 1) * nx + i] : 0.0f;
    if (ty == BY - 1)
      sh[BY + 1][tx + 1] = (j < ny - 1) ? plane[(j + 1) * nx + i] : 0.0f;
    __syncthreads();
    if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1)
      Anext[k * nx * ny + j * nx + i] =
          c1 * (sh[ty + 1][tx] + sh[ty + 1][tx + 2] + sh[ty][tx + 1] + sh[ty + 2][tx + 1] +
                A0[(k - 1) * nx * ny + j * nx + i] + A0[(k + 1) * nx * ny + j * nx + i]) -
          c0 * sh[ty + 1][tx + 1];
    __syncthreads();
  }
}
