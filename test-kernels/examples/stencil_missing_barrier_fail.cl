//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//stencil_missing_barrier_fail\.cl:11:\d+: error: possible write-read race on tile\[\d+\]
//Read by work item \d+ with local id \d+ in work group \d+, stencil_missing_barrier_fail\.cl:11:\d+
//Write by work item \d+ with local id \d+ in work group \d+, stencil_missing_barrier_fail\.cl:10:\d+

__kernel void stencil(__global const int *src, __global int *dst, __local int *tile) {
  size_t l = get_local_id(0);
  size_t g = get_global_id(0);
  tile[l] = src[g];
  dst[g] = tile[l] + tile[(l + 1) % get_local_size(0)];
}
