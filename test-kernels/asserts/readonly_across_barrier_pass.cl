//pass
//--local_size=64 --num_groups=4

// No statement of the kernel writes T, so no thread can change it: what a work item read
// before the barrier is still there after it.
__kernel void readonly_across_barrier_pass(__global const int *T, __global int *out) {
  int before = T[get_local_id(0)];
  barrier(CLK_GLOBAL_MEM_FENCE);
  __assert(T[get_local_id(0)] == before);
  out[get_global_id(0)] = before;
}
