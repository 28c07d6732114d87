//pass
//--blockDim=256 --gridDim=128

// CSR sparse matrix-vector product, scalar kernel (one thread per row, grid-stride over
// rows), as described for SpMV benchmarks such as SHOC's: 256-thread blocks, 128 blocks.
__global__ void spmv_csr_scalar(const float *val, const int *cols, const int *row_ptr,
                                const float *x, float *y, int num_rows) {
  for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < num_rows;
       row += blockDim.x * gridDim.x) {
    float dot = 0.0f;
    for (int j = row_ptr[row]; j < row_ptr[row + 1]; j++)
      dot += val[j] * x[cols[j]];
    y[row] = dot;
  }
}
