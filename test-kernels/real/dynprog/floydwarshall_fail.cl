//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[16,16]

// Floyd-Warshall all-pairs shortest paths in the shape of the AMD APP SDK FloydWarshall
// sample: the host launches one pass per intermediate node k; work item (x, y) relaxes the
// distance y -> x through k and records k as the predecessor when it improves.
// Defect: the pass updates the distance matrix in place, so the work item on row k or column
// k may overwrite d[y][k] / d[k][x] while other work items read it (harmless only when no
// weight is negative, which nothing in the kernel guarantees). 256 nodes: 16x16 groups.
__kernel void floydWarshallPass(__global uint *pathDistanceBuffer, __global uint *pathBuffer,
                                const uint numNodes, const uint pass) {
  __requires(numNodes == 256 && pass < numNodes);
  int x = get_global_id(0);
  int y = get_global_id(1);
  uint k = pass;
  int oldWeight = pathDistanceBuffer[y * numNodes + x];
  int tempWeight = pathDistanceBuffer[y * numNodes + k] + pathDistanceBuffer[k * numNodes + x];
  if (tempWeight < oldWeight) {
    pathDistanceBuffer[y * numNodes + x] = tempWeight;
    pathBuffer[y * numNodes + x] = k;
  }
}
