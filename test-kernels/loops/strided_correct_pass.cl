//pass
//--local_size=16 --num_groups=1

__kernel void k(__global int *A, int n) {
  // Race-free: each work item writes the elements congruent to its id modulo 16. Proved
  // with inferred invariants (the counter and the logged offset stay in step with the id).
  for (int i = get_local_id(0); i < n; i += 16)
    A[i] = i;
}
