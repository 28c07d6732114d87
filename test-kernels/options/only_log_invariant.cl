//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4 --no-infer --only-log
//loop invariant might not be maintained

// The logs are kept under --only-log, so an invariant about them is checked: the second
// loop writes offsets that are not the thread's own modulo the global size.
//
// At -O2 and above clang unrolls the loop completely, so there is no loop for the
// invariant to be checked on: verified there. Reported at -O0 and -O1 (a compiler effect).
__kernel void only_log_invariant(__global int *A) {
  unsigned n = get_global_size(0);
  unsigned tid = get_global_id(0);
  for (int j = 0; j < 8; j++) {
    A[tid + j * n + 1] = j;
  }
  __function_wide_invariant(__write_implies(A, ((__write_offset_bytes(A) / sizeof(int)) % n) == tid));
}
