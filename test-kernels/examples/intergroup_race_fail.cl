//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//intergroup_race_fail\.cl:10:\d+: error: possible write-write race on out\[\d+\]
//Write by work item \d+ with local id \d+ in work group 0, intergroup_race_fail\.cl:10:\d+
//Write by work item \d+ with local id \d+ in work group 1, intergroup_race_fail\.cl:10:\d+

__kernel void scale(__global const int *src, __global int *out, int factor) {
  // Indexing by local id: work items of both groups write out[0..63].
  size_t g = get_global_id(0);
  out[get_local_id(0)] = src[g] * factor;
}
