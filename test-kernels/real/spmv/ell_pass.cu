//pass
//--blockDim=256 --gridDim=128

// ELLPACK SpMV: the matrix is stored column-major as num_rows x max_cols padded arrays
// (padding entries have column -1), one thread per row, as in the ELL kernels of SpMV
// studies. 256-thread blocks, 128 blocks (32,768 rows).
__global__ void spmv_ell(const float *data, const int *indices, const float *x, float *y,
                         int num_rows, int max_cols) {
  __requires(num_rows == gridDim.x * blockDim.x);
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float dot = 0.0f;
  for (int n = 0; n < max_cols; n++) {
    int col = indices[n * num_rows + row];
    if (col >= 0)
      dot += data[n * num_rows + row] * x[col];
  }
  y[row] = dot;
}
