// A work item's two increments of a counter are consecutive unless another work item's
// increment comes between them: only some interleavings fail the assertion.
__kernel void twice(__global volatile int *count) {
  int c = atomic_inc(count);
  int d = atomic_inc(count);
  __assert(d == c + 1);
}
