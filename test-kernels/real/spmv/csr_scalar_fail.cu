//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//error: possible [a-z-]+ race on y

// Scalar CSR SpMV computing y += A x, whose row index forgets the block offset (row = threadIdx.x, then a
// grid-stride loop): thread t of every block reads and updates y[t] (a read-write race,
// not just a benign same-value store). 256-thread blocks,
// 128 blocks.
__global__ void spmv_csr_scalar(const float *val, const int *cols, const int *row_ptr,
                                const float *x, float *y, int num_rows) {
  for (int row = threadIdx.x; row < num_rows; row += blockDim.x * gridDim.x) {
    float dot = 0.0f;
    for (int j = row_ptr[row]; j < row_ptr[row + 1]; j++)
      dot += val[j] * x[cols[j]];
    y[row] += dot;
  }
}
