//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=1000
//error: possible [a-z-]+ race on child

// BROKEN TWIN: the barrier at the end of a level (between every work item reading `child`
// and work item 0 resetting it for the next level) is missing.
// B+tree point lookup, one work group per query and one work item per key slot of a node
// (order 256), after the public description of Rodinia's b+tree findK: at every level each
// work item tests whether the query falls between its key and the next, the matching slot
// is chosen with a local atomic_min (race-free even if several slots match), and after a
// barrier every work item follows the chosen child. 256 work items, 1000 queries.
#define ORDER 256

__kernel void find_k(__global const int *keys, __global const int *children,
                     __global const int *queries, __global int *results, int height,
                     int num_nodes) {
  __local int child;
  int lid = get_local_id(0);
  int q = queries[get_group_id(0)];
  int node = 0;
  for (int level = 0; level < height; level++) {
    if (lid == 0)
      child = 0x7fffffff;
    barrier(CLK_LOCAL_MEM_FENCE);
    int k0 = keys[node * (ORDER + 1) + lid];
    int k1 = keys[node * (ORDER + 1) + lid + 1];
    if (k0 <= q && q < k1)
      atomic_min(&child, children[node * (ORDER + 1) + lid]);
    barrier(CLK_LOCAL_MEM_FENCE);
    node = child;
    if (node < 0 || node >= num_nodes)
      node = 0;
  }
  if (lid == 0)
    results[get_group_id(0)] = node;
}
