//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//this assertion might not hold

// The neighbour rewrites the element between the barriers: the value read before them is
// gone.
__kernel void written_across_barrier_fail(__global int *T) {
  int before = T[get_local_id(0)];
  barrier(CLK_GLOBAL_MEM_FENCE);
  T[(get_local_id(0) + 1) % get_local_size(0)] = before + 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(T[get_local_id(0)] == before);
}
