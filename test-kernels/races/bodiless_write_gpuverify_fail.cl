//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --output-style=gpuverify
//bodiless_write_gpuverify_fail\.cl: error: possible write-read race on A\[\d+\]:
//Write by work item \d+ with local id \d+ in work group 0, from external source location \(inside __spec_fill, a function without a body, called at \S*bodiless_write_gpuverify_fail\.cl:21:\d+\):

// The twin of bodiless_write_fail.cl in GPUVerify's output style: its words ("from external
// source location") for an access made by a function without a body, then the function
// and its call.
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
