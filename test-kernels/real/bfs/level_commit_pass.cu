//pass
//--blockDim=256 --gridDim=4096

// Level-synchronous BFS, second step: nodes flagged in the expansion step join the next
// frontier and are marked visited; every such node sets the "not done" flag (all store 1,
// benign). One thread per node, 256-thread blocks, 4096 blocks (1M nodes).
__global__ void bfs_commit(char *mask, char *updating, char *visited, int *not_done,
                           int num_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_nodes && updating[tid]) {
    mask[tid] = 1;
    visited[tid] = 1;
    *not_done = 1;
    updating[tid] = 0;
  }
}
