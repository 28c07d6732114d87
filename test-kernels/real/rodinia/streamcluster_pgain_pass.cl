//pass
//--local_size=512 --num_groups=128

// Rodinia streamcluster's pgain kernel, written from the public description: the gain of
// opening point x as a new centre. The group copies x's coordinates (stored transposed,
// coordinate d of point p at coord[d * num + p]) into local memory, work items below dim
// one each, then waits; each work item then takes one point, computes its weighted squared
// distance to x and compares it with the point's current cost. If x is closer the point
// would switch (switch_membership) and the saving goes in the last column (K) of the
// point's own row of work_mem, which has K + 1 columns; otherwise the loss is charged to
// the column of the point's current centre, center_table[assign[p]], an index below K by
// construction on the host (stated with __assume). 65536 points of 256 dimensions, 512
// work items per group, 128 groups.
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
    int row = p * (K + 1);
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
