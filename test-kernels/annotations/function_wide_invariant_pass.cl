//pass
//--local_size=32 --num_groups=4 --no-infer

// A function-wide invariant is an invariant of every loop of the kernel: here it gives
// both loops the race-log fact Houdini would otherwise have to find.
__kernel void k(__global int *A) {
  unsigned n = get_global_size(0);
  unsigned t = get_global_id(0);
  for (int i = 0; i < 50; i++) {
    A[t] = A[t] + 1;
  }
  for (int j = 0; __invariant(j >= 0), j < 50; j++) {
    A[t + j * n] = 2;
  }
  __function_wide_invariant(__write_implies(A, (__write_offset_bytes(A) / sizeof(int)) % n == t));
  __function_wide_invariant(__read_implies(A, __read_offset_bytes(A) / sizeof(int) == t));
}
