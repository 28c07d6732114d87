//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//vector_store_fail\.cl:9:\d+: error: possible write-write race on A\[\d+\]

// Work items 2k and 2k+1 both write element k: their lanes differ.
__kernel void k(__global int4 *A) {
  int t = get_local_id(0);
  int4 v = (int4)(t, t + 1, t + 2, t + 3);
  A[t / 2] = v;
}
