//pass
//--local_size=64 --num_groups=2

// Thread 1's race logs: what it may have logged since the last barrier, and where.
__kernel void k(__global int *A, __global int *B, __local int *L) {
  unsigned gid = get_global_id(0);
  unsigned lid = get_local_id(0);
  A[gid] = B[gid];
  L[lid] = 1;
  __assert(__no_write(B));
  __assert(__no_read(A));
  __assert(__write_implies(A, __write_offset_bytes(A) == gid * sizeof(int)));
  __assert(__read_implies(B, __read_offset_bytes(B) == gid * sizeof(int)));
  __assert(__implies(__write(L), __write_offset_bytes(L) == lid * sizeof(int)));
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__implies(__same_group, !__write(L)));
}
