//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//neighbour_slot_then_read_fail\.cl:10:\d+: error: possible write-read race on A

__kernel void k(__local int *A, __global int *B) {
  // As own_slot_then_read_pass, but each work item reads the slot its
  // neighbours wrote and it did not: the read may come before their write.
  int l = get_local_id(0);
  A[l % 4] = l % 4;
  B[get_global_id(0)] = A[(l + 1) % 4];
}
