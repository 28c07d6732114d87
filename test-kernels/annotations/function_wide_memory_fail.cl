//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//function_wide_memory_fail\.cl:13:\d+: error: loop invariant might not be maintained by the loop

// As function_wide_memory_pass, but the loop writes 6: the invariant read
// at the head does not survive an iteration.
kernel void k(global int *A, int n) {
  A[get_global_id(0)] = 5;
  for (int i = 0; i < n; i++) {
    A[get_global_id(0)] = 6;
  }
  __assert(A[get_global_id(0)] >= 5);
  __function_wide_invariant(A[get_global_id(0)] == 5);
}
