__kernel void broken(__global int *A) {
  A[get_local_id(0)] = undefined_name;
}
