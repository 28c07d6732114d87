// An atomic read-modify-write: an `atomicrmw` instruction, lifted to an atomic access.
__kernel void atomic(__global int *counter) {
  __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}
