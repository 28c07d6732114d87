//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=512
//error: possible [a-z-]+ race on (tail|queue)

// The edge-parallel BFS step with the queue slot reserved by a plain read-then-increment of
// the tail instead of atomic_inc: work items race on tail (and two may get one slot).
// 256 work items per group, 512 groups.
__kernel void bfs_edges(__global const int *src, __global const int *dst,
                        __global const int *in_frontier, __global const int *visited,
                        __global int *levels, __global int *queue, __global uint *tail,
                        int level, int num_edges) {
  int e = get_global_id(0);
  if (e < num_edges) {
    int u = src[e], v = dst[e];
    if (in_frontier[u] && !visited[v]) {
      levels[v] = level + 1;
      uint slot = *tail;
      *tail = slot + 1;
      queue[slot] = v;
    }
  }
}
