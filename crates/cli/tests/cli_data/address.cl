// The address of A becomes data: lockstep does not model addresses as integers.
__kernel void address(__global long *A) {
  A[get_global_id(0)] = (long)A;
}
