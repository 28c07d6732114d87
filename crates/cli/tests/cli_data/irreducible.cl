// Two loop entries: jumping into the middle of a loop makes the CFG irreducible.
__kernel void tangled(__global int *A, int n) {
  int i = 0;
  if (n > 3) goto middle;
top:
  A[get_global_id(0)] = i;
middle:
  i = i + 1;
  if (i < n) goto top;
}
