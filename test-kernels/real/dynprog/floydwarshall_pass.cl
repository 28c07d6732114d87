//pass
//--local_size=[16,16] --num_groups=[16,16]

// Floyd-Warshall all-pairs shortest paths in the shape of the AMD APP SDK FloydWarshall
// sample: the host launches one pass per intermediate node k; work item (x, y) relaxes the
// distance y -> x through k and records k as the predecessor when it improves. This version
// ping-pongs between two distance buffers so a pass never reads what it writes.
// 256 nodes, 16x16 work groups: 16x16 groups.
__kernel void floydWarshallPass(__global const uint *distIn, __global uint *distOut,
                                __global uint *pathBuffer, const uint numNodes, const uint pass) {
  __requires(numNodes == 256 && pass < numNodes);
  int x = get_global_id(0);
  int y = get_global_id(1);
  uint k = pass;
  uint oldWeight = distIn[y * numNodes + x];
  uint tempWeight = distIn[y * numNodes + k] + distIn[k * numNodes + x];
  if (tempWeight < oldWeight) {
    distOut[y * numNodes + x] = tempWeight;
    pathBuffer[y * numNodes + x] = k;
  } else {
    distOut[y * numNodes + x] = oldWeight;
  }
}
