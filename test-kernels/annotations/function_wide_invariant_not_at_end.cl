//xfail:UNSUPPORTED
//--local_size=32 --num_groups=4
//error: unsupported: `__function_wide_invariant` that is not at the end of the kernel

// A function-wide invariant must come after every loop, at the end of the kernel.
__kernel void k(__global int *A, unsigned m) {
  __function_wide_invariant(m % 2 == 0);
  for (unsigned j = 0; j < m; j += 2) {
    A[get_global_id(0)] = j;
  }
}
