//pass
//--local_size=128 --num_groups=256

// CSR SpMV, vector kernel: a 32-work-item "warp" per row (4 rows per group of 128), each
// lane sums a strided part of the row, then the lanes' partial sums are reduced in local
// memory with barriers (OpenCL gives no warp lock-step), lane 0 writes y[row]. 128 work
// items per group, 256 groups, rows processed in a grid-stride loop (uniform per group).
#define WARP 32

__kernel void spmv_csr_vector(__global const float *val, __global const int *cols,
                              __global const int *row_ptr, __global const float *x,
                              __global float *y, int num_rows) {
  __local float partial[128];
  int lid = get_local_id(0);
  int lane = lid & (WARP - 1);
  int warp_in_group = lid / WARP;
  int warps_total = get_global_size(0) / WARP;
  __requires(num_rows >= 0 && num_rows <= 1000000);
  for (int base = get_group_id(0) * 4; base < num_rows; base += warps_total) {
    int row = base + warp_in_group;
    float sum = 0.0f;
    if (row < num_rows)
      for (int j = row_ptr[row] + lane; j < row_ptr[row + 1]; j += WARP)
        sum += val[j] * x[cols[j]];
    partial[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WARP / 2; s > 0; s >>= 1) {
      if (lane < s)
        partial[lid] += partial[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lane == 0 && row < num_rows)
      y[row] = partial[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
