//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//bodiless_write_fail\.cl:17:\d+: error: possible write-read race on A\[\d+\]:
//Write by work item \d+ with local id \d+ in work group 0, inside __spec_fill \(a function without a body\) called at bodiless_write_fail\.cl:16:\d+:\n  __spec_fill\(A\);

// `__spec_fill` has no body, only a specification: it writes somewhere in the buffer it
// is given. The write is reported where the function is called, naming the function,
// not at the `__writes_to` of its specification.

void __spec_fill(__local int *p) {
  __writes_to(p);
}

__kernel void k(__local int *A, __global int *out) {
  A[get_local_id(0)] = 0;
  __spec_fill(A);
  out[get_global_id(0)] = A[get_local_id(0)];
}
