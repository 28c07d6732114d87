//pass
//--local_size=[5,3] --num_groups=1

// Each work item writes its own element of a three-dimensional array: no race (the
// twin of multidim_race_fail.cl).

__kernel void k(__global int *out) {
  __local int T[4][3][5];
  T[2][get_local_id(1)][get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(1) * 5 + get_local_id(0)] = T[2][get_local_id(1)][get_local_id(0)];
}
