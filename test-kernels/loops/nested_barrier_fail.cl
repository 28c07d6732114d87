//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2 --unroll=2
//nested_barrier_fail\.cl:\d+:\d+: error: barrier may be reached by non-uniform control flow

__kernel void tiles(__global int *out, __global const int *in, int rows) {
  // The inner loop's trip count depends on the work item, and a barrier is inside it.
  __local int tile[16];
  unsigned t = get_local_id(0);
  int acc = 0;
  for (int r = 0; r < rows; r++) {
    for (unsigned c = 0; c < t % 4; c++) {
      tile[t] = in[get_global_id(0)] + r;
      barrier(CLK_LOCAL_MEM_FENCE);
      acc += tile[(t + 1) % 16];
    }
  }
  out[get_global_id(0)] = acc;
}
