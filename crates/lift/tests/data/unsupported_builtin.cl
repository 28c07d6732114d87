// A work-item function the lifter does not model.
__kernel void dims(__global int *A) {
  A[0] = get_work_dim();
}
