//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//error: irreducible control flow

__kernel void k(__global int *A, int n) {
  // The loop can be entered at its header or in the middle of its body,
  // so it has two entries.
  size_t g = get_global_id(0);
  int i = 0;
  if (n > 8)
    goto middle;
  while (i < n) {
    A[g] = i;
  middle:
    i++;
  }
}
