//pass
//--local_size=[32,4] --num_groups=[63,63]

// A 32x32 tile of a 2000x2000 matrix per group, each work item copying every fourth row
// of it: the logged write steps by 4 rows of 2,000 floats (32,000 bytes, no power of two).
// Thread 1's race log records the row counter, so the logged offset is the write's at that
// row, a linear fact, instead of a remainder by 32,000 (`iterations.rs`, `offsets.rs`).
__kernel void copy_rows(__global float *B, __global const float *A) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int r = t0; r < 32 && 32 * b0 + r < 2000; r += 4)
    if (32 * b1 + t1 < 2000)
      B[(32 * b0 + r) * 2000 + 32 * b1 + t1] = A[(32 * b0 + r) * 2000 + 32 * b1 + t1];
}
