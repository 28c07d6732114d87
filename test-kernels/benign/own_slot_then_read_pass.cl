//pass
//--local_size=64 --num_groups=2

__kernel void k(__local int *A, __global int *B) {
  // Work items with the same residue write the same value to the same slot
  // and then read back the slot they wrote.
  int l = get_local_id(0);
  A[l % 4] = l % 4;
  B[get_global_id(0)] = A[l % 4];
}
