__kernel void count(__global int *c) {
  atomic_add(c, 1);
}
