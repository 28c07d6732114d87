//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//may be spurious

__kernel void k(__global int *A, int n) {
  // Race-free (each work item writes the elements congruent to its id modulo 16), but the
  // proof needs an invariant relating the logged offset to the id modulo the stride, which
  // lockstep's candidates do not include yet: reported as a possibly spurious race.
  for (int i = get_local_id(0); i < n; i += 16)
    A[i] = i;
}
