// Annotations through the driver's lockstep.h: assume, assert, implies, and a helper
// function that the driver inlines.
int twice(int x) { return 2 * x; }

__kernel void annotations(__global int *A, int n) {
  int i = get_local_id(0);
  __assume(n > 0);
  A[i] = twice(i);
  __assert(__implies(i < n, A[i] == 2 * i));
}
