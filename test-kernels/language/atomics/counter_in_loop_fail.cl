//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-write race on slots

// Increments in a loop are not refined (the counter could wrap around): the claimed slots
// are not known to differ.
__kernel void k(__local unsigned *count, __global int *slots, int n) {
  for (int i = 0; i < n; i++) {
    unsigned a = atomic_inc(count);
    slots[a] = i;
  }
}
