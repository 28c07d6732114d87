// An atomic read-modify-write: the `atomicrmw` instruction is not lifted yet.
__kernel void atomic(__global int *counter) {
  __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}
