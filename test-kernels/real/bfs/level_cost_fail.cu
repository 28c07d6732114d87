//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4096
//error: possible [a-z-]+ race on cost

// The BFS expansion step writing cost[id] = cost[tid] + 1 with a plain store, as in the
// published Rodinia kernel: two frontier nodes sharing a neighbour store to cost[id], and a
// frontier node reads its own cost[tid] while another thread may store it (nothing in the
// kernel rules out a frontier node being another's unvisited neighbour). 256-thread blocks,
// 4096 blocks.
__global__ void bfs_expand(const int *row_start, const int *degree, const int *edges,
                           char *mask, char *updating, const char *visited, int *cost,
                           int num_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_nodes && mask[tid]) {
    mask[tid] = 0;
    for (int i = row_start[tid]; i < row_start[tid] + degree[tid]; i++) {
      int id = edges[i];
      if (!visited[id]) {
        cost[id] = cost[tid] + 1;
        updating[id] = 1;
      }
    }
  }
}
