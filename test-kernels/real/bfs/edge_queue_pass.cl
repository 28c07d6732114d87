//pass
//--local_size=256 --num_groups=512

// Edge-parallel BFS step with an output queue: one work item per edge of the COO edge list;
// an edge from a frontier node to an unvisited node appends the target to the next
// frontier at a slot reserved with atomic_inc on the queue's tail (distinct slots for
// distinct work items) and records its level (all writers store level + 1). 256 work items
// per group, 512 groups (128K edges).
__kernel void bfs_edges(__global const int *src, __global const int *dst,
                        __global const int *in_frontier, __global const int *visited,
                        __global int *levels, __global int *queue,
                        volatile __global uint *tail, int level, int num_edges) {
  int e = get_global_id(0);
  if (e < num_edges) {
    int u = src[e], v = dst[e];
    if (in_frontier[u] && !visited[v]) {
      levels[v] = level + 1;
      queue[atomic_inc(tail)] = v;
    }
  }
}
