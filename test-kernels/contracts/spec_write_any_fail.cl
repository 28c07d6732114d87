//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//this assertion might not hold

// `__writes_to(p)` says the function may write any element of p, not just one: after the
// call no element is known to keep its value.
//
// At -O1 and above clang deletes the call: the specification function's body holds only
// annotations, which clang may treat as having no effect, so the write the specification
// describes is gone and the kernel is verified there. The defect is reported at -O0, the
// level its header asks for (a compiler effect on the annotation).

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
