// Deliberately broken: a missing semicolon.
__kernel void broken(__global int *a) {
  a[0] = 1
}
