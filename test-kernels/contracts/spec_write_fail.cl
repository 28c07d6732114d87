//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-(read|write) race on A\[

// The specification may write anywhere in A; another work item reads its own element.

void __spec_fill(__local int *p) {
  __writes_to(p);
}

__kernel void k(__local int *A, __global int *out) {
  __spec_fill(A);
  out[get_global_id(0)] = A[get_local_id(0)];
}
