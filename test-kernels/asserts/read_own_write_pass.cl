//pass
//--local_size=64 --num_groups=2

__kernel void k(__global int *A) {
  // No other work item writes A[g], so the read sees this work item's write.
  size_t g = get_global_id(0);
  A[g] = (int)g;
  __assert(A[g] == (int)g);
}
