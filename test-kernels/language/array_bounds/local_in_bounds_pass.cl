//pass
//--local_size=32 --num_groups=4 --check-array-bounds

// Every work item writes its own element of a local array exactly as large as the group.
__kernel void k(__global int *out) {
  __local int tile[32];
  tile[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[31 - get_local_id(0)];
}
