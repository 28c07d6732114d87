// A switch on the local id with a fall-through case.
__kernel void switch_kernel(__global int *A) {
  int i = get_local_id(0);
  int r = 0;
  switch (i % 4) {
  case 0:
    r = 10;
    break;
  case 1:
    r = 20;
  case 2:
    r += 30;
    break;
  default:
    r = A[i];
  }
  A[i] = r;
}
