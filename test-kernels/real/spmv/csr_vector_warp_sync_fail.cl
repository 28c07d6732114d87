//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=256
//error: possible [a-z-]+ race on partial

// The vector CSR SpMV with the CUDA habit of reducing the 32 lanes' partial sums without
// barriers (warp-synchronous programming), which OpenCL does not guarantee: lane 0 reads
// partial[lid + 16] while lane 16 writes it. 128 work items, 256 groups, one row per 32.
#define WARP 32

__kernel void spmv_csr_vector(__global const float *val, __global const int *cols,
                              __global const int *row_ptr, __global const float *x,
                              __global float *y, int num_rows) {
  __local volatile float partial[128];
  int lid = get_local_id(0);
  int lane = lid & (WARP - 1);
  int row = get_global_id(0) / WARP;
  float sum = 0.0f;
  if (row < num_rows)
    for (int j = row_ptr[row] + lane; j < row_ptr[row + 1]; j += WARP)
      sum += val[j] * x[cols[j]];
  partial[lid] = sum;
  if (lane < 16) partial[lid] = sum = sum + partial[lid + 16];
  if (lane < 8) partial[lid] = sum = sum + partial[lid + 8];
  if (lane < 4) partial[lid] = sum = sum + partial[lid + 4];
  if (lane < 2) partial[lid] = sum = sum + partial[lid + 2];
  if (lane < 1) partial[lid] = sum = sum + partial[lid + 1];
  if (lane == 0 && row < num_rows)
    y[row] = partial[lid];
}
