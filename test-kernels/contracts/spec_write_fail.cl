//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-(read|write) race on A\[

// The specification may write anywhere in A; another work item reads its own element.
//
// At -O1 and above clang deletes the call: the specification function's body holds only
// annotations, which clang may treat as having no effect, so the write the specification
// describes is gone and the kernel is verified there. The defect is reported at -O0, the
// level its header asks for (a compiler effect on the annotation).

void __spec_fill(__local int *p) {
  __writes_to(p);
}

__kernel void k(__local int *A, __global int *out) {
  __spec_fill(A);
  out[get_global_id(0)] = A[get_local_id(0)];
}
