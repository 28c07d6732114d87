//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//bodiless_write_fail\.cl:22:\d+: error: possible write-read race on A\[\d+\]:
//Write by work item \d+ with local id \d+ in work group 0, inside __spec_fill \(a function without a body\) called at bodiless_write_fail\.cl:21:\d+:\n  __spec_fill\(A\);

// `__spec_fill` has no body, only a specification: it writes somewhere in the buffer it
// is given. The write is reported where the function is called, naming the function,
// not at the `__writes_to` of its specification.
//
// At -O1 and above clang deletes the call: the specification function's body holds only
// annotations, which clang may treat as having no effect, so the write the specification
// describes is gone and the kernel is verified there. The defect is reported at -O0, the
// level its header asks for (a compiler effect on the annotation).

void __spec_fill(__local int *p) {
  __writes_to(p);
}

__kernel void k(__local int *A, __global int *out) {
  A[get_local_id(0)] = 0;
  __spec_fill(A);
  out[get_global_id(0)] = A[get_local_id(0)];
}
