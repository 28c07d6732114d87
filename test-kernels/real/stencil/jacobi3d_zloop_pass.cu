//pass
//--blockDim=[32,4] --gridDim=[16,128]

// 7-point 3-D Jacobi stencil, each thread marching along z for its (x, y) column and
// keeping the column in registers, as Parboil's stencil benchmark does: 32x4 blocks over a
// 512x512xnz grid (16x128 blocks).
__global__ void jacobi3d(const float *A0, float *Anext, int nx, int ny, int nz,
                         float c0, float c1) {
  __requires(nx == gridDim.x * blockDim.x && ny == gridDim.y * blockDim.y);
  __requires(nz > 2 && nz <= 512);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || i >= nx - 1 || j < 1 || j >= ny - 1)
    return;
  float bottom = A0[(0 * ny + j) * nx + i];
  float current = A0[(1 * ny + j) * nx + i];
  for (int k = 1; k < nz - 1; k++) {
    float top = A0[((k + 1) * ny + j) * nx + i];
    Anext[(k * ny + j) * nx + i] =
        c1 * (top + bottom + A0[(k * ny + j) * nx + i + 1] + A0[(k * ny + j) * nx + i - 1] +
              A0[(k * ny + j + 1) * nx + i] + A0[(k * ny + j - 1) * nx + i]) -
        current * c0;
    bottom = current;
    current = top;
  }
}
