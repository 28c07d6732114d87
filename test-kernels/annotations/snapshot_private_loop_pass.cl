//pass
//--local_size=32 --num_groups=2

// A work item's private array is counted up in a loop; a snapshot of it taken before the
// loop lets the loop invariant say how far an element has moved.
//
// At -O2 and above clang rewrites the loop over the private array, and the invariant is no
// longer maintained by one iteration of the loop lockstep sees: reported there, possibly
// spurious (not reproduced by execution). Verified at -O0 and -O1.
__kernel void k(__global const int *in, __global int *out, int n) {
  int acc[8];
  int start[8];
  for (int j = 0; j < 8; j++)
    acc[j] = in[8 * get_global_id(0) + j];
  __array_snapshot(start, acc);
  int i = 0;
  while (__invariant(acc[3] == start[3] + 2 * i), i < n) {
    acc[3] = acc[3] + 2;
    i++;
  }
  __assert(acc[3] - start[3] == 2 * i);
  out[get_global_id(0)] = acc[3];
}
