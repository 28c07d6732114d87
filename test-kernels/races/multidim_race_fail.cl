//xfail:NOT_ALL_VERIFIED
//--local_size=[8,4] --num_groups=1
//multidim_race_fail\.cl:11:\d+: error: possible write-write race on T\[2\]\[1\]\[3\]:
//Write by work item \(\d+, \d+, 0\) with local id \(\d+, \d+, 0\) in work group \(0, 0, 0\), multidim_race_fail\.cl:11:\d+

// A race on one element of a three-dimensional array is reported with one index per
// dimension, as the source writes it, not as the flat element number (2*15 + 5 + 3).

__kernel void k(__global int *out) {
  __local int T[4][3][5];
  T[2][1][3] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(1) * 8 + get_local_id(0)] = T[2][1][3];
}
