//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4 --no-infer
//loop invariant might not be maintained

// The second loop writes one element further than the function-wide invariant says.
__kernel void k(__global int *A) {
  unsigned n = get_global_size(0);
  unsigned t = get_global_id(0);
  for (int j = 0; j < 50; j++) {
    A[t + j * n + 1] = 2;
  }
  __function_wide_invariant(__write_implies(A, (__write_offset_bytes(A) / sizeof(int)) % n == t));
}
