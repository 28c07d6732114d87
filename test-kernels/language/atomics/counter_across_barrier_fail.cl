//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-write race on slots

// The counter is reset between two barriers: a slot claimed before the reset and one
// claimed after it can be the same.
__kernel void k(__local unsigned *count, __global int *slots) {
  unsigned a = atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    *count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned b = atomic_inc(count);
  if (get_local_id(0) % 2 == 0)
    slots[a] = 1;
  else
    slots[b] = 2;
}
