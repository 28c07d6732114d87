//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//this assertion might not hold

// `__writes_to(p)` says the function may write any element of p, not just one: after the
// call no element is known to keep its value.

void __spec_touch(__global int *p) {
  __writes_to(p);
}

__kernel void k(__global int *B) {
  if (get_local_id(0) == 0) {
    B[0] = 7;
    B[1] = 7;
    __spec_touch(B);
    __assert(B[0] == 7 || B[1] == 7);
  }
}
