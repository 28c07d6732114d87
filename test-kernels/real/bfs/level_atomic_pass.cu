//pass
//--blockDim=256 --gridDim=4096

// Level-synchronous BFS, expansion step, one thread per node (the layout of Rodinia's BFS
// described in its paper): a frontier node clears its mask bit and, for every unvisited
// neighbour, lowers the neighbour's cost with atomicMin and flags it for the next level
// (every writer stores the same 1, a benign race). 256-thread blocks, 4096 blocks (1M
// nodes).
__global__ void bfs_expand(const int *row_start, const int *degree, const int *edges,
                           char *mask, char *updating, const char *visited, int *cost,
                           int level, int num_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_nodes && mask[tid]) {
    mask[tid] = 0;
    for (int i = row_start[tid]; i < row_start[tid] + degree[tid]; i++) {
      int id = edges[i];
      if (!visited[id]) {
        atomicMin(&cost[id], level + 1);
        updating[id] = 1;
      }
    }
  }
}
