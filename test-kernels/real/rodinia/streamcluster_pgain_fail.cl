//xfail:NOT_ALL_VERIFIED
//--local_size=512 --num_groups=128
//error: possible [a-z-]+ race on work_mem

// As `streamcluster_pgain_pass.cl`, with the rows of work_mem laid out K wide instead of
// K + 1: the "open x" column K of point p's row is column 0 of point p + 1's row, so when
// x is closer for p and p + 1's current centre is centre 0, the two work items store to
// the same float (adjacent work items, or the last of one group and the first of the next).
__kernel void pgain_kernel(__global const float *coord, __global const float *weight,
                           __global const float *cost, __global const int *assign,
                           __global const int *center_table,
                           __global char *switch_membership, __global float *work_mem,
                           __local float *coord_s, int num, int dim, int x, int K) {
  __requires(num == 65536 && dim == 256);
  __requires(x >= 0 && x < num && K >= 1 && K <= 1000);
  int lid = get_local_id(0);
  int p = get_global_id(0);
  if (lid < dim)
    coord_s[lid] = coord[lid * num + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (p < num) {
    float dist = 0.0f;
    for (int d = 0; d < dim; d++) {
      float diff = coord[d * num + p] - coord_s[d];
      dist += diff * diff;
    }
    float x_cost = dist * weight[p];
    float current_cost = cost[p];
    int row = p * K;
    if (x_cost < current_cost) {
      switch_membership[p] = 1;
      work_mem[row + K] = x_cost - current_cost;
    } else {
      int c = center_table[assign[p]];
      __assume(c >= 0 && c < K);
      work_mem[row + c] = current_cost - x_cost;
    }
  }
}
