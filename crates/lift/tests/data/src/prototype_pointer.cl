__global int *next(__global int *p);

__kernel void prototype_pointer(__global int *A) {
  __global int *q = next(A);
  q[get_local_id(0)] = 1;
}
